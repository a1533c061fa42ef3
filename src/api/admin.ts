import { bankAccountBody, newUserBody, type BankAccountForm, type NewUserForm } from '../domain/admin';
import { withProduct } from '../domain/product';
import { searchKeyword } from '../domain/thresholds';
import type { TableState } from '../lib/table-state';
import type { ApiClient, Query } from './client';
import {
  AdminUserAnswer,
  AdminUserList,
  AnchorSettings,
  BankAccountAnswer,
  BankAccountList,
  BankLookup,
} from './codecs/admin';
import { CustomerContactList } from './codecs/customers';
import { MessageResponse } from './codecs/common';
import { pageQuery } from './list-query';

/**
 * The admin area's calls (spec 2 §7): users, bank accounts and the bank lookup, the configuration, and the
 * virtual-account list. Paths the spec leaves out: the virtual accounts are GET /distributor_companies with
 * require_account_details (as the customer list is with require_address_details).
 */

const regionOf = (state: TableState) => (state.region === 'all' ? undefined : state.region);

export const fetchUsers = (client: ApiClient, page: number) =>
  client.request({ path: '/users', query: { page }, codec: AdminUserList });

export const createUser = (client: ApiClient, form: NewUserForm) =>
  client
    .request({ method: 'POST', path: '/users', body: newUserBody(form), codec: AdminUserAnswer })
    .then((r) => r.data);

export const deleteUser = (client: ApiClient, id: string) =>
  client.request({ method: 'DELETE', path: `/users/${encodeURIComponent(id)}`, codec: MessageResponse });

/** PUT /users/{id}: one toggle, as the spec's multipart `user[news_letter]` or `user[send_email]`. */
export function updateUserFlag(client: ApiClient, id: string, flag: 'news_letter' | 'send_email', value: boolean) {
  const body = new FormData();
  body.set(`user[${flag}]`, String(value));
  return client
    .request({ method: 'PUT', path: `/users/${encodeURIComponent(id)}`, body, codec: AdminUserAnswer })
    .then((r) => r.data);
}

export const fetchBankAccounts = (client: ApiClient, state: TableState) =>
  client.request({
    path: '/anchor_account_details',
    query: pageQuery({ region: regionOf(state) }, state.page),
    codec: BankAccountList,
  });

export const createBankAccount = (client: ApiClient, form: BankAccountForm) =>
  client
    .request({ method: 'POST', path: '/anchor_account_details', body: bankAccountBody(form), codec: BankAccountAnswer })
    .then((r) => r.data);

/** GET /bank_details_by_ifsc (spec 2 §7: on the anchors host; here the provider's, with the session token). */
export const lookupBank = (client: ApiClient, ifsc: string, signal?: AbortSignal) =>
  client.request({ path: '/bank_details_by_ifsc', query: { ifsc }, codec: BankLookup, signal });

export const fetchAnchorSettings = (client: ApiClient, anchorId: string) =>
  client.request({ path: `/anchor_settings/${encodeURIComponent(anchorId)}`, codec: AnchorSettings });

/** PUT /anchor_settings/{id}/settings: one setting (its wire name) to a boolean or an option. */
export const updateAnchorSetting = (client: ApiClient, anchorId: string, name: string, value: boolean | string) =>
  client.request({
    method: 'PUT',
    path: `/anchor_settings/${encodeURIComponent(anchorId)}/settings`,
    body: { anchor_setting: { [name]: value }, anchor_id: anchorId },
    codec: AnchorSettings,
  });

/** A setting's wire name for the product: `show_{product}_credit_option` -> `show_provider_credit_option`. */
export const settingWireName = (name: string, product: string) => withProduct(name, product);

/** The virtual accounts (read-only): customers with their account details. */
export function virtualAccountsQuery(state: TableState): Query {
  return pageQuery(
    { region: regionOf(state), search: searchKeyword(state.search), admin_panel: true, require_account_details: true },
    state.page,
  );
}

export const fetchVirtualAccounts = (client: ApiClient, query: Query) =>
  client.request({ path: '/distributor_companies', query, codec: CustomerContactList });
