/**
 * The profile popup's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`). Its child
 * form's end is the `xstate.done.actor.passwordForm` event. Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import { pathModel } from '../test-paths';
import { profileMachine } from './profile.machine';

export type ProfileValue = 'closed' | 'view' | 'password' | 'success';

export const valueOf = (value: unknown): ProfileValue =>
  value === 'closed' ? 'closed' : ((value as { open: ProfileValue }).open ?? 'closed');
/** The popup's state, and for `closed` the step it was closed from (so a path can close from each step). */
export const profileState = (s: { value: unknown }, _event?: unknown, prev?: { value: unknown }) =>
  JSON.stringify(valueOf(s.value) === 'closed' && prev ? ['closed', valueOf(prev.value)] : [valueOf(s.value)]);

export const profilePaths = pathModel({
  machine: profileMachine,
  effects: ['passwordForm'],
  cannotFail: {
    passwordForm:
      'the child form machine ends only by its submit succeeding; it takes its submit failures itself (back to editing with the messages, which the test drives on the live child), so it never errors',
  },
  graphs: {
    /** Each step by its state value. */
    byStep: {
      events: [
        { type: 'OPEN' },
        { type: 'CLOSE' },
        { type: 'CHANGE_PASSWORD' },
        { type: 'DONE' },
        { type: 'xstate.done.actor.passwordForm', output: { result: {} } } as AnyEventObject,
      ] as never,
    },
    /** Each step, and closed from each step. */
    closedFrom: {
      events: [
        { type: 'OPEN' },
        { type: 'CLOSE' },
        { type: 'CHANGE_PASSWORD' },
        { type: 'DONE' },
        {
          type: 'xstate.done.actor.passwordForm',
          output: { result: { message: 'Password Changed Successfully!' } },
        } as AnyEventObject,
      ] as never,
      serializeState: profileState,
      filterEvents: ((s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e)) as never,
    },
  },
});
