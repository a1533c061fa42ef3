import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { fromPromise } from 'xstate';
import { adminChangeMachine, type AdminChange } from '../../../machines/admin-change/admin-change.machine';
import { deleteUser, updateAnchorSetting, updateUserFlag } from '../../api/admin';
import { useSession } from '../../api/session-context';
import { SETTING_TEXTS, USER_TEXTS, withSpaces } from '../../domain/admin';
import { notify, useErrorToast } from '../../ui/toast';
import { useFlowActor } from '../../lib/inspection';

/** What each kind of change refreshes, by the SWR key's first element. */
const REFRESH: Record<string, string> = { 'delete-user': 'users', toggle: 'users', setting: 'anchor-settings' };

/**
 * The admin page's changes on the admin-change machine: a user deleted (after the spec's confirmation), a
 * user's newsletter or send-email toggle, a configuration setting (a risky one after its confirmation). The
 * effect picks the call by kind; an applied change refreshes its list (a delete says 'Succesfully deleted.', a
 * setting says what it now is and that it can be undone); an undo says so too; a refusal is toasted.
 */
export function useAdminChange(anchorId: string | null) {
  const { client } = useSession();
  const { mutate } = useSWRConfig();
  const logic = useMemo(
    () =>
      adminChangeMachine.provide({
        actors: {
          apply: fromPromise<unknown, AdminChange>(({ input }) => {
            if (input.kind === 'delete-user') return deleteUser(client, input.target);
            if (input.kind === 'toggle') {
              const [id, flag] = input.target.split(':') as [string, 'news_letter' | 'send_email'];
              return updateUserFlag(client, id, flag, input.value === true);
            }
            return updateAnchorSetting(client, anchorId ?? '', input.target, input.value ?? '');
          }),
        },
        actions: {
          applied: ({ context }) => {
            const change = context.applied!.change;
            if (change.kind === 'delete-user') notify.success(USER_TEXTS.deleted);
            if (change.kind === 'setting')
              notify.success(SETTING_TEXTS.changed(change.label ?? change.target, change.value ?? ''));
            void mutate((key) => Array.isArray(key) && key[0] === REFRESH[change.kind]);
          },
          undone: ({ context }) => {
            const change = context.applied!.change;
            notify.success(SETTING_TEXTS.undone(change.label ?? change.target, change.value ?? ''));
            void mutate((key) => Array.isArray(key) && key[0] === REFRESH[change.kind]);
          },
        },
      }),
    [client, mutate, anchorId],
  );
  const actor = useFlowActor(logic);
  const pending = useSelector(actor, (s) => s.context.pending);
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  // The change being sent (a change or its undo): its control shows the value on its way.
  const sending = useSelector(actor, (s) => (s.matches('sending') || s.matches('undoing') ? s.context.pending : null));
  // The applied change that Undo would take back, while its window is open.
  const undoable = useSelector(actor, (s) => (s.matches('undoable') ? s.context.applied!.change : null));
  const failure = useSelector(actor, (s) => s.context.failure);
  // Spec 2 §8: error text shows underscores as spaces.
  const shown = useMemo(() => failure?.entries.map((e) => ({ ...e, detail: withSpaces(e.detail) })) ?? null, [failure]);
  useErrorToast(shown);
  return {
    pending,
    confirming,
    sending,
    undoable,
    request: (change: AdminChange) => actor.send({ type: 'REQUEST', change }),
    confirm: () => actor.send({ type: 'CONFIRM' }),
    cancel: () => actor.send({ type: 'CANCEL' }),
    undo: () => actor.send({ type: 'UNDO' }),
  };
}

export type AdminChanges = ReturnType<typeof useAdminChange>;
