import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { emailProblem, problems, requiredProblem } from '../../lib/validation';
import { useSession, useSessionState } from '../../app/session-context';
import { Button, TextField } from '../../ui/form';
import { notify } from '../../ui/toast';

export const AuthPage = styled.main`
  min-height: 100%;
  display: grid;
  place-items: center;
  padding: 24px;
`;

export const AuthCard = styled.section`
  width: min(420px, 100%);
  padding: 32px;
  border-radius: 16px;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  h1 { font-size: 24px; margin: 0 0 8px; }
  h2 { font-size: 18px; margin: 0 0 24px; color: ${({ theme }) => theme.textMuted}; }
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 16px;
`;

type Field = 'email' | 'password';

export function LoginScreen() {
  const { actor } = useSession();
  const busy = useSessionState((s) => s.matches('loggingIn'));
  const error = useSessionState((s) => (s.matches('loggedOut') ? s.context.error : null));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const shownError = useRef(error);

  // A failed login leaves the machine logged out with the server's error: show it once as a toast.
  useEffect(() => {
    if (error && error !== shownError.current) notify.errors([error]);
    shownError.current = error;
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = problems<Field>({ email: emailProblem(email), password: requiredProblem(password, 'Password') });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    actor.send({ type: 'LOGIN', email: email.trim(), password });
  };

  return (
    <AuthPage>
      <AuthCard aria-labelledby="login-title">
        <h1 id="login-title">Welcome to the Anchor Portal</h1>
        <h2>Log In</h2>
        <form noValidate onSubmit={submit}>
          <TextField label="Email ID" type="email" autoComplete="username" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
          <TextField
            label="Password"
            revealable
            placeholder="8 Characters password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Footer>
            <Link href="/forgot-password">Forgot password</Link>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Logging in…' : 'Continue'}
            </Button>
          </Footer>
        </form>
      </AuthCard>
    </AuthPage>
  );
}
