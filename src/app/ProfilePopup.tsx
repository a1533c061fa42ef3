import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { formMachine } from '../../machines/form/form.machine';
import { Button, GhostButton, TextField } from '../ui/form';
import { Modal } from '../ui/Modal';
import { useFormView } from '../features/auth/useFormActor';
import { useSession, useSessionState } from '../api/session-context';
import { useProfile } from './useProfile';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 16px;
  margin: 0 0 24px;
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 12px;
`;

const Success = styled.p`
  font-size: 18px;
  font-weight: 700;
  color: ${({ theme }) => theme.success};
`;

/** The profile popup of the top bar: a button with the user's name, and the three-step modal. */
export function ProfileMenu({ displayName }: { displayName: string }) {
  const profile = useProfile();
  const open = useSelector(profile, (s) => !s.matches('closed'));
  const step = useSelector(profile, (s) =>
    s.matches({ open: 'password' }) ? 'password' : s.matches({ open: 'success' }) ? 'success' : 'view',
  );
  const form = useSelector(profile, (s) => s.children.passwordForm);
  // A password change that is on its way cannot be walked away from (it would still happen, unseen).
  const saving = useSelector(form, (s) => s?.matches('submitting') ?? false);

  return (
    <>
      <GhostButton
        type="button"
        aria-haspopup="dialog"
        data-testid="user-name"
        onClick={() => profile.send({ type: 'OPEN' })}
      >
        <bdi>{displayName}</bdi>
      </GhostButton>
      <Modal
        open={open}
        closable={!saving}
        title={step === 'password' ? 'Change Password' : 'My Profile'}
        onClose={() => profile.send({ type: 'CLOSE' })}
      >
        {step === 'view' && <ProfileView onChangePassword={() => profile.send({ type: 'CHANGE_PASSWORD' })} />}
        {step === 'password' && form && <PasswordStep form={form} />}
        {step === 'success' && (
          <>
            <Success role="status">Password Changed Successfully!</Success>
            <Button type="button" autoFocus onClick={() => profile.send({ type: 'DONE' })}>
              Done
            </Button>
          </>
        )}
      </Modal>
    </>
  );
}

function ProfileView({ onChangePassword }: { onChangePassword: () => void }) {
  const { actor } = useSession();
  const user = useSessionState((s) => s.context.user);
  const loggingOut = useSessionState((s) => s.matches({ loggedIn: { logout: 'pending' } }));
  return (
    <>
      <Details>
        <dt>Name</dt>
        <dd>
          <bdi>{user?.name || '-'}</bdi>
        </dd>
        <dt>Work e-mail ID</dt>
        <dd>{user?.email ?? '-'}</dd>
        <dt>Designation</dt>
        <dd>{user?.role || '-'}</dd>
        <dt>Virtual ID</dt>
        <dd>{user?.role_id ?? '-'}</dd>
        <dt>Portal access</dt>
        <dd>Dashboard/Invoices</dd>
      </Details>
      <Actions>
        <GhostButton type="button" onClick={onChangePassword}>
          Change Password
        </GhostButton>
        <Button
          type="button"
          disabled={loggingOut}
          aria-busy={loggingOut}
          onClick={() => actor.send({ type: 'LOGOUT' })}
        >
          {loggingOut ? 'Logging out…' : 'Log Out'}
        </Button>
      </Actions>
    </>
  );
}

function PasswordStep({ form: actor }: { form: ActorRefFrom<typeof formMachine> }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, sending: saving, change, submit } = useFormView(actor, formRef);
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <TextField
        label="Current Password"
        revealable
        autoFocus
        autoComplete="current-password"
        value={values.current_password ?? ''}
        error={errors.current_password}
        onChange={change('current_password')}
      />
      <TextField
        label="New Password"
        revealable
        autoComplete="new-password"
        value={values.password ?? ''}
        error={errors.password}
        onChange={change('password')}
      />
      <TextField
        label="Confirm Password"
        revealable
        autoComplete="new-password"
        value={values.password_confirmation ?? ''}
        error={errors.password_confirmation}
        onChange={change('password_confirmation')}
      />
      <Button type="submit" disabled={saving} aria-busy={saving}>
        {saving ? 'Saving…' : 'Save Password'}
      </Button>
    </form>
  );
}
