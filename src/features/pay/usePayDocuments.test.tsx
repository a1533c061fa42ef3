// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { QueryStoreProvider } from '../../ui/query-store';
import type { ApiClient } from '../../api/client';
import { ClientProvider } from '../../api/client-context';
import { usePayDocuments } from './usePayDocuments';

afterEach(cleanup);

function setup(search: string) {
  const location = memoryLocation({ path: `/pay-with-provider?${search}`, record: true });
  const request = vi.fn(() => new Promise<never>(() => {}));
  const client = { request } as unknown as ApiClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ClientProvider client={client}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <QueryStoreProvider>{children}</QueryStoreProvider>
        </Router>
      </SWRConfig>
    </ClientProvider>
  );
  const view = renderHook(() => usePayDocuments('tok-1'), { wrapper });
  const url = () => location.history.at(-1);
  const asked = () => (request.mock.calls.at(-1) as unknown as [{ query: Record<string, unknown>; auth: unknown }])[0];
  return { ...view, url, asked };
}

describe('usePayDocuments', () => {
  it('starts on the open tab, page 1, with a clean URL', () => {
    const { result, url, asked } = setup('token=tok-1');
    expect(result.current.tab).toBe('open');
    expect(result.current.page).toBe(1);
    expect(url()).toBe('/pay-with-provider?token=tok-1');
    // The token goes in the Authorization header only, never in the query.
    expect(asked().query).toEqual({ status: 'open', page: 1 });
    expect(asked().auth).toEqual({ token: 'tok-1' });
  });

  it('keeps the tab and page in the URL beside the token; another tab goes back to page 1', () => {
    const { result, url, asked } = setup('token=tok-1');
    act(() => result.current.setPage(3));
    expect(url()).toBe('/pay-with-provider?token=tok-1&docs.page=3');
    expect(result.current.page).toBe(3);
    expect(asked().query).toEqual({ status: 'open', page: 3 });
    act(() => result.current.setTab('closed'));
    expect(url()).toBe('/pay-with-provider?token=tok-1&docs.f.tab=closed');
    expect(result.current).toMatchObject({ tab: 'closed', page: 1 });
    expect(asked().query).toEqual({ status: 'closed', page: 1 });
    act(() => result.current.setTab('open'));
    expect(url()).toBe('/pay-with-provider?token=tok-1');
  });

  it('reads a shared link, and takes an unknown tab as the open one', () => {
    expect(setup('token=tok-1&docs.f.tab=partial&docs.page=2').result.current).toMatchObject({
      tab: 'partial',
      page: 2,
    });
    cleanup();
    expect(setup('token=tok-1&docs.f.tab=bogus').result.current).toMatchObject({ tab: 'open', page: 1 });
  });
});
