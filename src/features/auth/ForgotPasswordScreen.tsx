import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { forgotPassword } from '../../api/auth';
import { useSession } from '../../api/session-context';
import { validateForgotPassword } from '../../../machines/form/form-checks';
import { Button, TextField } from '../../ui/form';
import { notify } from '../../ui/toast';
import { AuthFooter, AuthLayout } from './AuthLayout';
import { useFormActor } from './useFormActor';

export default function ForgotPasswordScreen() {
  const { client } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormActor({
    form: formRef,
    initial: { email: '' },
    validate: validateForgotPassword,
    submit: (values) => forgotPassword(client, (values.email ?? '').trim()),
  });
  const message =
    form.done && typeof form.result === 'object' && form.result !== null && 'message' in form.result
      ? String(form.result.message)
      : null;
  useEffect(() => {
    if (message) notify.success(message);
  }, [message]);

  return (
    <AuthLayout title="Forgot password" subtitle="Please enter your Email ID">
      {message ? (
        <>
          <p role="status">{message}</p>
          <Link href="/login">Go Back</Link>
        </>
      ) : (
        <form ref={formRef} noValidate onSubmit={form.submit}>
          <TextField
            label="Email ID"
            type="email"
            autoComplete="username"
            value={form.values.email ?? ''}
            error={form.errors.email}
            onChange={form.change('email')}
          />
          <AuthFooter>
            <Link href="/login">Go Back</Link>
            <Button type="submit" disabled={form.sending} aria-busy={form.sending}>
              {form.sending ? 'Sending…' : 'Continue'}
            </Button>
          </AuthFooter>
        </form>
      )}
    </AuthLayout>
  );
}
