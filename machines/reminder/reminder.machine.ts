import { assign, fromPromise, setup } from 'xstate';
import { errorEntriesOf, type ErrorEntry } from '../../src/domain/errors';
import {
  blockedChannelNotice,
  reminderBody,
  reminderProblem,
  toggleIn,
  withBlocked,
  type Channel,
  type ReminderBody,
  type ReminderType,
  type Weekday,
} from '../../src/domain/reminders';

export interface ReminderInput {
  /** Channels the anchor's configuration blocks (`*_blocked`): they cannot be chosen. */
  blocked: readonly Channel[];
  /** A new idempotency key for an attempt (one schedule however often Save is pressed or retried). */
  newKey: () => string;
}

export interface ReminderContext extends ReminderInput {
  invoiceIds: string[];
  channels: Channel[];
  type: ReminderType | null;
  time: string | null;
  days: Weekday[];
  /** The last message for the user (a new list each time, so the screen toasts every one). */
  notice: ErrorEntry[] | null;
  /** The key of the attempt under way or refused; cleared by any change. */
  key: string | null;
  /** How many reminders this form has saved (the screen says so after each). */
  saved: number;
}

export type ReminderEvent =
  | { type: 'SET_INVOICES'; ids: readonly string[] }
  | { type: 'SET_BLOCKED'; blocked: readonly Channel[] }
  | { type: 'TOGGLE_CHANNEL'; channel: Channel }
  | { type: 'SET_TYPE'; reminderType: ReminderType }
  | { type: 'SET_TIME'; time: string }
  | { type: 'TOGGLE_DAY'; day: Weekday }
  | { type: 'SAVE' };

export interface SaveReminderRequest {
  body: ReminderBody;
  key: string;
}

const notice = (code: string, detail: string): ErrorEntry[] => [{ code, detail }];

/**
 * A reminder form (spec 1 §2.6, §4, §5), used by the Send Payment Links modal and the Detailed Invoice
 * table's composer: the invoices come from the screen's selection; channels (a blocked one warns and stays
 * off); a schedule type (choosing one clears the days and time); a time and weekdays. Save checks the spec's
 * messages in order, then sends `POST /schedule_reminders` with one idempotency key per attempt; a refusal
 * keeps every choice. Any change after a save starts a new reminder.
 */
export const reminderMachine = setup({
  types: {
    context: {} as ReminderContext,
    events: {} as ReminderEvent,
    input: {} as ReminderInput,
  },
  actors: {
    saveReminder: fromPromise<unknown, SaveReminderRequest>(() => new Promise(() => {})),
  },
  guards: {
    blockedChannel: ({ context, event }) => event.type === 'TOGGLE_CHANNEL' && context.blocked.includes(event.channel),
    invalid: ({ context }) => reminderProblem(context) !== null,
  },
  actions: {
    changed: assign({ key: null, notice: null }),
  },
}).createMachine({
  id: 'reminder',
  context: ({ input }) => ({
    ...input,
    invoiceIds: [],
    channels: [],
    type: null,
    time: null,
    days: [],
    notice: null,
    key: null,
    saved: 0,
  }),
  initial: 'editing',
  on: {
    // The selection and the configuration follow the screen in every state; a save under way keeps what it sent.
    SET_INVOICES: { actions: assign(({ event }) => ({ invoiceIds: [...event.ids] })) },
    SET_BLOCKED: {
      actions: assign(({ context, event }) => withBlocked(context.channels, event.blocked)),
    },
  },
  states: {
    editing: {
      on: {
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
        SET_TYPE: { actions: ['changed', assign(({ event }) => ({ type: event.reminderType, time: null, days: [] }))] },
        SET_TIME: { actions: ['changed', assign(({ event }) => ({ time: event.time }))] },
        TOGGLE_DAY: {
          actions: ['changed', assign(({ context, event }) => ({ days: toggleIn(context.days, event.day) }))],
        },
        SAVE: [
          {
            guard: 'invalid',
            actions: assign(({ context }) => ({ notice: notice('ERROR', reminderProblem(context)!) })),
          },
          {
            target: 'saving',
            actions: assign(({ context }) => ({ key: context.key ?? context.newKey(), notice: null })),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveReminder',
        src: 'saveReminder',
        input: ({ context }) => ({ body: reminderBody(context), key: context.key! }),
        onDone: {
          target: 'editing',
          // Saved: the next reminder starts from a clean schedule (the invoices stay the screen's selection).
          actions: assign(({ context }) => ({
            saved: context.saved + 1,
            key: null,
            channels: [],
            type: null,
            time: null,
            days: [],
          })),
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ notice: errorEntriesOf(event.error) })) },
      },
    },
  },
});
