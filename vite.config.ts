import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import { isDevPath } from './src/domain/dev-paths.ts';
import { baseSecurityHeaders, optionsFromEnv, originOf, securityHeaders } from './build/security-headers.ts';
import { payPages, SYNC_STORE_ALIASES } from './build/pay.ts';
import { compileHints } from './build/compile-hints.ts';
import { preloadEveryVisit } from './build/preload.ts';
import { EVERY_VISIT, KIT, modulesAt, RUN_ON_LOAD, SCREEN_FILE, SHELL } from './build/chunks.ts';

/** The modules whose files run nearly all their code when they load (build/compile-hints.ts). */
const runOnLoad = new RegExp(`${modulesAt(RUN_ON_LOAD).source}|${SCREEN_FILE.source}`);
/** A chunk group's test: its modules by path, and packages by name. */
const group = (paths: readonly string[], packages = '') =>
  new RegExp(`${modulesAt(paths).source}${packages ? `|/node_modules/(?:${packages})/` : ''}`);

/**
 * The app reaches the provider at VITE_API_BASE_URL (default `/api`). Both the dev server and
 * `vite preview` proxy `/api` to the mock provider at MOCK_URL (default http://127.0.0.1:MOCK_PORT).
 *
 * Security headers (build/security-headers.ts): `vite preview` sends the production set, CSP included, with
 * every file and the SPA fallback; its img-src also takes MOCK_URL's origin, where the proxied provider
 * serves the anchor logos it links to. The dev server sends the same set without the CSP: Vite's dev client
 * and React Refresh need inline scripts, which the production CSP refuses. No source maps are built.
 *
 * `payPages()` (build/pay.ts): every `vite build` also builds the public pay pages with Preact into pay.html,
 * and `vite preview` serves pay.html for the pay routes.
 */
export default defineConfig(({ mode }) => {
  const mockUrl = process.env.MOCK_URL ?? `http://127.0.0.1:${process.env.MOCK_PORT ?? '3001'}`;
  const proxy: Record<string, ProxyOptions> = {
    '/api': {
      target: mockUrl,
      changeOrigin: true,
      rewrite: (path) => path.replace(/^\/api/, ''),
      // The mock's development pages (dev mailbox with reset links and OTPs, faults) stay on its own port:
      // false answers 404 here, so the app's origin never reaches them, in dev or preview.
      bypass: (req) => (isDevPath(req.url ?? '') ? false : undefined),
    },
  };
  const host = process.env.APP_HOST ?? '127.0.0.1';
  const headerOptions = optionsFromEnv(loadEnv(mode, process.cwd(), ['VITE_', 'CSP_']));
  const previewHeaders = securityHeaders({
    ...headerOptions,
    imageOrigins: [...(headerOptions.imageOrigins ?? []), originOf(mockUrl)],
  });
  return {
    // Every page needs React (mount), the libraries and the app: fetched beside the entry. Compiled as they
    // stream in: those, the entry, the logged-in area with its kit and shell, and the screens.
    plugins: [
      react(),
      payPages(),
      preloadEveryVisit('index.html', modulesAt(Object.values(EVERY_VISIT))),
      compileHints(runOnLoad),
    ],
    resolve: { alias: SYNC_STORE_ALIASES },
    server: {
      host,
      port: Number(process.env.APP_PORT ?? 5173),
      strictPort: true,
      proxy,
      headers: baseSecurityHeaders(),
      // Vite's own list, plus the mock's data folder (reset links, OTPs, pay tokens): the dev server serves
      // files under the project root, and this one must not be among them.
      fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.mock-data/**'] },
    },
    preview: { host, port: Number(process.env.APP_PORT ?? 4173), strictPort: true, proxy, headers: previewHeaders },
    build: {
      sourcemap: false,
      target: 'es2022',
      // Every browser of the es2022 target knows <link rel=modulepreload>: no polyfill in the entry.
      modulePreload: { polyfill: false },
      // The entry and everything it imports statically (no React: src/main.tsx) in one file, so its early
      // requests (the pay link's, a stored session's profile and screen) leave after one download. Highest
      // priority: with the shell group above it, Vite's preload helper went into the shell file, and the entry
      // waited for that file to arrive and run before it could ask for anything.
      // Then React, the libraries and the app with everything they import statically, in three more files
      // (preloaded from the HTML): few files, as a phone on HTTP/1.1 fetches six at a time and fifteen small ones
      // took three rounds, but three, as the entry runs each file in a task of its own (src/main.tsx): React's
      // alone takes about 100 ms at 4x CPU.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'index', tags: ['$initial'], priority: 4 },
              { name: 'react', priority: 3.5, test: group([EVERY_VISIT.react], 'react|react-dom|scheduler') },
              {
                name: 'libraries',
                priority: 3.2,
                test: group(
                  [EVERY_VISIT.libraries],
                  'xstate|@xstate/react|io-ts|fp-ts|styled-components|stylis|@emotion|wouter|regexparam|use-sync-external-store',
                ),
              },
              { name: 'app', priority: 3, test: group([EVERY_VISIT.app]) },
              // The small pieces the screens share that the app file has not taken (form fields, toasts, the
              // kernel's texts and money): one file rather than a dozen tiny ones, which compress worse and cost a
              // request each.
              {
                name: 'shell',
                priority: 2,
                test: group(SHELL),
              },
              // Likewise the list and card kit the logged-in screens share (and SWR), loaded with the first of them.
              {
                name: 'kit',
                priority: 1,
                // Only these modules: their dependencies (the router, the client) stay where the login page finds them.
                includeDependenciesRecursively: false,
                test: group(KIT, 'swr|dequal'),
              },
            ],
          },
        },
      },
    },
  };
});
