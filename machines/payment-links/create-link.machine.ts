import { assign, fromPromise, setup } from 'xstate';
import { errorEntriesOf, type ErrorEntry } from '../../src/domain/errors';
import {
  blockedChannelNotice,
  INVOICE_LOOKUP_MIN_LENGTH,
  LINK_MESSAGES,
  orderedChannels,
  toggleIn,
  withBlocked,
  type Channel,
  type CreateLinkBody,
} from '../../src/domain/reminders';

/** What the invoice-number lookup finds: the invoice and its customer's details (shown read-only). */
export interface LookedUpInvoice {
  invoiceId: string;
  documentNumber: string;
  customerName: string;
  userId: string;
  email: string | null;
  mobile: string | null;
}

export interface CreateLinkInput {
  blocked: readonly Channel[];
  newKey: () => string;
}

export interface CreateLinkContext extends CreateLinkInput {
  number: string;
  invoice: LookedUpInvoice | null;
  /** The lookup found nothing for the number typed. */
  notFound: boolean;
  channels: Channel[];
  notice: ErrorEntry[] | null;
  key: string | null;
  created: number;
}

export type CreateLinkEvent =
  | { type: 'TYPE_NUMBER'; number: string }
  | { type: 'SET_BLOCKED'; blocked: readonly Channel[] }
  | { type: 'TOGGLE_CHANNEL'; channel: Channel }
  | { type: 'SEND' };

export interface CreateLinkRequest {
  body: CreateLinkBody;
  key: string;
}

/** Spec 1 §5: the lookup fires only above 3 characters. */
const canLookUp = (number: string): boolean => [...number.trim()].length >= INVOICE_LOOKUP_MIN_LENGTH;

/**
 * The Create Payment Links form (spec 1 §2.6, §5): an invoice number looked up once it is longer than 3
 * characters (typing again cancels a lookup under way and clears what was found), the customer's details
 * filled in read-only, notify-by channels (a blocked one warns), and Send Link, which needs a found invoice
 * and a channel ('Please, select invoice and alert mode.') and sends once per attempt.
 */
export const createLinkMachine = setup({
  types: {
    context: {} as CreateLinkContext,
    events: {} as CreateLinkEvent,
    input: {} as CreateLinkInput,
  },
  actors: {
    lookUpInvoice: fromPromise<LookedUpInvoice | null, { number: string }>(() => new Promise(() => {})),
    createLink: fromPromise<unknown, CreateLinkRequest>(() => new Promise(() => {})),
  },
  guards: {
    lookupReady: ({ event }) => event.type === 'TYPE_NUMBER' && canLookUp(event.number),
    blockedChannel: ({ context, event }) => event.type === 'TOGGLE_CHANNEL' && context.blocked.includes(event.channel),
    incomplete: ({ context }) => context.invoice === null || context.channels.length === 0,
  },
  actions: {
    typed: assign(({ event }) =>
      event.type === 'TYPE_NUMBER'
        ? { number: event.number, invoice: null, notFound: false, key: null, notice: null }
        : {},
    ),
  },
}).createMachine({
  id: 'createLink',
  context: ({ input }) => ({
    ...input,
    number: '',
    invoice: null,
    notFound: false,
    channels: [],
    notice: null,
    key: null,
    created: 0,
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
        TYPE_NUMBER: [{ guard: 'lookupReady', target: 'lookingUp', actions: 'typed' }, { actions: 'typed' }],
        TOGGLE_CHANNEL: [
          {
            guard: 'blockedChannel',
            actions: assign(({ event }) => ({ notice: blockedChannelNotice(event.channel) })),
          },
          {
            actions: assign(({ context, event }) => ({
              channels: toggleIn(context.channels, event.channel),
              key: null,
              notice: null,
            })),
          },
        ],
        SEND: [
          {
            guard: 'incomplete',
            actions: assign({ notice: () => [{ code: 'ERROR', detail: LINK_MESSAGES.invoice }] }),
          },
          {
            target: 'creating',
            actions: assign(({ context }) => ({ key: context.key ?? context.newKey(), notice: null })),
          },
        ],
      },
    },
    lookingUp: {
      invoke: {
        id: 'lookUpInvoice',
        src: 'lookUpInvoice',
        input: ({ context }) => ({ number: context.number.trim() }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ invoice: event.output, notFound: event.output === null })),
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ notice: errorEntriesOf(event.error) })) },
      },
      on: {
        // A new number replaces the lookup under way (its answer would be for the old number).
        TYPE_NUMBER: [
          { guard: 'lookupReady', target: 'lookingUp', reenter: true, actions: 'typed' },
          { target: 'editing', actions: 'typed' },
        ],
        SEND: { actions: assign({ notice: () => [{ code: 'ERROR', detail: LINK_MESSAGES.invoice }] }) },
      },
    },
    creating: {
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => ({
          body: {
            payment_links: {
              distributor_user_id: Number(context.invoice!.userId),
              invoices_ids: [Number(context.invoice!.invoiceId)],
              mode_of_communication: orderedChannels(context.channels),
            },
          },
          key: context.key!,
        }),
        onDone: {
          target: 'editing',
          actions: assign(({ context }) => ({
            created: context.created + 1,
            number: '',
            invoice: null,
            notFound: false,
            key: null,
          })),
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ notice: errorEntriesOf(event.error) })) },
      },
    },
  },
});
