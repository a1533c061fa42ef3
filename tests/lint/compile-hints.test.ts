import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { compileHints } from '../../build/compile-hints';

type Output = { type: 'chunk'; moduleIds: string[]; code: string } | { type: 'asset'; source: string };

/** Runs the plugin's generateBundle over `bundle`, as Vite does once the chunks are final. */
function run(plugin: Plugin, bundle: Record<string, Output>): void {
  const hook = plugin.generateBundle as {
    order: string;
    handler: (options: unknown, bundle: Record<string, Output>) => void;
  };
  expect(hook.order).toBe('post');
  hook.handler({}, bundle);
}

describe('compileHints (build/compile-hints.ts)', () => {
  it('puts the hint on the first line of the chunks holding a matching module, and nowhere else', () => {
    const bundle: Record<string, Output> = {
      'react.js': {
        type: 'chunk',
        moduleIds: ['/p/node_modules/react-dom/index.js', '/p/src/app/mount.tsx'],
        code: 'const __vite__mapDeps=1;export{}',
      },
      'echarts.js': { type: 'chunk', moduleIds: ['/p/node_modules/echarts/core.js'], code: 'export{}' },
      'style.css': { type: 'asset', source: 'a{}' },
    };
    run(compileHints(/\/src\/app\/mount\.tsx$/), bundle);
    expect(bundle['react.js']).toMatchObject({
      code: '//# allFunctionsCalledOnLoad\nconst __vite__mapDeps=1;export{}',
    });
    expect(bundle['echarts.js']).toMatchObject({ code: 'export{}' });
    expect(bundle['style.css']).toEqual({ type: 'asset', source: 'a{}' });
  });
});
