import useSWR from 'swr';
import type { ApiClient } from './client';
import { useClient } from './client-context';

/**
 * The one SWR hook over the client: `key` holds everything the request depends on (its first element
 * names the provider resource, so a write can refresh every list of it by prefix); null waits. The
 * previous answer stays on screen while the next one loads. Failures are toasted once by the app's SWR
 * configuration and returned as `error`.
 */
export function useApi<T>(key: readonly unknown[] | null, fetcher: (client: ApiClient) => Promise<T>) {
  const client = useClient();
  return useSWR<T, unknown>(key, () => fetcher(client), { keepPreviousData: true });
}
