/**
 * Where the pay page may send a customer. A gateway link from the provider is followed only to an allowed
 * origin over https; in development the mock's own fake gateway (same machine) is allowed too.
 */
export function isAllowedGatewayUrl(url: string, allowedOrigins: readonly string[], options: { dev: boolean; devOrigins?: readonly string[] }): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:' && allowedOrigins.includes(parsed.origin)) return true;
  if (!options.dev) return false;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname) && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
  return local || (options.devOrigins ?? []).includes(parsed.origin);
}

/** The collections page of an overdue customer, with the spec's payload (loan id, overdue amount) encoded. */
export function collectionsLink(base: string, payload: { loan_id: string; loan_amount: number }): string | null {
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && !['localhost', '127.0.0.1'].includes(url.hostname)) return null;
  url.searchParams.set('payload', btoa(JSON.stringify(payload)));
  return url.toString();
}

/** The page token is needed again on the success page, which the gateway opens without it. */
export const PAY_TOKEN_KEY = 'pay_token';
