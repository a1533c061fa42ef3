import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { fromPromise } from 'xstate';
import { addUserMachine, newUserOf } from '../../../machines/add-user/add-user.machine';
import type { FormValues } from '../../../machines/form/form.machine';
import { createUser } from '../../api/admin';
import { useSession } from '../../api/session-context';

/** An SWR key of a users list (its first element is 'users'). */
export const isUsersKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'users';

/**
 * The add-user flow's effects: `submit` is POST /users through the client (the kernel's body, role_id
 * '5'); `submitted` revalidates every users list, so the admin page's Existing Users shows the new one.
 */
export function useAddUser() {
  const { client } = useSession();
  const { mutate } = useSWRConfig();
  return useMemo(
    () =>
      addUserMachine.provide({
        actors: {
          submit: fromPromise<unknown, FormValues>(({ input }) => createUser(client, newUserOf(input))),
        },
        actions: {
          submitted: () => {
            void mutate(isUsersKey);
          },
        },
      }),
    [client, mutate],
  );
}
