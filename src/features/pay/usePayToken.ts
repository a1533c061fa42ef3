import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { PAY_TOKEN_KEY } from './redirects';

/** The token this tab was opened with (session storage: this tab only, gone when it closes). */
export function storedPayToken(): string {
  try {
    return sessionStorage.getItem(PAY_TOKEN_KEY) ?? '';
  } catch {
    return ''; // storage turned off: only a link with the token opens the page
  }
}

function keepPayToken(token: string): void {
  try {
    sessionStorage.setItem(PAY_TOKEN_KEY, token);
  } catch {
    // storage turned off: the page keeps the token in memory until it is left
  }
}

/**
 * Takes `token` out of the address bar (the same history entry, every other parameter and the hash
 * kept), so it is not left in the browser's history, a bookmark, a shared screenshot or a Referer.
 */
export function dropTokenFromAddressBar(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * The pay page's token: read once from the link (`?token=`), then kept for this tab in session storage and
 * taken out of the address bar. A reload of the tab finds it there; a new tab without it has none (the
 * page then says the link has no token). The token goes to the provider only in the Authorization header.
 */
export function usePayToken(): string {
  const fromUrl = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [kept, setKept] = useState(() => fromUrl || storedPayToken());
  // A new link opened in this tab replaces the token kept before (state adjusted while rendering, not in an effect).
  if (fromUrl && fromUrl !== kept) setKept(fromUrl);
  useEffect(() => {
    if (!fromUrl) return;
    keepPayToken(fromUrl);
    dropTokenFromAddressBar();
  }, [fromUrl]);
  return fromUrl || kept;
}
