import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { fromPromise } from 'xstate';
import { addUserMachine, type CreatedUser } from '../../../machines/add-user/add-user.machine';
import { createUser } from '../../api/admin';
import { useSession } from '../../api/session-context';
import type { NewUserForm } from '../../domain/admin';

/** An SWR key of a users list (its first element is 'users'). */
export const isUsersKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'users';

/**
 * The add-user flow's effects: `createUser` is POST /users through the client (the kernel's body, role_id
 * '5'); `refreshUsers` revalidates every users list, so the admin page's Existing Users shows the new one.
 */
export function useAddUser() {
  const { client } = useSession();
  const { mutate } = useSWRConfig();
  return useMemo(
    () =>
      addUserMachine.provide({
        actors: {
          createUser: fromPromise<CreatedUser, NewUserForm>(({ input }) => createUser(client, input)),
        },
        actions: {
          refreshUsers: () => {
            void mutate(isUsersKey);
          },
        },
      }),
    [client, mutate],
  );
}
