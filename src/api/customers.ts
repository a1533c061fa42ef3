import useSWR from 'swr';
import { CustomerContactList, type CustomerContactPage } from '../../api/codecs/customers';
import type { ApiClient, Query } from '../../api/client';
import { useSession } from '../../api/session-context';
import type { TableState } from '../../lib/table-state';

/** The query of the admin's customer list (spec: region, admin_panel, require_address_details, search; page). */
export function customerContactsQuery(state: TableState): Query {
  return {
    filter: {
      region: state.region === 'all' ? undefined : state.region,
      search: state.search || undefined,
      admin_panel: true,
      require_address_details: true,
    },
    page: state.page,
  };
}

export function fetchCustomerContacts(client: ApiClient, query: Query): Promise<CustomerContactPage> {
  return client.request({ path: '/distributor_companies', query, codec: CustomerContactList });
}

export function useCustomerContacts(state: TableState) {
  const { client } = useSession();
  const query = customerContactsQuery(state);
  return useSWR<CustomerContactPage, unknown>(['/distributor_companies', query], () => fetchCustomerContacts(client, query), { keepPreviousData: true });
}
