import { assign, fromPromise, setup } from 'xstate';
import { errorEntriesOf, type ErrorEntry } from '../../src/domain/errors';

/**
 * One change an admin makes to a list (delete a user, flip a user's toggle, change a setting): asked for,
 * confirmed when it needs to be (a delete), sent once, then reported. The screen toasts the outcome and
 * refreshes the list on `applied`.
 *
 * idle -REQUEST-> confirming (when `confirm`) -CONFIRM-> sending -> idle; CANCEL from confirming goes back.
 * REQUEST without `confirm` goes straight to sending. A REQUEST or CONFIRM while sending is ignored, so a
 * double click sends one request; the change under way is in context (`pending`) so its control can show it.
 */
export interface AdminChange {
  /** What the change is (`delete-user`, `toggle`, `setting`); the effect decides by it. */
  kind: string;
  /** The row or setting it is for. */
  target: string;
  value?: boolean | string;
  /** Shown in the confirmation ('Are you sure, you want to delete {name}?'). */
  label?: string;
  confirm?: boolean;
}

export interface AdminChangeContext {
  pending: AdminChange | null;
  /** The last change applied, with the provider's answer. */
  applied: { change: AdminChange; result: unknown } | null;
  /** The last refusal, as the provider's entries (toasted once by the screen). */
  failure: { change: AdminChange; entries: ErrorEntry[] } | null;
}

export type AdminChangeEvent = { type: 'REQUEST'; change: AdminChange } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export const adminChangeMachine = setup({
  types: {
    context: {} as AdminChangeContext,
    events: {} as AdminChangeEvent,
  },
  actors: {
    apply: fromPromise<unknown, AdminChange>(() => new Promise(() => {})),
  },
  actions: {
    /** The screen refreshes what changed and says so. */
    applied: () => {},
  },
  guards: {
    needsConfirmation: ({ event }) => event.type === 'REQUEST' && event.change.confirm === true,
  },
}).createMachine({
  id: 'adminChange',
  context: { pending: null, applied: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        REQUEST: [
          { guard: 'needsConfirmation', target: 'confirming', actions: assign({ pending: ({ event }) => event.change }) },
          { target: 'sending', actions: assign({ pending: ({ event }) => event.change }) },
        ],
      },
    },
    confirming: {
      on: {
        CONFIRM: 'sending',
        CANCEL: { target: 'idle', actions: assign({ pending: null }) },
      },
    },
    sending: {
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'idle',
          actions: [assign({ applied: ({ context, event }) => ({ change: context.pending!, result: event.output }), failure: null, pending: null }), 'applied'],
        },
        onError: {
          target: 'idle',
          actions: assign({ failure: ({ context, event }) => ({ change: context.pending!, entries: errorEntriesOf(event.error) }), pending: null }),
        },
      },
    },
  },
});
