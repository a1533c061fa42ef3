import { sendEarlyProfileRequest } from './api/early-answers';
import { appScreenAt } from './app/screen-modules';
import { config } from './config';
import { hasStoredSession } from './domain/session-storage';
import { payPaths } from './features/pay/routes';
import { INSPECTOR_PATH, inspectTarget } from './lib/inspect-target';

/*
 * The entry holds no React: it starts what the page needs, then the app's code and React arrive together.
 * React is asked for first (the largest file, needed before anything shows). A pay page gets the light pay
 * app, without the session; every other page gets the app. (Built, the pay pages have their own Preact entry,
 * pay.html with src/app/pay-main.tsx, which sends the documents request from the entry: vite.pay.ts. This
 * path serves them in dev, and wherever a deployment sends the pay routes to index.html.)
 */
const mounting = import('./app/mount').then((m) => m.mount);
// Only this fallback needs the pay pages' starter: a lazy import keeps it out of the login page's first load.
const payPage = payPaths(config.product).includes(window.location.pathname);
if (payPage) void import('./features/pay/pages').then(({ startPayPage }) => startPayPage(window.location));
// A stored session (a reload, a link opened in a new tab) opens logged in: the profile request, the logged-in
// area's code and the current screen's leave beside React's, not after the app runs. A failed load is reported
// when the lazy component renders.
if (!payPage && hasStoredSession(window.localStorage)) {
  sendEarlyProfileRequest(window.localStorage, config.apiBaseUrl, config.product);
  void import('./app/LoggedInArea').catch(() => undefined);
  appScreenAt(window.location.pathname)?.load().catch(() => undefined);
}
const loadApp = async () => {
  if (payPage) return (await import('./app/PayApp')).PayApp;
  return (await import('./app/App')).App;
};

// QA's inspector (issue 18): its page and the hookup load only when asked for, so the app's bundle has none of it.
const inspection = inspectTarget(window.location.search, import.meta.env.VITE_INSPECT);
if (window.location.pathname === INSPECTOR_PATH && import.meta.env.VITE_INSPECT !== 'off') {
  void Promise.all([import('./app/inspect/inspector'), mounting]).then(([{ InspectorPage }, mount]) => mount(InspectorPage));
} else if (inspection) {
  void Promise.all([import('./app/inspect/inspector'), loadApp(), mounting]).then(([{ connectInspector }, App, mount]) => {
    connectInspector(inspection);
    mount(App);
  });
} else {
  void Promise.all([loadApp(), mounting]).then(([App, mount]) => mount(App));
}
