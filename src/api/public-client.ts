import { config } from '../config';
import { createApiClient, type ApiClient } from './client';

let client: ApiClient | null = null;

/**
 * The client of the public pay pages: no session behind it (every call carries the page token, or nothing),
 * so those pages load no session machine. One per page, shared by the entry's early request and the screens.
 */
export function publicClient(): ApiClient {
  client ??= createApiClient({
    baseUrl: config.apiBaseUrl,
    product: config.product,
    ...(config.requestTimeoutMs ? { timeoutMs: config.requestTimeoutMs } : {}),
  });
  return client;
}
