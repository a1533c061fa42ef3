import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/**
 * The app reaches the provider at VITE_API_BASE_URL (default `/api`). Both the dev server and
 * `vite preview` proxy `/api` to the mock provider at MOCK_URL (default http://127.0.0.1:MOCK_PORT).
 */
export default defineConfig(() => {
  const mockUrl = process.env.MOCK_URL ?? `http://127.0.0.1:${process.env.MOCK_PORT ?? '3001'}`;
  const proxy: Record<string, ProxyOptions> = {
    '/api': { target: mockUrl, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') },
  };
  const host = process.env.APP_HOST ?? '127.0.0.1';
  return {
    plugins: [react()],
    server: { host, port: Number(process.env.APP_PORT ?? 5173), strictPort: true, proxy },
    preview: { host, port: Number(process.env.APP_PORT ?? 4173), strictPort: true, proxy },
    build: { sourcemap: true, target: 'es2022' },
  };
});
