import { checkProductKey, DEFAULT_PRODUCT } from './lib/product';

/**
 * The app's whole configuration, from build-time environment variables:
 * - VITE_API_BASE_URL: where the provider is. Default `/api`, which the dev server and `vite preview`
 *   proxy to the mock provider. Point it at a real provider's origin to use that instead.
 * - VITE_PRODUCT: the provider's product key (fills `{product}` in routes, field names, media types).
 */
export const config = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL || '/api',
  product: checkProductKey(import.meta.env.VITE_PRODUCT || DEFAULT_PRODUCT),
} as const;
