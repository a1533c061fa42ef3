// No imports: vite.config.ts loads this file (the app's /api proxy stays off the mock's development pages)
// and the mock reads it for the same paths.

/** True for a URL the `/api` proxy must not forward: a `__dev` segment anywhere in its path, however spelt. */
export function isDevPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: judge the raw text
  }
  return /(^|[\\/])__dev([\\/]|$)/i.test(decoded);
}
