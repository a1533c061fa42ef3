// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { fetchDocs, startPayLinkRequest, type Collection } from './pay-link';
import { PAY_TOKEN_KEY } from './redirects';

/** The smallest answer the collection's codec reads: no documents, the header's required fields. */
const ANSWER = {
  data: [],
  meta: {
    anchor_id: 1,
    anchor_name: 'Anchor',
    distributor_code: 'CS1',
    distributor_name: 'Retailer',
    is_sales_order: false,
    open_limit_customer: false,
    require_otp: false,
    show_provider_credit_option: true,
    show_provider_pay_option: true,
    show_virtual_account_number: false,
  },
  pagy: { count: 0, page: 1 },
};
let sent: { url: string; authorization: string | undefined }[];

beforeEach(() => {
  sessionStorage.clear();
  sent = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
    return Promise.resolve(new Response(JSON.stringify(ANSWER), { headers: { 'content-type': 'application/json' } }));
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A client that records the views the page asks for itself. */
function pageClient() {
  const request = vi.fn(() => Promise.resolve({} as Collection));
  return { client: { request } as unknown as ApiClient, request };
}

describe('the pay link’s first request, sent by the entry', () => {
  it('asks at once for the view in the address, with the link’s token in Authorization only; the page takes that answer once', async () => {
    startPayLinkRequest('?token=tok-1&docs.f.tab=closed&docs.page=2');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: '/api/invoice_collection?status=closed&page=2', authorization: 'tok-1' });

    const { client, request } = pageClient();
    await expect(fetchDocs(client, { token: 'tok-1', tab: 'closed', page: 2 })).resolves.toMatchObject({ data: [] });
    expect(request).not.toHaveBeenCalled();
    // Taken: Retry, another tab or page, a reload of the list after a payment ask again.
    await fetchDocs(client, { token: 'tok-1', tab: 'closed', page: 2 });
    expect(request).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
  });

  it('is not taken for another view than the one it asked for', async () => {
    startPayLinkRequest('?token=tok-1');
    const { client, request } = pageClient();
    await fetchDocs(client, { token: 'tok-1', tab: 'open', page: 2 });
    expect(request).toHaveBeenCalledTimes(1);
    await fetchDocs(client, { token: 'tok-1', tab: 'open', page: 1 }); // the first view's, still there
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('uses the token this tab kept when the address has none, and sends nothing without a token', async () => {
    startPayLinkRequest('');
    expect(sent).toEqual([]);
    sessionStorage.setItem(PAY_TOKEN_KEY, 'tok-kept');
    startPayLinkRequest('?docs.page=3');
    await vi.waitFor(() =>
      expect(sent).toEqual([{ url: '/api/invoice_collection?status=open&page=3', authorization: 'tok-kept' }]),
    );
    await fetchDocs(pageClient().client, { token: 'tok-kept', tab: 'open', page: 3 });
  });
});
