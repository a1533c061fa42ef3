// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAY_TOKEN_KEY } from './redirects';
import { usePayToken } from './usePayToken';

/** Puts the tab on `url`, as if the link had just been opened. */
const open = (url: string, state: unknown = null) => window.history.replaceState(state, '', url);
const addressBar = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

beforeEach(() => {
  sessionStorage.clear();
  open('/');
});
afterEach(cleanup);

describe('usePayToken', () => {
  it('reads the token from the link, keeps it for the tab, and takes it out of the address bar in the same history entry', () => {
    open('/pay-with-provider?token=tok-1&docs.page=2#docs', { from: 'router' });
    const entries = window.history.length;
    const { result } = renderHook(() => usePayToken());
    expect(result.current).toBe('tok-1');
    expect(sessionStorage.getItem(PAY_TOKEN_KEY)).toBe('tok-1');
    expect(addressBar()).toBe('/pay-with-provider?docs.page=2#docs');
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ from: 'router' });
  });

  it('finds the token again after a reload of the tab', () => {
    sessionStorage.setItem(PAY_TOKEN_KEY, 'tok-1');
    open('/pay-with-provider?docs.page=2');
    expect(renderHook(() => usePayToken()).result.current).toBe('tok-1');
    expect(addressBar()).toBe('/pay-with-provider?docs.page=2');
  });

  it('has no token in a new tab opened without one', () => {
    open('/pay-with-provider');
    expect(renderHook(() => usePayToken()).result.current).toBe('');
  });

  it('takes a new link opened in the tab over the token kept before', () => {
    sessionStorage.setItem(PAY_TOKEN_KEY, 'tok-old');
    open('/pay-with-provider?token=tok-new');
    expect(renderHook(() => usePayToken()).result.current).toBe('tok-new');
    expect(sessionStorage.getItem(PAY_TOKEN_KEY)).toBe('tok-new');
    expect(addressBar()).toBe('/pay-with-provider');
  });
});
