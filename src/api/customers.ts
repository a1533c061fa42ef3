import { CustomerContactList, type CustomerContactPage } from './codecs/customers';
import { searchKeyword } from '../domain/thresholds';
import type { ApiClient, Query } from './client';
import { pageQuery } from './list-query';
import type { TableState } from '../lib/table-state';

/** The query of the admin's customer list (spec: region, admin_panel, require_address_details, search; page). */
export function customerContactsQuery(state: TableState): Query {
  const filter = {
    region: state.region === 'all' ? undefined : state.region,
    search: searchKeyword(state.search),
    admin_panel: true,
    require_address_details: true,
  };
  return pageQuery(filter, state.page);
}

export function fetchCustomerContacts(client: ApiClient, query: Query): Promise<CustomerContactPage> {
  return client.request({ path: '/distributor_companies', query, codec: CustomerContactList });
}
