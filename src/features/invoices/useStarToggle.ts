import { useCallback, useRef } from 'react';
import { useSWRConfig, type KeyedMutator } from 'swr';
import type { StarResourceType } from '../../api/codecs/invoices';
import { useSession } from '../../api/session-context';
import { notify } from '../../ui/toast';
import { setStarred } from '../../api/invoices';

interface Starrable {
  id: string;
  resource: { starred: boolean };
}

/**
 * The star toggle of a list row (spec 1 §4): the star flips at once (optimistic), the provider is asked,
 * and a refusal puts it back with a toast. A second click on the same row while its request runs is
 * ignored. Afterwards every list of the same kind is revalidated, so the Starred filter and the expanded
 * table agree. `listKey` is the first element of the lists' SWR keys ('invoices', 'payments').
 */
export function useStarToggle<L extends { data: readonly R[] }, R extends Starrable>(
  mutate: KeyedMutator<L>,
  type: StarResourceType,
  listKey: string,
) {
  const { client } = useSession();
  const { mutate: mutateAll } = useSWRConfig();
  const pending = useRef(new Set<string>());
  return useCallback(
    async (row: R) => {
      if (pending.current.has(row.id)) return;
      pending.current.add(row.id);
      const starred = !row.resource.starred;
      const flip = (current: L | undefined): L | undefined =>
        current && {
          ...current,
          data: current.data.map((r) => (r.id === row.id ? { ...r, resource: { ...r.resource, starred } } : r)),
        };
      try {
        await mutate(
          async (current) => {
            await setStarred(client, { type, id: row.id, starred });
            return flip(current);
          },
          // SWR types optimisticData as always returning data; with no list loaded there is no row to click.
          {
            optimisticData: (current) => flip(current) as L,
            rollbackOnError: true,
            populateCache: true,
            revalidate: false,
          },
        );
        await mutateAll((key) => Array.isArray(key) && key[0] === listKey);
      } catch (error) {
        notify.failure(error);
      } finally {
        pending.current.delete(row.id);
      }
    },
    [client, mutate, mutateAll, type, listKey],
  );
}
