import { createServer, preview } from 'vite';
import { createMockServer } from '../mock-server/app';
import { demoLoginLines, demoPayLinkLines, devMailboxLines, mockSettings } from '../mock-server/main';

/**
 * `npm start`: the mock provider and the app in one process, one Ctrl-C stops both.
 * The app is the Vite dev server, or with --preview the built app (`dist/`) served by `vite preview`;
 * either proxies `/api` to the mock. Ports: APP_PORT (5173, or 4173 for --preview) and MOCK_PORT (3001).
 * APP_OUT_DIR serves another build than `dist/` (parallel browser runs each build into their own folder).
 * Every mock flag works here too (--seed, --scale, --token-ttl, --data-dir, --memory, --reset).
 */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const previewMode = argv.includes('--preview');
  const appPort = Number(process.env.APP_PORT ?? (previewMode ? 4173 : 5173));
  process.env.APP_URL ??= `http://127.0.0.1:${appPort}`;
  const settings = mockSettings(argv);

  const mock = createMockServer(settings.options);
  const runningMock = await mock.listen(settings.port, settings.host);
  process.env.MOCK_URL = runningMock.url;

  const app = previewMode
    ? await preview({ preview: { port: appPort }, build: { outDir: process.env.APP_OUT_DIR ?? 'dist' } })
    : await createServer({ server: { port: appPort } }).then((server) => server.listen());
  const appUrl = app.resolvedUrls?.local[0] ?? `http://127.0.0.1:${appPort}/`;

  console.log('');
  console.log(`  Anchor Portal   ${appUrl}${previewMode ? '  (built app)' : ''}`);
  console.log(`  Mock provider   ${runningMock.url}  (the app reaches it at /api)`);
  for (const line of devMailboxLines(runningMock.url, mock.devKey)) console.log(`  ${line}`);
  console.log('');
  console.log('  Demo logins:');
  for (const line of demoLoginLines()) console.log(`  ${line}`);
  console.log('');
  console.log('  Demo pay links:');
  for (const line of demoPayLinkLines(appUrl, process.env.VITE_PRODUCT || undefined)) console.log(line);
  console.log('');
  console.log('  Ctrl-C stops both.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([app.close(), runningMock.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
