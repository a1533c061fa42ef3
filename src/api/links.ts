import type { ApiClient, Query } from './client';
import {
  AnchorSettings,
  InvoiceLookup,
  LinkCustomerList,
  LinkList,
  ScheduledReminder,
  SentLinks,
} from './codecs/links';
import { pageQuery } from './list-query';
import { fetchInvoices } from './invoices';
import {
  CHANNEL_BLOCK_SETTINGS,
  CHANNELS,
  CUSTOMER_SEARCH_MIN_LENGTH,
  type Channel,
  type CreateLinkBody,
  type ReminderBody,
  type SendLinksBody,
} from '../domain/reminders';
import type { RegionFilter } from '../domain/regions';
import type { LinkStatus } from '../domain/statuses';
import { isSearchable, searchKeyword } from '../domain/thresholds';

/**
 * Payment links and reminders (spec 1 §7): the anchor's channel switches, the generated links, the create
 * form's lookup and write, the send-links modal's lists and send, and the reminder schedule. Every write
 * carries the attempt's idempotency key, so a double click or a retry makes one batch.
 */
const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/** GET /anchor_settings/{id}: the channels the anchor's configuration blocks. */
export async function fetchBlockedChannels(client: ApiClient, anchorId: string): Promise<Channel[]> {
  const answer = await client.request({
    path: `/anchor_settings/${encodeURIComponent(anchorId)}`,
    codec: AnchorSettings,
  });
  return CHANNELS.filter((channel) => answer.data.settings[CHANNEL_BLOCK_SETTINGS[channel]]?.default === true);
}

export type ChannelFinanceChoice = 'all' | 'channel_finance' | 'non_channel_finance';

export interface LinkListParams {
  region: RegionFilter;
  channelFinance: ChannelFinanceChoice;
  status: 'all' | LinkStatus;
  search: string;
  page: number;
}

/** The generated-links list's query: a search below 3 characters is not sent (spec 1 §5). */
function linkListQuery(params: LinkListParams): Query {
  return pageQuery(
    {
      region: params.region === 'all' ? undefined : params.region,
      channel_finance:
        params.channelFinance === 'all' ? undefined : params.channelFinance === 'channel_finance' ? 1 : 0,
      link_status: params.status === 'all' ? undefined : params.status,
      search: searchKeyword(params.search),
    },
    params.page,
  );
}

/** GET /payment_links. */
export function fetchPaymentLinks(client: ApiClient, params: LinkListParams): Promise<LinkList> {
  return client.request({ path: '/payment_links', query: linkListQuery(params), codec: LinkList });
}

/** The invoice lookup of the create form; null when no open invoice of the anchor has that number. */
export async function lookUpInvoice(client: ApiClient, number: string) {
  try {
    const answer = await client.request({
      path: '/invoices/lookup',
      query: { document_number: number },
      codec: InvoiceLookup,
    });
    return answer.data;
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'status' in error && error.status === 404) return null;
    throw error;
  }
}

/** The create form's link (spec 1 §7 'Create link'): POST /payment_links. */
export function createPaymentLink(client: ApiClient, body: CreateLinkBody, key: string): Promise<SentLinks> {
  return client.request({ method: 'POST', path: '/payment_links', body, codec: SentLinks, headers: idempotent(key) });
}

/** The send-links modal's customers: those with open or part-paid invoices, searched from 3 characters. */
export function fetchLinkCustomers(
  client: ApiClient,
  params: { search: string; page: number },
): Promise<LinkCustomerList> {
  const search = isSearchable(params.search, CUSTOMER_SEARCH_MIN_LENGTH) ? params.search.trim() : undefined;
  return client.request({
    path: '/distributor_companies',
    query: pageQuery({ status: 'open,partially_paid', search }, params.page),
    codec: LinkCustomerList,
  });
}

/** One customer's open and part-paid invoices, searched by number from 2 characters (spec 1 §5). */
export function fetchCustomerInvoices(
  client: ApiClient,
  params: { customerId: string; search: string; page: number },
  product?: string,
) {
  return fetchInvoices(
    client,
    { filter: 'open', customerId: params.customerId, numberSearch: params.search, page: params.page },
    product,
  );
}

/** POST /payments/send_payment_links. */
export function sendPaymentLinks(client: ApiClient, body: SendLinksBody, key: string): Promise<SentLinks> {
  return client.request({
    method: 'POST',
    path: '/payments/send_payment_links',
    body,
    codec: SentLinks,
    headers: idempotent(key),
  });
}

/** POST /schedule_reminders. */
export function scheduleReminder(client: ApiClient, body: ReminderBody, key: string): Promise<ScheduledReminder> {
  return client.request({
    method: 'POST',
    path: '/schedule_reminders',
    body,
    codec: ScheduledReminder,
    headers: idempotent(key),
  });
}
