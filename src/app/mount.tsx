import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders the page's one component into #root (React arrives with this module, after the entry has started the page). */
export function mount(Page: ComponentType): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
}
