// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers, one direction (docs/architecture.md):
 *
 *   src/domain  <-  machines  <-  src/{api,lib,ui}  <-  src/features/<area>  <-  src/app
 *   mock-server imports only src/domain.
 *   build/ and the top-level configs import only src/domain (Node loads them before any bundling).
 *
 * `import-x/no-restricted-paths` zones forbid every import against the arrows, a feature importing
 * another feature included; `import-x/no-cycle` forbids cycles. Tests may reach further (a machine's test
 * drives its effects with the client's errors, a mock test decodes answers with the app's codecs, an API
 * test runs against the mock), but never into features or the app from below. tests/lint/layers.test.ts shows each rule failing.
 */

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const APP = ['src/app', 'src/main.tsx'];
const FEATURE_ROOT = 'src/features';
const KIT = ['src/api', 'src/lib', 'src/ui', 'src/config.ts'];
const BUILD = ['build', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts'];

/** @param {{ tests: boolean }} options */
function layerZones({ tests }) {
  /** What a test file may reach beyond its own layer: the client's codecs and errors, and the mock to run against. */
  const testReach = tests ? ['src/api', 'mock-server'] : [];
  const without = (/** @type {string[]} */ list, /** @type {string[]} */ allowed) =>
    list.filter((p) => !allowed.includes(p));
  const OUTSIDE = [...without(['mock-server', 'tests', 'scripts'], testReach), ...BUILD];
  return [
    {
      target: 'src/domain',
      from: [...KIT, FEATURE_ROOT, ...APP, 'machines', 'mock-server', 'tests', 'scripts', ...BUILD],
      message: 'src/domain is the kernel: it imports nothing of the app, the machines or the mock.',
    },
    {
      target: 'machines',
      from: [...without(KIT, testReach), FEATURE_ROOT, ...APP, ...OUTSIDE],
      message:
        'Machines import only xstate, src/domain and other machines; declare the types you need and let src/api satisfy them.',
    },
    {
      target: KIT,
      from: [FEATURE_ROOT, ...APP, ...OUTSIDE],
      message:
        'src/api, src/lib and src/ui sit below the features and the app: move what you need down, or pass it in.',
    },
    {
      target: ['src/api', 'src/lib'],
      from: 'src/ui',
      message: 'The kit (src/ui) builds on src/api and src/lib, not the other way round.',
    },
    ...FEATURES.map((feature) => ({
      target: `${FEATURE_ROOT}/${feature}`,
      from: FEATURE_ROOT,
      except: [`./${feature}`],
      message: `A feature never imports another feature: move what ${feature} shares into src/ui, src/lib or src/domain.`,
    })),
    {
      target: FEATURE_ROOT,
      from: [...APP, ...OUTSIDE],
      message: 'Features sit below the app: the app collects their screen modules, not the other way round.',
    },
    {
      target: APP,
      from: OUTSIDE,
      message: 'The app does not import the mock, the tests or the scripts.',
    },
    {
      target: 'mock-server',
      from: [...without(KIT, testReach), FEATURE_ROOT, ...APP, 'machines', 'tests', 'scripts', ...BUILD],
      message: 'The mock provider imports only src/domain from the app (its tests may decode with src/api codecs).',
    },
    {
      target: BUILD,
      from: [...KIT, FEATURE_ROOT, ...APP, 'machines', 'mock-server', 'tests', 'scripts'],
      message:
        'The build and the configs import only src/domain: Node loads them as they are, before Vite bundles anything.',
    },
  ];
}

/** Tests, and what only tests import: the path replayer and each machine's path model. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'machines/test-paths.ts', 'machines/**/*.paths.ts'];
const LAYERED = ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'mock-server/**/*.ts', 'build/**/*.ts', '*.config.ts'];

/** No UI, no I/O in the kernel and the machines: they run the same in the browser, in Node and in tests. */
const PURE_IMPORTS = {
  patterns: [
    {
      group: [
        'react',
        'react-dom',
        'react-dom/*',
        'styled-components',
        'swr',
        'wouter',
        '@xstate/react',
        'echarts',
        'echarts/*',
        'react-hot-toast',
      ],
      message: 'The domain kernel and the machines hold no React, no rendering and no fetching.',
    },
  ],
};
const IO = ['fetch', 'XMLHttpRequest', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'];
const IO_MESSAGE =
  'The domain kernel and the machines do no I/O: take it as an effect (machines) or keep it in src/api, src/lib or src/ui.';
const PURE_GLOBALS = IO.map((name) => ({ name, message: IO_MESSAGE }));
/** The same globals reached through globalThis or self. */
const PURE_PROPERTIES = ['globalThis', 'self'].flatMap((object) =>
  IO.map((property) => ({ object, property, message: IO_MESSAGE })),
);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'pacts',
      '.pact-out',
      'playwright-report',
      'test-results',
      '.mock-data',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'public/theme-boot.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // The TypeScript parser and extensions, so the import rules read the files they follow (no-cycle needs it).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true, project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: LAYERED,
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones({ tests: false }) }] },
  },
  {
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones({ tests: true }) }] },
  },
  {
    // Every actor of the app is created through src/lib/inspection.ts, so that QA's inspector, when on, sees and
    // records each one.
    // (Before the kernel's blocks below, which set this rule again for their files.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'src/lib/inspection.ts', 'src/api/session.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@xstate/react',
              importNames: ['useActorRef', 'useMachine', 'useActor'],
              message:
                'Use useFlowActor or useFlowMachine (src/lib/inspection.ts): QA inspects and records every actor.',
            },
            {
              name: 'xstate',
              importNames: ['createActor'],
              message:
                'Pass inspectOption() (src/lib/inspection.ts) to the actor, as src/api/session.ts does: QA inspects and records every actor.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.{ts,tsx}', 'machines/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', PURE_IMPORTS],
      'no-restricted-globals': ['error', ...PURE_GLOBALS],
      'no-restricted-properties': ['error', ...PURE_PROPERTIES],
    },
  },
  {
    files: ['src/domain/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PURE_IMPORTS.patterns,
            {
              group: ['xstate', 'xstate/*', 'io-ts', 'io-ts/*'],
              message: 'The kernel is plain TypeScript: machines and codecs build on it, not it on them.',
            },
          ],
        },
      ],
    },
  },
  {
    // One way to write the mock's rows: everything outside the store and the seed reads the read-only view and
    // writes through the repository, which journals and indexes each write.
    files: ['mock-server/**/*.ts'],
    ignores: [...TESTS, 'mock-server/store/**', 'mock-server/seed/**', 'mock-server/db.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)db$',
              importNames: ['Db'],
              message:
                'Read ctx.db() (ReadonlyDb) and write through ctx.repository (mock-server/store/repository.ts): only the store and the seed hold the writable Db.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['eslint.config.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
