import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** The bare page `npm run bench` compares the app with: React 19 rendering a heading and a paragraph, nothing else. */
function BarePage() {
  return (
    <main>
      <h1>Bare React page</h1>
      <p>React 19 and Vite, built like the app: the floor every route of the app is compared with.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BarePage />
  </StrictMode>,
);
