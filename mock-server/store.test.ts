import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonFile } from './store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'store-'));
  dirs.push(dir);
  return dir;
}

describe('jsonFile', () => {
  it('writes the latest state once for a burst of changes', async () => {
    const dir = folder();
    let state = { n: 0 };
    const file = jsonFile(join(dir, 'db.json'), () => state, () => {});
    for (let i = 1; i <= 50; i++) {
      state = { n: i };
      file.markDirty();
    }
    await file.flush();
    expect(JSON.parse(readFileSync(join(dir, 'db.json'), 'utf8'))).toEqual({ n: 50 });
    expect(readdirSync(dir)).toEqual(['db.json']);
  });

  it('keeps the previous complete file when a write fails, and leaves no temporary file', async () => {
    const dir = folder();
    let fail = false;
    const logs: string[] = [];
    const value = () => {
      if (fail) return { toJSON: () => { throw new Error('disk full half-way'); } };
      return { version: 1 };
    };
    const file = jsonFile(join(dir, 'db.json'), value, (line) => logs.push(line));
    file.markDirty();
    await file.flush();
    fail = true;
    file.markDirty();
    await file.flush();
    expect(JSON.parse(readFileSync(join(dir, 'db.json'), 'utf8'))).toEqual({ version: 1 });
    expect(readdirSync(dir)).toEqual(['db.json']);
    expect(logs.join('\n')).toContain('disk full half-way');
  });

  it('reads back only a file that passes the check', () => {
    const dir = folder();
    writeFileSync(join(dir, 'db.json'), '{"schema": 2}');
    const file = jsonFile<{ schema: number }>(join(dir, 'db.json'), () => ({ schema: 1 }), () => {});
    expect(file.load((v): v is { schema: number } => (v as { schema?: number }).schema === 1)).toBeNull();
    expect(file.load((v): v is { schema: number } => (v as { schema?: number }).schema === 2)).toEqual({ schema: 2 });
    writeFileSync(join(dir, 'db.json'), '{"schema": ');
    expect(file.load((_v): _v is { schema: number } => true)).toBeNull();
  });
});
