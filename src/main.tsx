import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { INSPECTOR_PATH, inspectTarget } from './lib/inspection';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const render = (page: ReactNode) => createRoot(root).render(<StrictMode>{page}</StrictMode>);

// QA's inspector (issue 18): its page and the hookup load only when asked for, so the app's bundle has none of it.
const inspection = inspectTarget(window.location.search, import.meta.env.VITE_INSPECT);
if (window.location.pathname === INSPECTOR_PATH && import.meta.env.VITE_INSPECT !== 'off') {
  void import('./app/inspect/inspector').then(({ InspectorPage }) => render(<InspectorPage />));
} else if (inspection) {
  void import('./app/inspect/inspector').then(({ connectInspector }) => {
    connectInspector(inspection);
    render(<App />);
  });
} else {
  render(<App />);
}
