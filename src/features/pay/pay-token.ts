import { PAY_TOKEN_KEY } from './redirects';

/** The token a pay link carries (`?token=`), trimmed; '' when it has none. */
export function linkPayToken(search: string): string {
  return new URLSearchParams(search).get('token')?.trim() ?? '';
}

/** The token this tab was opened with (session storage: this tab only, gone when it closes). */
export function storedPayToken(): string {
  try {
    return sessionStorage.getItem(PAY_TOKEN_KEY) ?? '';
  } catch {
    return ''; // storage turned off: only a link with the token opens the page
  }
}

export function keepPayToken(token: string): void {
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
