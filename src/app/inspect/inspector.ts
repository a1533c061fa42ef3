/**
 * The one door to QA's inspector from src/main.tsx (a single lazy chunk: the hookup and the page share most of
 * their code, and one dynamic import splits the app's own first-load code less than two).
 */
export { connectInspector } from './connect';
export { InspectorPage } from './InspectorPage';
