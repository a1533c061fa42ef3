import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The policy of every answer the mock gives. Its browser pages (the fake gateway, statement and collections
 * pages of routes/gateway.ts, the static files in mock-server/public such as the anchor logos, the HTML
 * error page of fault mode) load nothing from anywhere and run no script; a JSON or CSV answer is not a
 * page, so the policy changes nothing for it. A route that serves a page with needs of its own sets its own
 * policy, and keeps `frame-ancestors 'none'` in it (routes/gateway.ts allows its inline `<style>` and its
 * form posts).
 */
const MOCK_CSP_DIRECTIVES = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * The mock's security headers, through helmet: `X-Content-Type-Options: nosniff` and `X-Frame-Options: DENY`
 * on every answer, the CSP above (frame-ancestors 'none'), `Referrer-Policy: no-referrer`, COOP same-origin
 * and helmet's other harmless defaults. Left out on purpose: Strict-Transport-Security (the mock speaks
 * plain http on this machine) and Cross-Origin-Resource-Policy (helmet's `same-origin` would stop the app,
 * on another port, from showing the anchor logos the mock links to). Mount it first, before any route.
 */
export function securityHeaders(): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: MOCK_CSP_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: false,
    strictTransportSecurity: false,
  });
  return headers;
}
