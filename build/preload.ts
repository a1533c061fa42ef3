import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/**
 * Lists, in the built `html`, `<link rel="modulepreload">` for the chunks its entry imports dynamically on every
 * visit (those whose module matches `modules`) and their static imports: the browser fetches them beside the
 * entry, not after it has run, one round trip less before the first paint on a slow phone network. The entry
 * keeps its dynamic imports, so it still starts its early work (the pay link's request) before they arrive.
 */
export function preloadEveryVisit(html: string, modules: RegExp): Plugin {
  let base = '/';
  return {
    name: 'anchor:preload-every-visit',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { filename, bundle, chunk: entry }) {
        if (!bundle || !entry || !filename.endsWith(html)) return [];
        const chunks = new Map(
          Object.values(bundle)
            .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (wanted.has(fileName) || fileName === entry.fileName) return;
          wanted.add(fileName);
          for (const dep of chunks.get(fileName)?.imports ?? []) add(dep);
        };
        // A chunk holding a wanted module (its facade, or one of the modules a chunk group merged into it).
        for (const fileName of entry.dynamicImports) {
          if (chunks.get(fileName)?.moduleIds.some((id) => modules.test(id))) add(fileName);
        }
        return [...wanted].map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
