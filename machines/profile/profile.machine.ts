import { setup } from 'xstate';
import { validatePasswordChange } from '../form/form-checks';
import { formMachine } from '../form/form.machine';

export { validatePasswordChange } from '../form/form-checks';

export type ProfileEvent = { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'CHANGE_PASSWORD' } | { type: 'DONE' };

/**
 * The profile popup: closed, or open on one of three steps. View shows the user (Log Out is the session's
 * business); the password step runs a child form machine (id `passwordForm`) whose submit changes the
 * password; its success moves to the success step. Closing from any step stops the form, so the next
 * opening starts clean ("closing resets the form").
 */
export const profileMachine = setup({
  types: { events: {} as ProfileEvent },
  actors: { passwordForm: formMachine },
}).createMachine({
  id: 'profile',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'open' } },
    open: {
      initial: 'view',
      on: { CLOSE: 'closed' },
      states: {
        view: { on: { CHANGE_PASSWORD: 'password' } },
        password: {
          invoke: {
            id: 'passwordForm',
            src: 'passwordForm',
            input: {
              initial: { current_password: '', password: '', password_confirmation: '' },
              validate: validatePasswordChange,
            },
            onDone: 'success',
          },
        },
        success: { on: { DONE: '#profile.closed' } },
      },
    },
  },
});
