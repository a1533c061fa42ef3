import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The bare React 19 + Vite page of `npm run bench` (tests/bench/bench.ts): the same plugin and build settings
 * as the app's vite.config.ts (no source maps, es2022), nothing else. bench.ts passes --outDir.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  build: { sourcemap: false, target: 'es2022', emptyOutDir: true },
  preview: { host: '127.0.0.1', strictPort: true },
});
