/**
 * Where the pay page may send a customer (the payment gateway, the collections site): only to an allowed
 * origin over https; in development also to this machine (the mock's fake gateway and collections pages).
 */
export function isAllowedExternalUrl(
  url: string,
  allowedOrigins: readonly string[],
  options: { dev: boolean; devOrigins?: readonly string[] },
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:' && allowedOrigins.includes(parsed.origin)) return true;
  if (!options.dev) return false;
  const local =
    ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname) &&
    (parsed.protocol === 'http:' || parsed.protocol === 'https:');
  return local || (options.devOrigins ?? []).includes(parsed.origin);
}

/**
 * The collections site 'Clear Credit Dues' opens: the configured URL, or in development the mock's fake
 * collections page (through the app's API proxy).
 */
export function collectionsBase(
  configured: string,
  options: { dev: boolean; apiBaseUrl: string; origin: string },
): string {
  if (configured !== '') return configured;
  return options.dev
    ? new URL(`${options.apiBaseUrl.replace(/\/$/, '')}/fake-collections`, options.origin).toString()
    : '';
}

/**
 * The collections page of an overdue customer with the spec's payload (loan id, overdue amount) encoded,
 * or null when the site is not configured or not on the allow-list (then the button stays disabled).
 */
export function collectionsLink(
  base: string,
  payload: { loan_id: string; loan_amount: number },
  policy: { allowedOrigins: readonly string[]; dev: boolean },
): string | null {
  if (!base || !isAllowedExternalUrl(base, policy.allowedOrigins, { dev: policy.dev })) return null;
  const url = new URL(base);
  url.searchParams.set('payload', btoa(JSON.stringify(payload)));
  return url.toString();
}

/**
 * Where the tab keeps its page token (session storage): the pay page's address loses it once read, a
 * reload reads it here, and so does the success page, which the gateway opens without it.
 */
export const PAY_TOKEN_KEY = 'pay_token';
/** The statement link (soa_link) of the pay page, for the success page's View Statement. */
export const PAY_STATEMENT_KEY = 'pay_statement';
