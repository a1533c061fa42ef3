import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileHints } from './compile-hints.ts';
import { preloadEveryVisit } from './preload.ts';
import { build, type InlineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { checkProductKey, DEFAULT_PRODUCT } from '../src/domain/product.ts';
import { payPaths } from '../src/domain/access.ts';

/**
 * The public pay pages' own build: `pay.html` (entry src/app/pay-main.tsx) with React swapped for Preact
 * (`preact/compat`). A retailer opens the pay page from an SMS link on a cheap phone, and React alone kept its
 * first-load JS over budget (tests/bench/budgets.ts); Preact is a small fraction of React's size. The rest of
 * the app stays React.
 *
 * `payPages()` (in vite.config.ts) runs this build after every `vite build`, into the same outDir with the
 * same mode (so the same .env files and VITE_* variables); its files go to `assets/pay/`, so nothing clashes
 * with the app's. `vite preview` serves pay.html for the pay routes. The dev server does not: there
 * index.html serves them with React, as it also does when a deployment does not route them to pay.html.
 */

export const PAY_HTML = 'pay.html';
/** Where the pay build's files go, under the app's `assets/` (so a host's caching rule for it covers them). */
const PAY_ASSETS = 'assets/pay';

/** The modules every visit of the pay page loads after its entry: the renderer, the pay app and its screen. */
const EVERY_VISIT = /\/src\/(app\/(mount|PayApp)|features\/pay\/PayScreen)\.tsx$/;

/** Every way the code and its libraries name React, mapped to Preact's compatibility layer. */
/*
 * Libraries (wouter, @xstate/react, SWR) import use-sync-external-store's shims, which carry a fallback for
 * React before 18. React 19 and preact/compat have the hook: the selector entry is taken without the shim, and
 * the plain hook from React itself (src/lib/sync-external-store.ts; the package's plain entry logs an error).
 */
export const SYNC_STORE_ALIASES = [
  {
    find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
    replacement: 'use-sync-external-store/with-selector',
  },
  {
    find: /^use-sync-external-store\/shim(\/index)?(\.js)?$/,
    replacement: fileURLToPath(new URL('../src/lib/sync-external-store.ts', import.meta.url)),
  },
];

const PREACT_ALIASES = [
  ...SYNC_STORE_ALIASES,
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** The second build, in the app build's outDir and mode; it adds files and removes none. */
function payBuildConfig(app: ResolvedConfig): InlineConfig {
  return {
    configFile: false,
    root: app.root,
    base: app.base,
    mode: app.mode,
    envDir: app.envDir,
    logLevel: app.logLevel,
    // The app's JSX transform (it emits react/jsx-runtime, aliased below).
    // Every file a visit loads runs nearly all its code: compiled as it streams in (build/compile-hints.ts).
    plugins: [
      react(),
      preloadEveryVisit(PAY_HTML, EVERY_VISIT),
      compileHints(/\/src\/app\/pay-main\.tsx$|\/src\/(app\/(mount|PayApp)|features\/pay\/PayScreen)\.tsx$/),
    ],
    resolve: { alias: PREACT_ALIASES },
    build: {
      outDir: resolve(app.root, app.build.outDir),
      emptyOutDir: false,
      // public/ is the app build's to copy.
      copyPublicDir: false,
      sourcemap: false,
      target: 'es2022',
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: resolve(app.root, PAY_HTML),
        output: {
          // A folder of its own: no file can take the name of one of the app's.
          entryFileNames: `${PAY_ASSETS}/[name]-[hash].js`,
          chunkFileNames: `${PAY_ASSETS}/[name]-[hash].js`,
          assetFileNames: `${PAY_ASSETS}/[name]-[hash][extname]`,
          // As the app's entry: the entry and its static imports in one file, so the early pay-link request
          // leaves after one download. Then what the pay page needs before it shows (the renderer, the pay app,
          // the screen and everything they import) in one more file: a phone on HTTP/1.1 fetches six files at
          // a time, and thirteen small ones made a second and third round (LCP 1.92-2.00 s, one file 1.7 s:
          // `npm run bench -- --only lighthouse`). Lazy parts (the toast library, the success screen, the
          // inspector) stay their own files.
          codeSplitting: {
            groups: [
              { name: 'pay', tags: ['$initial'], priority: 2 },
              { name: 'pay-page', priority: 1, test: EVERY_VISIT },
            ],
          },
        },
      },
    },
  };
}

/** The pay paths `vite preview` answers with pay.html: the app's routes with `{product}` from VITE_PRODUCT. */
function payPathsOf(env: Record<string, string | undefined>): Set<string> {
  return new Set(payPaths(checkProductKey(env.VITE_PRODUCT || DEFAULT_PRODUCT)));
}

/** Builds pay.html after the app (`vite build`), and serves it for the pay routes under `vite preview`. */
export function payPages(): Plugin[] {
  let app: ResolvedConfig;
  return [
    {
      name: 'anchor:pay-build',
      apply: 'build',
      configResolved(config) {
        app = config;
      },
      async closeBundle() {
        await build(payBuildConfig(app));
      },
    },
    {
      name: 'anchor:pay-preview',
      configurePreviewServer(server) {
        const paths = payPathsOf(server.config.env);
        // A build from before the pay build has no pay.html: index.html keeps serving the pay routes.
        if (!existsSync(resolve(server.config.root, server.config.build.outDir, PAY_HTML))) return;
        // Before Vite's static files: the rewritten request is served as the file pay.html, with the preview headers.
        server.middlewares.use((req, _res, next) => {
          const url = new URL(req.url ?? '/', 'http://preview');
          if (paths.has(url.pathname)) req.url = `/${PAY_HTML}${url.search}`;
          next();
        });
      },
    },
  ];
}
