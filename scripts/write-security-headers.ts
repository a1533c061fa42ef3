import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { headerFiles, optionsFromEnv, securityHeaders } from '../build/security-headers';

/**
 * `npm run headers`: writes the built app's security headers (build/security-headers.ts) as files for static hosts,
 * `public/_headers` (Netlify, Cloudflare Pages; Vite copies it into dist/) and
 * `deploy/nginx-security-headers.conf`. It reads what the build reads (VITE_API_BASE_URL, from the
 * environment or .env files) and CSP_IMG_ORIGINS. The committed files are for the default build (`/api` on the
 * app's origin); tests/lint/security-headers.test.ts fails when they differ from what this script writes.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const options = optionsFromEnv(loadEnv('production', root, ['VITE_', 'CSP_']));
for (const [path, text] of Object.entries(headerFiles(securityHeaders(options)))) {
  const target = join(root, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${path}`);
}
