import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { resetPassword } from '../../api/auth';
import { useSession } from '../../api/session-context';
import { validatePasswordReset } from '../../../machines/form/form-checks';
import { Button, TextField } from '../../ui/form';
import { notify } from '../../ui/toast';
import { AuthFooter, AuthLayout } from './AuthLayout';
import { useFormActor } from './useFormActor';

/** Reads the one-time `token` of the mailed link; on success it goes to the login page. */
export default function ResetPasswordScreen() {
  const { client } = useSession();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormActor({
    form: formRef,
    initial: { password: '', password_confirmation: '' },
    validate: validatePasswordReset,
    submit: (values) =>
      resetPassword(client, {
        token,
        password: values.password ?? '',
        confirmation: values.password_confirmation ?? '',
      }),
  });

  useEffect(() => {
    if (!form.done) return;
    const result = form.result;
    notify.success(
      typeof result === 'object' && result !== null && 'message' in result
        ? String(result.message)
        : 'Your password has been reset.',
    );
    navigate('/login', { replace: true });
  }, [form.done, form.result, navigate]);

  if (token === '') {
    return (
      <AuthLayout title="Reset password">
        <p role="alert">This reset link has no token. Open the link from the mail again, or ask for a new one.</p>
        <Link href="/forgot-password">Ask for a new link</Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Reset password" subtitle="Choose a new password">
      <form ref={formRef} noValidate onSubmit={form.submit}>
        <TextField
          label="Password"
          revealable
          autoComplete="new-password"
          placeholder="8 Characters password"
          value={form.values.password ?? ''}
          error={form.errors.password}
          onChange={form.change('password')}
        />
        <TextField
          label="Confirm Password"
          revealable
          autoComplete="new-password"
          value={form.values.password_confirmation ?? ''}
          error={form.errors.password_confirmation}
          onChange={form.change('password_confirmation')}
        />
        <AuthFooter>
          <Link href="/forgot-password">Ask for a new link</Link>
          <Button type="submit" disabled={form.sending} aria-busy={form.sending}>
            {form.sending ? 'Saving…' : 'Continue'}
          </Button>
        </AuthFooter>
      </form>
    </AuthLayout>
  );
}
