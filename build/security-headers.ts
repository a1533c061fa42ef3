/**
 * The built app's security headers: the one source for `vite preview` (vite.config.ts), the header files
 * for static hosts (`public/_headers`, `deploy/nginx-security-headers.conf`, written by
 * `npm run headers`) and their tests. Plain TypeScript, no imports: vite.config.ts, scripts and tests read it.
 *
 * Why each Content-Security-Policy source is there (nothing else is allowed):
 * - `default-src 'self'`: everything not named below: the app's own files only (no frames, workers, media
 *   or manifests from anywhere else; its one worker, the CSV reader, is one of its own files).
 * - `script-src 'self'`: the built index.html has no inline script, only `<script type="module" src>` and
 *   module preloads of its own chunks; nothing calls eval or new Function. No 'unsafe-inline', no 'unsafe-eval'.
 * - `style-src 'self' 'unsafe-inline'`: styled-components writes its rules into `<style>` elements at run
 *   time, react-hot-toast (goober) writes the text of its own `<style>` element, and ECharts' tooltip is
 *   HTML with `style="..."` attributes. Their content changes with the state of the page, so neither a hash
 *   nor a nonce (a static host cannot make one per response) can name them; measured: without it Chromium
 *   blocks styled-components' sheet and the app stops with its error 17. Scripts stay strict: an injected
 *   style runs no code, and the img-src list below bounds where its url()s can send anything.
 * - `img-src 'self'` (+ the provider's origin when it is another one, + CSP_IMG_ORIGINS): the favicon and the
 *   anchor's logo (`logo_url`, an absolute URL the provider answers: the mock serves it from its own origin).
 *   Charts draw on a canvas; the app uses no data: or blob: images.
 * - `connect-src 'self'` (+ the origin of an absolute VITE_API_BASE_URL): the provider, by default at `/api`
 *   on the app's own origin.
 * - `object-src 'none'`, `base-uri 'none'`: no plugins; no `<base>` can move relative URLs.
 * - `form-action 'none'`: every form of the app is handled in script (submit is prevented); none posts
 *   anywhere. The payment gateway is reached by `window.location.assign` (a navigation, which CSP does not
 *   govern) after the page checked the address against VITE_GATEWAY_ORIGINS, so it needs no source here.
 * - `frame-ancestors 'none'` (and `X-Frame-Options: DENY` for old browsers): no page of the app, the pay
 *   page above all, may be shown inside another site's frame.
 */

export interface SecurityHeaderOptions {
  /** VITE_API_BASE_URL the app is built with: an absolute URL adds its origin to connect-src and img-src. */
  apiBaseUrl?: string;
  /** More origins images may come from (CSP_IMG_ORIGINS): the provider's logo host when it is not the API origin. */
  imageOrigins?: readonly string[];
}

/** The origin of an http(s) URL; anything else (a path, a wildcard, another scheme) is refused rather than widened. */
export function originOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`security headers: '${url}' is not an absolute http(s) URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`security headers: '${url}' is not an http(s) URL`);
  return parsed.origin;
}

/** The API origin when VITE_API_BASE_URL is absolute; null for a path on the app's own origin (`/api`). */
export function apiOrigin(apiBaseUrl: string | undefined): string | null {
  const value = (apiBaseUrl ?? '').trim();
  if (value.startsWith('//')) throw new Error(`security headers: give VITE_API_BASE_URL '${value}' a scheme (https:)`);
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? originOf(value) : null;
}

/** A comma-separated list of origins (an environment variable) as a list. */
export function originList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map(originOf);
}

const unique = (items: readonly string[]) => [...new Set(items)];

/** The Content-Security-Policy of the built app. */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const api = apiOrigin(options.apiBaseUrl);
  const extraImages = (options.imageOrigins ?? []).map(originOf);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', unique(["'self'", ...(api ? [api] : []), ...extraImages])],
    ['connect-src', unique(["'self'", ...(api ? [api] : [])])],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Browser features the app never uses, turned off for it and anything it might embed. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The headers every response of the built app carries, except the CSP (also safe for the dev server). */
export function baseSecurityHeaders(): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** The whole production set: the CSP first, then the rest. */
export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return { 'Content-Security-Policy': contentSecurityPolicy(options), ...baseSecurityHeaders() };
}

/** The options a deployment gives through the environment (the same variables the build reads, plus CSP_IMG_ORIGINS). */
export function optionsFromEnv(env: Record<string, string | undefined>): SecurityHeaderOptions {
  return { apiBaseUrl: env.VITE_API_BASE_URL, imageOrigins: originList(env.CSP_IMG_ORIGINS) };
}

const GENERATED = 'Generated by `npm run headers` from build/security-headers.ts: edit that file, not this one.';

/** `public/_headers`: Netlify and Cloudflare Pages read it from the published folder (Vite copies public/ into dist/). */
export function netlifyHeadersFile(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return [
    `# ${GENERATED}`,
    '# Every path, the SPA routes (served as index.html) and the assets included.',
    '/*',
    ...lines,
    '',
  ].join('\n');
}

/**
 * `deploy/nginx-security-headers.conf`: `include` it in the `server` block that serves dist/. nginx drops
 * inherited add_header lines in any block that has its own, so include it again in such a `location`.
 */
export function nginxHeadersFile(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => {
    if (value.includes('"')) throw new Error(`security headers: ${name} holds a double quote`);
    return `add_header ${name} "${value}" always;`;
  });
  return [
    `# ${GENERATED}`,
    '# include it in the server block that serves dist/ (and again in any location with add_header lines of its own).',
    ...lines,
    '',
  ].join('\n');
}

/** The committed header files, relative to the repository root, for a set of headers. */
export function headerFiles(headers: Record<string, string>): Record<string, string> {
  return {
    'public/_headers': netlifyHeadersFile(headers),
    'deploy/nginx-security-headers.conf': nginxHeadersFile(headers),
  };
}
