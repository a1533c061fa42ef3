/**
 * The admin change's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import { pathModel } from '../test-paths';
import {
  adminChangeMachine,
  type AdminChange,
  type AdminChangeContext,
  type AdminChangeEvent,
} from './admin-change.machine';

export const DELETE: AdminChange = { kind: 'delete-user', target: '7', label: 'Asha Verma', confirm: true };
export const TOGGLE: AdminChange = { kind: 'toggle', target: '7:news_letter', value: true };
/** A risky setting (OTP off): asked about, then undoable. */
export const RISKY: AdminChange = {
  kind: 'setting',
  target: 'require_otp',
  value: false,
  previous: true,
  label: 'Ask for an OTP before a retailer avails credit',
  confirm: true,
};
/** A plain setting: sent at once, then undoable. */
export const PLAIN: AdminChange = {
  kind: 'setting',
  target: 'send_payments',
  value: false,
  previous: true,
  label: 'Payment confirmations to retailers',
};
export const REFUSED = { errors: [{ code: 'ER-PERMISSION', detail: 'You may not delete users.' }] };
/** The undo window ended (the graph sends it; a replay advances the timer). */
export const AFTER_UNDO_WINDOW = 'xstate.after.undoWindow.adminChange.undoable';

const events: AdminChangeEvent[] = [
  { type: 'REQUEST', change: DELETE },
  { type: 'REQUEST', change: TOGGLE },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
];
const effectEvents = [
  { type: 'xstate.done.actor.apply', output: { ok: true } },
  { type: 'xstate.error.actor.apply', error: REFUSED },
];
const settingEvents = [
  { type: 'REQUEST', change: RISKY },
  { type: 'REQUEST', change: PLAIN },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'UNDO' },
  ...effectEvents,
  { type: 'xstate.done.actor.undo', output: { ok: true } },
  { type: 'xstate.error.actor.undo', error: REFUSED },
  { type: AFTER_UNDO_WINDOW },
];

const changeName = (change: AdminChange | null | undefined) =>
  change ? `${change.target}=${String(change.value)}` : null;

/**
 * A settings state as the graph tells states apart: the state and the change it is about (the one under way,
 * the one on offer to undo, or at rest the last outcome: a success clears the last refusal, so a refusal in
 * context is the newer).
 */
export function settingsState({ value, context }: { value: unknown; context: AdminChangeContext }): string {
  if (value === 'undoable') return JSON.stringify([value, changeName(context.applied?.change)]);
  if (value !== 'idle') return JSON.stringify([value, changeName(context.pending)]);
  return JSON.stringify([
    value,
    context.failure
      ? `refused ${changeName(context.failure.change)}`
      : context.applied
        ? `applied ${changeName(context.applied.change)}`
        : null,
  ]);
}

export const adminChangePaths = pathModel({
  machine: adminChangeMachine,
  effects: ['apply', 'undo'],
  graphs: {
    /** A confirmed delete and a direct toggle, each applied or refused. */
    changes: { events: [...events, ...effectEvents] as never },
    /** A risky setting (confirmed or cancelled) and a plain one, applied or refused; undone, refused, or left to time out. */
    settings: { events: settingEvents as never, serializeState: settingsState },
  },
});
