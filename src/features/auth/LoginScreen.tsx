import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSession, useSessionState } from '../../api/session-context';
import { emailProblem, problems, requiredProblem } from '../../domain/validation';
import { Button, TextField } from '../../ui/form';
import { focusFirstInvalid } from '../../ui/focus';
import { useErrorToast } from '../../ui/toast';
import { AuthFooter, AuthLayout } from './AuthLayout';

type Field = 'email' | 'password';

/** Login goes through the session machine (it owns the tokens); this screen checks the fields first. */
export default function LoginScreen() {
  const { actor } = useSession();
  const busy = useSessionState((s) => s.matches('loggingIn'));
  const error = useSessionState((s) => (s.matches('loggedOut') ? s.context.error : null));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  // A failed login leaves the machine logged out with the server's error: show it once as a toast. So does a
  // session that ended (a refused refresh) before this screen opened: say why the user is here.
  useErrorToast(error, { initial: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = problems<Field>({ email: emailProblem(email), password: requiredProblem(password, 'Password') });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    actor.send({ type: 'LOGIN', email: email.trim(), password });
  };

  return (
    <AuthLayout title="Welcome to the Anchor Portal" subtitle="Log In">
      <form ref={form} noValidate onSubmit={submit}>
        <TextField
          label="Email ID"
          type="email"
          autoComplete="username"
          value={email}
          error={errors.email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors(({ email: _email, ...rest }) => rest);
          }}
        />
        <TextField
          label="Password"
          revealable
          placeholder="8 Characters password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors(({ password: _password, ...rest }) => rest);
          }}
        />
        <AuthFooter>
          <Link href="/forgot-password">Forgot password</Link>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Logging in…' : 'Continue'}
          </Button>
        </AuthFooter>
      </form>
    </AuthLayout>
  );
}
