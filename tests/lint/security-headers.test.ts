import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headerFiles,
  nginxHeadersFile,
  optionsFromEnv,
  securityHeaders,
} from '../../build/security-headers';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The directives of a policy, by name. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('the committed security header files', () => {
  // The same options `npm run headers` reads (the environment and .env files, as the build does).
  const expected = headerFiles(securityHeaders(optionsFromEnv(loadEnv('production', root, ['VITE_', 'CSP_']))));

  for (const [path, text] of Object.entries(expected)) {
    it(`${path} is what build/security-headers.ts gives (run \`npm run headers\` after changing it)`, () => {
      expect(readFileSync(join(root, path), 'utf8')).toBe(text);
    });
  }
});

describe('the production header set', () => {
  it("allows only the app's own origin, and no wider script or style sources", () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    for (const name of ['object-src', 'base-uri', 'form-action', 'frame-ancestors'])
      expect(csp.get(name), name).toEqual(["'none'"]);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-eval|\*|data:|blob:|https?:(?!\/\/)/);
    expect(securityHeaders()).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  });

  it('adds the origin of an absolute API base to connect-src and img-src, and image origins to img-src', () => {
    const csp = directives(
      contentSecurityPolicy({
        apiBaseUrl: 'https://api.provider.example/v1/',
        imageOrigins: ['https://cdn.provider.example/logos'],
      }),
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.provider.example']);
    expect(csp.get('img-src')).toEqual(["'self'", 'https://api.provider.example', 'https://cdn.provider.example']);
    expect(directives(contentSecurityPolicy({ apiBaseUrl: '/api' })).get('connect-src')).toEqual(["'self'"]);
  });

  it('refuses what would widen the policy instead of naming an origin', () => {
    expect(() => contentSecurityPolicy({ imageOrigins: ['*'] })).toThrow(/not an absolute http\(s\) URL/);
    expect(() => contentSecurityPolicy({ imageOrigins: ['https:'] })).toThrow();
    expect(() => contentSecurityPolicy({ imageOrigins: ['data:image/png;base64,AA'] })).toThrow(/not an http\(s\) URL/);
    expect(() => contentSecurityPolicy({ apiBaseUrl: '//api.provider.example' })).toThrow(/scheme/);
    expect(optionsFromEnv({ CSP_IMG_ORIGINS: ' https://a.example , https://b.example/x ' }).imageOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('writes one always-sent add_header line per header for nginx', () => {
    expect(nginxHeadersFile({ 'X-Frame-Options': 'DENY' })).toContain('add_header X-Frame-Options "DENY" always;\n');
    expect(() => nginxHeadersFile({ Bad: 'a"b' })).toThrow(/double quote/);
  });
});
