import type { Plugin } from 'vite';

/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) at the top of each chunk that
 * holds a module matching `modules`: V8 then compiles every function of the file while it streams in, on a
 * background thread, instead of compiling each one on the main thread the first time it is called, which
 * lengthens the load's tasks. Only for files whose code nearly all runs when they load: compiling a function
 * that never runs costs time and memory for nothing. Other browsers read it as a comment.
 *
 * Added once the chunks are final (the minifier would drop it earlier). The file names' hashes do not cover it,
 * which is harmless: a comment changes nothing a cached copy does.
 */
export function compileHints(modules: RegExp): Plugin {
  return {
    name: 'anchor:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own, which puts its table of preloaded files at the top of the chunks that import others.
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.moduleIds.some((id) => modules.test(id))) continue;
          output.code = `//# allFunctionsCalledOnLoad\n${output.code}`;
        }
      },
    },
  };
}
