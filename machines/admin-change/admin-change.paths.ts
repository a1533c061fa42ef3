/**
 * The admin change's path model: the graph its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import { pathModel } from '../test-paths';
import { adminChangeMachine, type AdminChange, type AdminChangeEvent } from './admin-change.machine';

export const DELETE: AdminChange = { kind: 'delete-user', target: '7', label: 'Asha Verma', confirm: true };
export const TOGGLE: AdminChange = { kind: 'toggle', target: '7:news_letter', value: true };
export const REFUSED = { errors: [{ code: 'ER-PERMISSION', detail: 'You may not delete users.' }] };

const events: AdminChangeEvent[] = [{ type: 'REQUEST', change: DELETE }, { type: 'REQUEST', change: TOGGLE }, { type: 'CONFIRM' }, { type: 'CANCEL' }];
const effectEvents = [
  { type: 'xstate.done.actor.apply', output: { ok: true } },
  { type: 'xstate.error.actor.apply', error: REFUSED },
];

export const adminChangePaths = pathModel({
  machine: adminChangeMachine,
  effects: ['apply'],
  graphs: {
    /** A confirmed delete and a direct toggle, each applied or refused. */
    changes: { events: [...events, ...effectEvents] as never },
  },
});
