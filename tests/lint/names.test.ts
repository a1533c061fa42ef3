import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

/** One naming rule for hook files: `useThing.ts` or `useThing.tsx`, so a file name says it holds a hook. */
describe('file names', () => {
  it('names hook files useThing, never use-thing', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'machines'], {
      encoding: 'utf8',
    }).split('\n');
    const misnamed = files.filter(
      (file) => /^use[-_A-Z]/.test(basename(file)) && !/^use[A-Z][A-Za-z0-9]*(\.test)?\.tsx?$/.test(basename(file)),
    );
    expect(misnamed).toEqual([]);
  });
});
