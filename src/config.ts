import { checkProductKey, DEFAULT_PRODUCT } from './domain/product';

/**
 * The app's whole configuration, from build-time environment variables:
 * - VITE_API_BASE_URL: where the provider is. Default `/api`, which the dev server and `vite preview`
 *   proxy to the mock provider. Point it at a real provider's origin to use that instead.
 * - VITE_PRODUCT: the provider's product key (fills `{product}` in routes, field names, media types).
 * - VITE_REQUEST_TIMEOUT_MS: how long one request may take before it ends in a 'did not answer' error with
 *   Retry (default 20,000; the browser-test build uses a shorter one so a stall is quick to show).
 */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
const positive = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
};

export const config = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL || '/api',
  product: checkProductKey(import.meta.env.VITE_PRODUCT || DEFAULT_PRODUCT),
  /** Per-request timeout in ms; undefined is the client's default (20 s). */
  requestTimeoutMs: positive(import.meta.env.VITE_REQUEST_TIMEOUT_MS),
  /** Payment gateway origins the pay page may send a customer to (https only). */
  gatewayOrigins: list(import.meta.env.VITE_GATEWAY_ORIGINS),
  /** The mock's own fake gateway on this machine may be used: always in development, and in builds made for the browser tests. */
  allowLocalGateway: import.meta.env.DEV || import.meta.env.VITE_ALLOW_LOCAL_GATEWAY === 'true',
  /** Where 'Clear Credit Dues' sends an overdue customer, and the origins it may be on. */
  collectionsUrl: import.meta.env.VITE_COLLECTIONS_URL || '',
  collectionsOrigins: list(import.meta.env.VITE_COLLECTIONS_ORIGINS),
  /** Support contacts shown when a payment fails. */
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@provider.example',
  supportPhone: import.meta.env.VITE_SUPPORT_PHONE || '1800 000 0000',
} as const;
