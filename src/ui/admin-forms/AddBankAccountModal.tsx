import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorLogicFrom, ActorRefFrom, SnapshotFrom } from 'xstate';
import type {
  addBankAccountMachine,
  BankAccountField,
} from '../../../machines/add-bank-account/add-bank-account.machine';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, BANK_MESSAGES } from '../../domain/admin';
import { REGION_LABELS, REGIONS } from '../../domain/regions';
import { Button } from '../form';
import { Modal } from '../Modal';
import { notify } from '../toast';
import { FieldGrid, FormActions, FormSelectField, FormTextField } from './fields';
import { shownError, useFocusFirstField, useFocusFirstInvalid, useRefusalToast } from './form-view';
import { useAddBankAccount } from './useAddBankAccount';
import { useFlowActor } from '../../lib/inspection';

const ADD_BANK_ACCOUNT_TITLE = 'Add Bank Account';
const IFSC_HINT = '11 characters: 4 letters, 0, then 6 letters or digits (SBIN0001234).';
export const LOOKED_UP_NOTE = 'Filled from the IFSC';
const LOOKING_UP_TEXT = 'Looking up the bank…';

const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] }));
const REGION_OPTIONS = REGIONS.map((value) => ({ value, label: REGION_LABELS[value] }));

interface AddBankAccountModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Add Bank Account' (spec 2 §2.7, §2.8, §4, §5, §8): the seven fields; a full IFSC fills the bank and
 * branch names (then read-only, 'Filled from the IFSC'), a failed lookup leaves them to be typed. On
 * success it toasts 'Bank account added successfully.' and closes. Opened by the admin page and the
 * onboarding page; the provider calls come from `useAddBankAccount`.
 */
export function AddBankAccountModal({ open, onClose }: AddBankAccountModalProps) {
  const logic = useAddBankAccount();
  return <AddBankAccountDialog open={open} onClose={onClose} logic={logic} />;
}

/** The modal over any provided add-bank-account machine (the pages provide the client's, tests their own). */
export function AddBankAccountDialog({
  open,
  onClose,
  logic,
}: AddBankAccountModalProps & { logic: ActorLogicFrom<typeof addBankAccountMachine> }) {
  const actor = useFlowActor(logic);
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const close = () => {
    actor.send({ type: 'RESET' });
    onClose();
  };
  useEffect(() => {
    if (!done) return;
    notify.success(BANK_MESSAGES.added);
    actor.send({ type: 'RESET' });
    onCloseRef.current();
  }, [done, actor]);
  return (
    <Modal open={open} title={ADD_BANK_ACCOUNT_TITLE} onClose={close} closable={!sending} width="min(640px, 60%)">
      <BankAccountForm actor={actor} />
    </Modal>
  );
}

type Snapshot = SnapshotFrom<typeof addBankAccountMachine>;

function BankAccountForm({ actor }: { actor: ActorRefFrom<typeof addBankAccountMachine> }) {
  const values = useSelector(actor, (s: Snapshot) => s.context.values);
  const errors = useSelector(actor, (s: Snapshot) => s.context.errors);
  const failure = useSelector(actor, (s: Snapshot) => s.context.failure);
  const locked = useSelector(actor, (s: Snapshot) => s.context.locked);
  const sending = useSelector(actor, (s: Snapshot) => s.matches('sending'));
  const lookingUp = useSelector(actor, (s: Snapshot) => s.matches({ editing: 'lookingUp' }));
  const form = useRef<HTMLFormElement>(null);
  useRefusalToast(failure);
  useFocusFirstInvalid(errors, form);
  useFocusFirstField(form);

  const change = (field: BankAccountField) => (event: { target: { value: string } }) =>
    actor.send({ type: 'CHANGE', field, value: event.target.value });
  const text = (field: BankAccountField) => ({
    value: values[field],
    error: shownError(errors[field]),
    readOnly: sending,
    onChange: change(field),
  });
  const select = (field: BankAccountField) => ({
    value: values[field],
    error: shownError(errors[field]),
    disabled: sending,
    onChange: change(field),
  });
  const lookedUp = (field: 'bank_name' | 'branch_name') => ({
    ...text(field),
    readOnly: sending || locked,
    hint: locked ? LOOKED_UP_NOTE : undefined,
  });

  return (
    <form
      ref={form}
      noValidate
      aria-label={ADD_BANK_ACCOUNT_TITLE}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <FieldGrid>
        <FormTextField label="Account name" autoComplete="off" {...text('account_name')} />
        <FormTextField
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          {...text('account_number')}
        />
        <FormSelectField
          label="Account type"
          placeholder="Select account type"
          options={ACCOUNT_TYPE_OPTIONS}
          {...select('account_type')}
        />
        <FormTextField
          label="IFSC"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          style={{ textTransform: 'uppercase' }}
          hint={
            <>
              {IFSC_HINT}
              <span role="status"> {lookingUp ? LOOKING_UP_TEXT : ''}</span>
            </>
          }
          {...text('ifsc')}
        />
        <FormTextField label="Bank name" autoComplete="off" {...lookedUp('bank_name')} />
        <FormTextField label="Branch name" autoComplete="off" {...lookedUp('branch_name')} />
        <FormSelectField label="Region" placeholder="Select region" options={REGION_OPTIONS} {...select('region')} />
      </FieldGrid>
      <FormActions>
        <Button type="submit" aria-disabled={sending || undefined} aria-busy={sending || undefined}>
          {sending ? 'Saving…' : 'Add Bank Account'}
        </Button>
      </FormActions>
    </form>
  );
}
