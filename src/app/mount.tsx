import { startTransition, StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders the page's one component into #root (React arrives with this module, after the entry has started the
 * page). As a transition: React renders the first screen in short slices, not in one long task, so the page
 * stays responsive.
 */
export function mount(Page: ComponentType): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <Page />
      </StrictMode>,
    ),
  );
}
