import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * How the built app loads so that no task of the load runs long (docs/architecture.md "How a page loads"): the
 * HTML preloads React, the libraries and the app, each its own file (the entry evaluates them in turns), and
 * every file a load runs nearly whole starts with V8's compile hint (build/compile-hints.ts). Fails when a chunk
 * group or the hint goes.
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

/** The entry script and the preloaded files of a built HTML page. */
async function filesOf(request: APIRequestContext, page: string): Promise<{ entry: string; preloads: string[] }> {
  const html = await (await request.get(page)).text();
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${page} has no module script`);
  return { entry, preloads: [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]!) };
}

const startsWithHint = async (request: APIRequestContext, path: string) =>
  (await (await request.get(path)).text()).startsWith(HINT);

test.describe('the app build', () => {
  test('index.html preloads React, the libraries and the app, and they and the entry carry the compile hint', async ({
    request,
  }) => {
    const { entry, preloads } = await filesOf(request, '/');
    const named = (name: string) => preloads.find((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path));
    const everyVisit = [named('react'), named('libraries'), named('app')];
    expect(everyVisit, preloads.join(', ')).not.toContain(undefined);
    for (const path of [entry, ...everyVisit] as string[]) expect(await startsWithHint(request, path), path).toBe(true);
  });

  test('pay.html’s entry and its every-visit file carry the compile hint too', async ({ request }) => {
    const { entry, preloads } = await filesOf(request, '/pay.html');
    const page = preloads.find((path) => /^\/assets\/pay\/pay-page-[\w-]+\.js$/.test(path));
    expect(page, preloads.join(', ')).toBeDefined();
    for (const path of [entry, page] as string[]) expect(await startsWithHint(request, path), path).toBe(true);
  });
});
