import { sendEarlyProfileRequest } from './api/early-answers';
import { appScreenAt } from './app/screen-modules';
import { config } from './config';
import { hasStoredSession } from './domain/session-storage';
import { payPaths } from './domain/access';
import { INSPECTOR_PATH, inspectTarget } from './lib/inspect-target';
import { nextTask } from './lib/next-task';

/*
 * The entry holds no React: it starts what the page needs, then runs the code in turns, each file in a task
 * of its own (a file's code runs in one go) so that no task of the load runs long on a slow phone: React,
 * the libraries, the app, and with a stored session the logged-in area and the current screen, then it
 * mounts. The HTML preloads React, the libraries and the app, so the turns add no round trip. A pay page gets
 * the light pay app, without the session. (Built, the pay pages have their own Preact entry, pay.html with
 * src/app/pay-main.tsx, which sends the documents request from the entry: build/pay.ts. This path serves them
 * in dev, and wherever a deployment sends the pay routes to index.html.)
 */
const mounting = import('./app/mount').then((m) => m.mount);
// Only this fallback needs the pay pages' starter: a lazy import keeps it out of the login page's first load.
const payPage = payPaths(config.product).includes(window.location.pathname);
if (payPage) void import('./features/pay/pages').then(({ startPayPage }) => startPayPage(window.location));
// A stored session (a reload, a link opened in a new tab) opens logged in: the profile request leaves now,
// beside React's file, and the logged-in area and the screen are in before the first render (no skeleton of
// a missing chunk). Their files are asked for once the app has run: asked for earlier, a file that arrived
// first ran the app's code with its own in one long task. A failed load is reported when the lazy component
// renders.
const storedSession = !payPage && hasStoredSession(window.localStorage);
if (storedSession) sendEarlyProfileRequest(window.localStorage, config.apiBaseUrl, config.product);
/** Imports (fetches if needed, then runs) a file in a new task, not at the end of the current one. */
const inOwnTask = async <T,>(load: () => Promise<T>) => {
  await nextTask();
  return load();
};
const loadApp = async () => {
  if (payPage) return (await import('./app/PayApp')).PayApp;
  await mounting;
  await inOwnTask(() => import('./app/libraries'));
  const { App } = await inOwnTask(() => import('./app/App'));
  if (storedSession) {
    await inOwnTask(() => import('./app/LoggedInArea')).catch(() => undefined);
    await inOwnTask(async () => appScreenAt(window.location.pathname)?.load()).catch(() => undefined);
  }
  return App;
};

// QA's inspector, to watch and record the flows: its page and the hookup load only when asked for, so the app's
// bundle has none of it.
const inspection = inspectTarget(window.location.search, import.meta.env.VITE_INSPECT);
if (window.location.pathname === INSPECTOR_PATH && import.meta.env.VITE_INSPECT !== 'off') {
  void Promise.all([import('./app/inspect/inspector'), mounting]).then(([{ InspectorPage }, mount]) =>
    mount(InspectorPage),
  );
} else if (inspection) {
  void Promise.all([import('./app/inspect/inspector'), loadApp(), mounting]).then(
    ([{ connectInspector }, App, mount]) => {
      connectInspector(inspection);
      mount(App);
    },
  );
} else {
  void Promise.all([loadApp(), mounting]).then(([App, mount]) => mount(App));
}
