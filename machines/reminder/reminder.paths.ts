/**
 * The reminder form's path model: the graph its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import { pathModel } from '../test-paths';
import { reminderMachine, type ReminderContext } from './reminder.machine';

const EVENTS = [
  { type: 'SET_INVOICES', ids: ['3'] },
  { type: 'SET_INVOICES', ids: [] },
  { type: 'TOGGLE_CHANNEL', channel: 'sms' },
  { type: 'TOGGLE_CHANNEL', channel: 'whatsapp' },
  { type: 'SET_TYPE', reminderType: 'once' },
  { type: 'SET_TYPE', reminderType: 'daily' },
  { type: 'SET_TIME', time: '07.00' },
  { type: 'TOGGLE_DAY', day: 'Wed' },
  { type: 'SAVE' },
  { type: 'xstate.done.actor.saveReminder', output: { message: 'Reminder scheduled.' } },
  {
    type: 'xstate.error.actor.saveReminder',
    error: { status: 422, errors: [{ code: 'ER-REMIND-102', detail: 'refused' }] },
  },
] as AnyEventObject[];

/** The form as the paths tell it apart. */
export const form = (s: { value: unknown; context: ReminderContext }) =>
  JSON.stringify([
    s.value,
    s.context.invoiceIds,
    s.context.channels,
    s.context.type,
    s.context.time,
    s.context.days,
    s.context.saved > 0,
    s.context.notice?.[0]?.code ?? null,
  ]);

export const reminderPaths = pathModel({
  machine: reminderMachine,
  effects: ['saveReminder'],
  graphs: {
    /** WhatsApp blocked: every distinct form, every message, a save answered and refused. */
    form: {
      input: { blocked: ['whatsapp'], newKey: () => 'graph-key' },
      events: EVENTS as never,
      serializeState: form,
    },
  },
});
