import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { formMachine } from '../../machines/form/form.machine';
import { profileMachine } from '../../machines/profile/profile.machine';
import { setPassword } from '../api/auth';
import { useSession } from '../api/session-context';
import { useFlowActor } from '../lib/inspection';

/** The profile popup's flow: the profile machine, its password form saving through PUT /users/set_password. */
export function useProfile() {
  const { client } = useSession();
  const machine = useMemo(
    () =>
      profileMachine.provide({
        actors: {
          passwordForm: formMachine.provide({
            actors: {
              submit: fromPromise(({ input }) =>
                setPassword(client, {
                  current: input.current_password ?? '',
                  password: input.password ?? '',
                  confirmation: input.password_confirmation ?? '',
                }),
              ),
            },
          }),
        },
      }),
    [client],
  );
  return useFlowActor(machine);
}
