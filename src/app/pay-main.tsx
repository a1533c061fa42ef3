import { startPayPage } from '../features/pay/pages';
import { inspectTarget } from '../lib/inspect-target';

/*
 * The pay pages' entry (pay.html, built with Preact by build/pay.ts; src/main.tsx serves the same pages with
 * React where pay.html is not routed). As there, the entry holds no UI: it sends the pay link's documents
 * request and asks for the screen's code first, then for the renderer and the pay app.
 */
if (startPayPage(window.location)) {
  const mounting = import('./mount').then((m) => m.mount);
  const loadingApp = import('./PayApp').then((m) => m.PayApp);
  // QA's inspector, to watch and record the flows, on a pay page: `?inspect`, as in the app; it loads only when
  // asked for.
  const inspection = inspectTarget(window.location.search, import.meta.env.VITE_INSPECT);
  const connecting = inspection
    ? import('./inspect/inspector').then(({ connectInspector }) => connectInspector(inspection))
    : null;
  void Promise.all([loadingApp, mounting, connecting]).then(([PayApp, mount]) => mount(PayApp));
} else {
  // pay.html opened on another path: the app serves that.
  window.location.replace('/');
}
