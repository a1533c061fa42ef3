/**
 * The provider's product key is one configuration value (`VITE_PRODUCT`, default `provider`).
 * It fills `{product}` in routes (`/pay-with-provider`), field names (`cleared_using_provider_credit`)
 * and the vendor media type of the Accept header. The app and the mock both read it from here.
 */
export const DEFAULT_PRODUCT = 'provider';

/** Product keys become part of paths, field names and media types: keep them to safe characters. */
export function checkProductKey(key: string): string {
  if (!/^[a-z][a-z0-9_]{1,30}$/.test(key)) {
    throw new Error(`Invalid product key '${key}': use 2-31 lower-case letters, digits or underscores.`);
  }
  return key;
}

/** Replaces every `{product}` in a template: `pay-with-{product}` -> `pay-with-provider`. */
export function withProduct(template: string, product: string): string {
  return template.replaceAll('{product}', product);
}

export type ApiVersion = 1 | 2;

/** The versioned vendor media type, e.g. `application/vnd.provider.v1+json`. */
export function vendorMediaType(product: string, version: ApiVersion): string {
  return `application/vnd.${product}.v${version}+json`;
}
