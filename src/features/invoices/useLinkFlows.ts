import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  createLinkMachine,
  type CreateLinkRequest,
  type LookedUpInvoice,
} from '../../../machines/payment-links/create-link.machine';
import { sendLinksMachine, type SendLinksRequest } from '../../../machines/payment-links/send-links.machine';
import { reminderMachine, type SaveReminderRequest } from '../../../machines/reminder/reminder.machine';
import {
  createPaymentLink,
  fetchBlockedChannels,
  lookUpInvoice,
  scheduleReminder,
  sendPaymentLinks,
} from '../../api/links';
import { useSession, useSessionState } from '../../api/session-context';
import { useApi } from '../../api/useApi';
import type { ErrorEntry } from '../../domain/errors';
import { BLOCKED_CHANNEL_CODE, type Channel } from '../../domain/reminders';
import { notify } from '../../ui/toast';
import { useFlowMachine } from '../../lib/inspection';

const newKey = () => crypto.randomUUID();
const NO_CHANNELS: readonly Channel[] = [];

/** The channels the anchor's configuration blocks (GET /anchor_settings/{anchor id}); none until known. */
function useBlockedChannels(): readonly Channel[] {
  const anchorId = useSessionState((s) => s.context.user?.anchor?.id ?? null);
  const answer = useApi(anchorId === null ? null : ['anchor-settings', anchorId], (client) =>
    fetchBlockedChannels(client, anchorId!),
  );
  return answer.data ?? NO_CHANNELS;
}

/** Toasts a machine's notice once, when it appears: a blocked channel as a warning, anything else as an error. */
function useNotice(notice: ErrorEntry[] | null): void {
  const shown = useRef(notice);
  useEffect(() => {
    if (notice && notice !== shown.current) {
      if (notice.every((entry) => entry.code === BLOCKED_CHANNEL_CODE)) notify.warn(notice);
      else notify.errors(notice);
    }
    shown.current = notice;
  }, [notice]);
}

/** Toasts a success each time a counter goes up (a send, a save). */
function useSuccess(count: number, message: string, after?: () => void): void {
  const last = useRef(count);
  useEffect(() => {
    if (count > last.current) {
      notify.success(message);
      after?.();
    }
    last.current = count;
  }, [count, message, after]);
}

/** Keeps a machine's blocked channels in step with the anchor's configuration. */
function useBlockedSync(
  send: (event: { type: 'SET_BLOCKED'; blocked: readonly Channel[] }) => void,
  blocked: readonly Channel[],
): void {
  useEffect(() => send({ type: 'SET_BLOCKED', blocked }), [send, blocked]);
}

/** The Send Payment Links modal's flow (machines/payment-links/send-links.machine.ts). */
export function useSendLinks(onSent: () => void) {
  const { client } = useSession();
  const blocked = useBlockedChannels();
  const machine = useMemo(
    () =>
      sendLinksMachine.provide({
        actors: {
          sendLinks: fromPromise<unknown, SendLinksRequest>(({ input }) =>
            sendPaymentLinks(client, input.body, input.key),
          ),
        },
      }),
    [client],
  );
  const [snapshot, send] = useFlowMachine(machine, { input: { blocked, newKey } });
  useBlockedSync(send, blocked);
  useNotice(snapshot.context.notice);
  useSuccess(snapshot.context.sent, 'Payment links sent successfully.', onSent);
  return { snapshot, send, blocked };
}

/** A reminder form (machines/reminder) over the screen's selected invoices. */
export function useReminder(invoiceIds: readonly string[]) {
  const { client } = useSession();
  const blocked = useBlockedChannels();
  const machine = useMemo(
    () =>
      reminderMachine.provide({
        actors: {
          saveReminder: fromPromise<unknown, SaveReminderRequest>(({ input }) =>
            scheduleReminder(client, input.body, input.key),
          ),
        },
      }),
    [client],
  );
  const [snapshot, send] = useFlowMachine(machine, { input: { blocked, newKey } });
  useBlockedSync(send, blocked);
  const ids = invoiceIds.join(',');
  useEffect(() => send({ type: 'SET_INVOICES', ids: ids === '' ? [] : ids.split(',') }), [send, ids]);
  useNotice(snapshot.context.notice);
  useSuccess(snapshot.context.saved, 'Reminder scheduled successfully.');
  return { snapshot, send, blocked };
}

/** The Create Payment Links form (machines/payment-links/create-link.machine.ts). */
export function useCreateLink(onCreated: () => void) {
  const { client } = useSession();
  const blocked = useBlockedChannels();
  const machine = useMemo(
    () =>
      createLinkMachine.provide({
        actors: {
          lookUpInvoice: fromPromise(
            async ({ input }: { input: { number: string } }): Promise<LookedUpInvoice | null> => {
              const found = await lookUpInvoice(client, input.number);
              return (
                found && {
                  invoiceId: found.id,
                  documentNumber: found.document_number,
                  customerName: found.distributor_company.name,
                  userId: found.distributor_user.id,
                  email: found.distributor_user.email,
                  mobile: found.distributor_user.mobile,
                }
              );
            },
          ),
          createLink: fromPromise<unknown, CreateLinkRequest>(({ input }) =>
            createPaymentLink(client, input.body, input.key),
          ),
        },
      }),
    [client],
  );
  const [snapshot, send] = useFlowMachine(machine, { input: { blocked, newKey } });
  useBlockedSync(send, blocked);
  useNotice(snapshot.context.notice);
  useSuccess(snapshot.context.created, 'Payment link sent successfully.', onCreated);
  return { snapshot, send, blocked };
}
