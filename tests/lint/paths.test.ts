import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path a comment, a test or a doc names exists: a renamed or deleted file leaves no pointer
 * behind. Docs are read whole, code files' comments only. A path is a run of path characters starting at a
 * top-level folder, or a configuration file at the top (`vite.config.ts`); patterns and placeholders (`<area>`,
 * `*`, `{...}`, `NNNNNN`) are not paths and are skipped.
 */
const TOP = ['src', 'machines', 'mock-server', 'tests', 'scripts', 'docs', 'pacts', 'public', 'deploy', 'build', '.ci'];
const PATH = new RegExp(`(?<![\\w./@-])((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./<>*{}-]+)`, 'g');
/** The build's and the tools' configuration files, named without a folder. */
const CONFIG_FILE = /(?<![\w./@-])((?:vite|vitest|playwright)(?:\.[\w-]+)+\.ts|eslint\.config\.js)\b/g;
/** Files a tool writes. */
const SKIP = [/^pacts\//, /\.generated\./];

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs|md)$/.test(file))
    .filter((file) => !SKIP.some((pattern) => pattern.test(file)) && existsSync(file));
}

/** What a file says in words: a doc's whole text, a code file's comments. */
function prose(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.md')) return text;
  return (text.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []).join('\n');
}

/** A path exists as written, or as a module named without its extension. */
const exists = (path: string) => ['', '.ts', '.tsx', '.js'].some((extension) => existsSync(`${path}${extension}`));

/** The paths `text` names, each once, without trailing punctuation. */
export function namedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of [...text.matchAll(PATH), ...text.matchAll(CONFIG_FILE)]) {
    const path = match[1]!.replace(/[.)]+$/, '');
    if (/[<>*{}]|NNN/.test(path)) continue;
    found.add(path.replace(/\/$/, ''));
  }
  return [...found];
}

describe('what comments and docs point at', () => {
  it('finds paths and skips patterns', () => {
    expect(
      namedPaths('see mock-server/store/repository.ts. Also `src/ui/`, tests/e2e/*.spec.ts and src/features/<area>/'),
    ).toEqual(['mock-server/store/repository.ts', 'src/ui']);
    expect(namedPaths("import x from '../src/domain/dates'; @scope/src/x")).toEqual([]);
    expect(namedPaths('vite.config.ts and build/pay.ts, not vite.js')).toEqual(['build/pay.ts', 'vite.config.ts']);
  });

  it('gives reasons, not issue numbers: the repository has no issue list to look them up in', () => {
    const numbered = trackedFiles().flatMap((file) =>
      (prose(file).match(/\bissues? #?\d+/gi) ?? []).map((found) => `${file}: ${found}`),
    );
    expect(numbered).toEqual([]);
  });

  it('names only paths that exist', () => {
    const missing: string[] = [];
    for (const file of trackedFiles()) {
      for (const path of namedPaths(prose(file))) {
        if (!exists(path)) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
