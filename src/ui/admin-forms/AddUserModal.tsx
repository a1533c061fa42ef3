import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import styled from 'styled-components';
import type { ActorLogicFrom, ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  ADD_USER_INPUT,
  addedUserName,
  type addUserMachine,
  type NewUserField,
} from '../../../machines/add-user/add-user.machine';
import { DESIGNATIONS, USER_TEXTS, type Designation } from '../../domain/admin';
import { focusOnMount } from '../csv-upload/CsvFilePicker';
import { Button } from '../form';
import { Modal } from '../Modal';
import { FieldGrid, FormActions, FormSelectField, FormTextField } from './fields';
import { shownError, useFocusFirstField, useFocusFirstInvalid, useRefusalToast } from './form-view';
import { useAddUser } from './useAddUser';
import { useFlowActor } from '../../lib/inspection';

const ADD_USER_TITLE = 'Add New User';
const DESIGNATION_LABELS: Readonly<Record<Designation, string>> = { portal_user: 'Portal User' };
const DESIGNATION_OPTIONS = DESIGNATIONS.map((value) => ({ value, label: DESIGNATION_LABELS[value] }));

const Access = styled.fieldset`
  display: grid;
  gap: 4px;
  min-width: 0;
  margin: 0 0 16px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  legend {
    padding: 0 4px;
    font-weight: 600;
  }
  p {
    margin: 0 0 4px;
    color: ${({ theme }) => theme.textMuted};
    font-size: 14px;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 20px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 32px;
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
  }
`;

const Success = styled.div`
  display: grid;
  justify-items: center;
  gap: 8px;
  text-align: center;
  h3 {
    margin: 0;
    font-size: 20px;
    color: ${({ theme }) => theme.success};
  }
  h3:focus {
    outline: none;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .name {
    font-size: 18px;
    font-weight: 700;
  }
  button {
    margin-top: 12px;
  }
`;

interface AddUserModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Add New User' (spec 2 §2.7, §2.8, §4-§6): the form (names, e-mail, phone number, designation, and the
 * fixed 'All Access' over the portal's areas), then the success screen with the user's name and Done.
 * Opened by the admin page and the onboarding page; the provider calls come from `useAddUser`.
 */
export function AddUserModal({ open, onClose }: AddUserModalProps) {
  const logic = useAddUser();
  return <AddUserDialog open={open} onClose={onClose} logic={logic} />;
}

/** The modal over any provided add-user machine (the pages provide the client's, tests their own). */
export function AddUserDialog({
  open,
  onClose,
  logic,
}: AddUserModalProps & { logic: ActorLogicFrom<typeof addUserMachine> }) {
  const actor = useFlowActor(logic, { input: ADD_USER_INPUT });
  const sending = useSelector(actor, (s) => s.matches('submitting'));
  const addedName = useSelector(actor, (s) => (s.matches('done') ? addedUserName(s.context) : null));
  const close = () => {
    actor.send({ type: 'RESET' });
    onClose();
  };
  return (
    <Modal open={open} title={ADD_USER_TITLE} onClose={close} closable={!sending} width="min(640px, 60%)">
      {addedName !== null ? (
        <Success>
          <h3 tabIndex={-1} ref={focusOnMount}>
            {USER_TEXTS.added}
          </h3>
          <p className="name">{addedName}</p>
          <p>{USER_TEXTS.allAccess}</p>
          <Button type="button" onClick={close}>
            Done
          </Button>
        </Success>
      ) : (
        <UserForm actor={actor} />
      )}
    </Modal>
  );
}

type AddUserSnapshot = SnapshotFrom<typeof addUserMachine>;

function UserForm({ actor }: { actor: ActorRefFrom<typeof addUserMachine> }) {
  const values = useSelector(actor, (s: AddUserSnapshot) => s.context.values);
  const errors = useSelector(actor, (s: AddUserSnapshot) => s.context.errors);
  const failure = useSelector(actor, (s: AddUserSnapshot) => s.context.failure);
  const sending = useSelector(actor, (s: AddUserSnapshot) => s.matches('submitting'));
  const form = useRef<HTMLFormElement>(null);
  const accessId = useId();
  useRefusalToast(failure);
  useFocusFirstInvalid(errors, form);
  useFocusFirstField(form);

  const text = (field: NewUserField) => ({
    value: values[field] ?? '',
    error: shownError(errors[field]),
    readOnly: sending,
    onChange: (event: { target: { value: string } }) =>
      actor.send({ type: 'CHANGE', field, value: event.target.value }),
  });

  return (
    <form
      ref={form}
      noValidate
      aria-label={ADD_USER_TITLE}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <FieldGrid>
        <FormTextField label="First name" autoComplete="off" {...text('first_name')} />
        <FormTextField label="Last name" autoComplete="off" {...text('last_name')} />
        <FormTextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          {...text('email')}
        />
        <FormTextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint="10 digits, with an optional country code (+91 9876543210)"
          {...text('phone_number')}
        />
        <FormSelectField
          label="Designation"
          options={DESIGNATION_OPTIONS}
          value={values.designation ?? ''}
          error={shownError(errors.designation)}
          disabled={sending}
          onChange={(event) => actor.send({ type: 'CHANGE', field: 'designation', value: event.target.value })}
        />
      </FieldGrid>
      <Access aria-describedby={accessId}>
        <legend>All Access</legend>
        <p id={accessId}>Users added here can use every area of the portal.</p>
        <ul>
          {USER_TEXTS.accessAreas.map((area) => (
            <li key={area}>
              <label>
                <input type="checkbox" checked disabled readOnly />
                {area}
              </label>
            </li>
          ))}
        </ul>
      </Access>
      <FormActions>
        <Button type="submit" aria-disabled={sending || undefined} aria-busy={sending || undefined}>
          {sending ? 'Adding…' : 'Add User'}
        </Button>
      </FormActions>
    </form>
  );
}
