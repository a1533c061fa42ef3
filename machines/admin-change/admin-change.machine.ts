import { assign, fromPromise, setup } from 'xstate';
import { SETTING_UNDO_MS } from '../../src/domain/admin';
import { errorEntriesOf, type ErrorEntry } from '../../src/domain/errors';

/**
 * One change an admin makes to a list (delete a user, flip a user's toggle, change a setting): asked for,
 * confirmed when it needs to be (a delete, a risky setting), sent once, then reported. The screen toasts the
 * outcome and refreshes the list on `applied`.
 *
 * idle -REQUEST-> confirming (when `confirm`) -CONFIRM-> sending -> idle; CANCEL from confirming goes back.
 * REQUEST without `confirm` goes straight to sending. A REQUEST or CONFIRM while sending is ignored, so a
 * double click sends one request; the change under way is in context (`pending`) so its control can show it.
 *
 * A change that says what it replaces (`previous`) can be undone for SETTING_UNDO_MS once applied: sending ->
 * undoable -UNDO-> undoing (the previous value sent back, unasked: it is what was there a moment ago) -> idle.
 * A new REQUEST while undoable drops the offer and goes on as from idle; an undo cannot itself be undone.
 */
export interface AdminChange {
  /** What the change is (`delete-user`, `toggle`, `setting`); the effect decides by it. */
  kind: string;
  /** The row or setting it is for. */
  target: string;
  value?: boolean | string;
  /** The value it replaces: given, the applied change can be undone. */
  previous?: boolean | string;
  /** What it is about in words: the user's name in the delete confirmation, a setting's label in its toasts. */
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

export type AdminChangeEvent =
  { type: 'REQUEST'; change: AdminChange } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'UNDO' };

/** The change that takes `change` back: the previous value sent again, without a confirmation. */
const reversed = (change: AdminChange): AdminChange => ({
  ...change,
  value: change.previous,
  previous: change.value,
  confirm: false,
});

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
    /** The screen refreshes what the undo changed back and says so. */
    undone: () => {},
  },
  delays: {
    undoWindow: SETTING_UNDO_MS,
  },
  guards: {
    needsConfirmation: ({ event }) => event.type === 'REQUEST' && event.change.confirm === true,
    canUndo: ({ context }) => context.pending?.previous !== undefined,
  },
}).createMachine({
  id: 'adminChange',
  context: { pending: null, applied: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        REQUEST: [
          {
            guard: 'needsConfirmation',
            target: 'confirming',
            actions: assign({ pending: ({ event }) => event.change }),
          },
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
        onDone: [
          {
            guard: 'canUndo',
            target: 'undoable',
            actions: [
              assign({
                applied: ({ context, event }) => ({ change: context.pending!, result: event.output }),
                failure: null,
                pending: null,
              }),
              'applied',
            ],
          },
          {
            target: 'idle',
            actions: [
              assign({
                applied: ({ context, event }) => ({ change: context.pending!, result: event.output }),
                failure: null,
                pending: null,
              }),
              'applied',
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: assign({
            failure: ({ context, event }) => ({ change: context.pending!, entries: errorEntriesOf(event.error) }),
            pending: null,
          }),
        },
      },
    },
    /** The applied change (`applied.change`) is on offer to undo until the window ends. */
    undoable: {
      on: {
        UNDO: { target: 'undoing', actions: assign({ pending: ({ context }) => reversed(context.applied!.change) }) },
        // Another change: the offer ends, and the change goes on as it would from idle.
        REQUEST: [
          {
            guard: 'needsConfirmation',
            target: 'confirming',
            actions: assign({ pending: ({ event }) => event.change }),
          },
          { target: 'sending', actions: assign({ pending: ({ event }) => event.change }) },
        ],
      },
      after: { undoWindow: 'idle' },
    },
    undoing: {
      invoke: {
        id: 'undo',
        src: 'apply',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'idle',
          actions: [
            assign({
              applied: ({ context, event }) => ({ change: context.pending!, result: event.output }),
              failure: null,
              pending: null,
            }),
            'undone',
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            failure: ({ context, event }) => ({ change: context.pending!, entries: errorEntriesOf(event.error) }),
            pending: null,
          }),
        },
      },
    },
  },
});
