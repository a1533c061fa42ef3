import { assign, fromPromise, setup } from 'xstate';
import { errorEntriesOf, type ErrorEntry } from '../../src/domain/errors';
import {
  blockedChannelNotice,
  LINK_MESSAGES,
  orderedChannels,
  toggleIn,
  withBlocked,
  type Channel,
  type SendLinksBody,
} from '../../src/domain/reminders';

/** The customer whose invoices are on the right of the modal. */
export interface LinkCustomer {
  id: string;
  name: string;
  email: string | null;
  mobile: string | null;
}

export interface SendLinksInput {
  blocked: readonly Channel[];
  newKey: () => string;
}

export interface SendLinksContext extends SendLinksInput {
  customer: LinkCustomer | null;
  /** 'Search By Invoice No.' over the customer's invoices. */
  invoiceSearch: string;
  invoiceIds: string[];
  selectAll: boolean;
  /** Customers ticked for a bulk send (by customer): while any is ticked the invoice list is disabled. */
  bulk: string[];
  channels: Channel[];
  notice: ErrorEntry[] | null;
  key: string | null;
  /** Sends that succeeded (the screen toasts each and refreshes the banner). */
  sent: number;
}

export type SendLinksEvent =
  | { type: 'SELECT_CUSTOMER'; customer: LinkCustomer }
  | { type: 'TICK_CUSTOMER'; id: string }
  | { type: 'SEARCH_INVOICES'; text: string }
  | { type: 'TOGGLE_INVOICE'; id: string }
  /** 'Select all Invoice' over the invoices shown. */
  | { type: 'SELECT_ALL'; ids: readonly string[] }
  | { type: 'SET_BLOCKED'; blocked: readonly Channel[] }
  | { type: 'TOGGLE_CHANNEL'; channel: Channel }
  | { type: 'SEND' };

export interface SendLinksRequest {
  body: SendLinksBody;
  key: string;
}

const message = (detail: string): ErrorEntry[] => [{ code: 'ERROR', detail }];

/** The spec message that stops a send, or null when it may go (spec 1 §5). */
export function sendProblem(
  context: Pick<SendLinksContext, 'customer' | 'invoiceIds' | 'bulk' | 'channels'>,
): string | null {
  if (context.bulk.length > 0) return context.channels.length > 0 ? null : LINK_MESSAGES.customer;
  return context.customer && context.invoiceIds.length > 0 && context.channels.length > 0
    ? null
    : LINK_MESSAGES.invoice;
}

/** By customer while customers are ticked, else by invoice for the customer on the right. */
export function sendBody(
  context: Pick<SendLinksContext, 'customer' | 'invoiceIds' | 'bulk' | 'channels'>,
): SendLinksBody {
  const mode_of_communication = orderedChannels(context.channels);
  if (context.bulk.length > 0)
    return { payment_links: { distributor_company_ids: context.bulk.map(Number), mode_of_communication } };
  return {
    payment_links: {
      distributor_company_id: Number(context.customer?.id),
      invoices_ids: context.invoiceIds.map(Number),
      mode_of_communication,
    },
  };
}

const cleared = { invoiceSearch: '', invoiceIds: [], selectAll: false } as const;

/**
 * The Send Payment Links modal (spec 1 §2.6, §4, §5): pick a customer on the left (which clears the invoice
 * search, the ticked invoices and select-all), tick invoices on the right, or tick customers for a bulk
 * send (the invoice list is then disabled); choose channels (a blocked one warns). Send checks the spec's
 * message, then sends by invoice or by customer with one idempotency key per attempt; a success clears the
 * selection, a refusal keeps it so the user can try again.
 */
export const sendLinksMachine = setup({
  types: {
    context: {} as SendLinksContext,
    events: {} as SendLinksEvent,
    input: {} as SendLinksInput,
  },
  actors: {
    sendLinks: fromPromise<unknown, SendLinksRequest>(() => new Promise(() => {})),
  },
  guards: {
    blockedChannel: ({ context, event }) => event.type === 'TOGGLE_CHANNEL' && context.blocked.includes(event.channel),
    unsendable: ({ context }) => sendProblem(context) !== null,
  },
  actions: {
    changed: assign({ key: null, notice: null }),
  },
}).createMachine({
  id: 'sendLinks',
  context: ({ input }) => ({
    ...input,
    customer: null,
    ...cleared,
    invoiceIds: [],
    bulk: [],
    channels: [],
    notice: null,
    key: null,
    sent: 0,
  }),
  initial: 'editing',
  on: {
    SET_BLOCKED: {
      actions: assign(({ context, event }) => withBlocked(context.channels, event.blocked)),
    },
  },
  states: {
    editing: {
      on: {
        SELECT_CUSTOMER: {
          actions: ['changed', assign(({ event }) => ({ customer: event.customer, ...cleared, invoiceIds: [] }))],
        },
        TICK_CUSTOMER: {
          actions: ['changed', assign(({ context, event }) => ({ bulk: toggleIn(context.bulk, event.id) }))],
        },
        // While customers are ticked the invoice list and its controls are disabled (spec 1 §4).
        SEARCH_INVOICES: {
          guard: ({ context }) => context.bulk.length === 0,
          actions: assign(({ event }) => ({ invoiceSearch: event.text })),
        },
        TOGGLE_INVOICE: {
          guard: ({ context }) => context.bulk.length === 0,
          actions: [
            'changed',
            assign(({ context, event }) => ({ invoiceIds: toggleIn(context.invoiceIds, event.id), selectAll: false })),
          ],
        },
        SELECT_ALL: {
          guard: ({ context }) => context.bulk.length === 0,
          actions: [
            'changed',
            assign(({ context, event }) =>
              context.selectAll
                ? { invoiceIds: [], selectAll: false }
                : { invoiceIds: [...event.ids], selectAll: true },
            ),
          ],
        },
        TOGGLE_CHANNEL: [
          {
            guard: 'blockedChannel',
            actions: assign(({ event }) => ({ notice: blockedChannelNotice(event.channel) })),
          },
          {
            actions: [
              'changed',
              assign(({ context, event }) => ({ channels: toggleIn(context.channels, event.channel) })),
            ],
          },
        ],
        SEND: [
          { guard: 'unsendable', actions: assign(({ context }) => ({ notice: message(sendProblem(context)!) })) },
          {
            target: 'sending',
            actions: assign(({ context }) => ({ key: context.key ?? context.newKey(), notice: null })),
          },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendLinks',
        src: 'sendLinks',
        input: ({ context }) => ({ body: sendBody(context), key: context.key! }),
        onDone: {
          target: 'editing',
          actions: assign(({ context }) => ({
            ...cleared,
            invoiceIds: [],
            bulk: [],
            key: null,
            sent: context.sent + 1,
          })),
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ notice: errorEntriesOf(event.error) })) },
      },
    },
  },
});
