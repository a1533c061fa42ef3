/**
 * Which inspector a page asks for (QA's, to watch and record the flows), without loading any of it: the entry
 * reads this before it knows what else the page needs (src/lib/inspection.ts holds the hookup itself).
 */

/** Where the inspection events go: our own inspector page (works offline) or Stately's (stately.ai). */
export type InspectTarget = 'local' | 'stately';

/**
 * The inspector asked for: `?inspect` (our page), `?inspect=stately` (stately.ai), or VITE_INSPECT=1 (our
 * page) / VITE_INSPECT=stately at build time. VITE_INSPECT=off turns the address switch off for a deployment.
 */
export function inspectTarget(search: string, built: string | undefined): InspectTarget | null {
  if (built === 'off') return null;
  const asked = new URLSearchParams(search).get('inspect');
  const choice = asked ?? (built === '1' || built === 'true' ? '' : built === 'stately' ? 'stately' : null);
  if (choice === null) return null;
  return choice === 'stately' ? 'stately' : 'local';
}

/** The path of our inspector page. */
export const INSPECTOR_PATH = '/__inspector';
