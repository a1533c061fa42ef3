import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { dropTokenFromAddressBar, keepPayToken, linkPayToken, storedPayToken } from './pay-token';

/**
 * The pay page's token: read once from the link (`?token=`), then kept for this tab in session storage and
 * taken out of the address bar. A reload of the tab finds it there; a new tab without it has none (the
 * page then says the link has no token). The token goes to the provider only in the Authorization header.
 */
export function usePayToken(): string {
  const fromUrl = linkPayToken(useSearch());
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
