import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVERY_VISIT, KIT, modulesAt, RUN_ON_LOAD, SCREEN_FILE, SHELL } from '../../build/chunks';

/** The build places these modules by name (build/chunks.ts): a renamed or moved file fails here, not silently. */
describe('the modules the build places by name', () => {
  const groups = { everyVisit: Object.values(EVERY_VISIT), shell: SHELL, kit: KIT, runOnLoad: RUN_ON_LOAD };

  it.each(Object.entries(groups))('%s: every module exists', (_name, paths) => {
    expect(paths.filter((path) => !existsSync(path))).toEqual([]);
  });

  it('puts no module in two chunk groups', () => {
    const placed = [...Object.values(EVERY_VISIT), ...SHELL, ...KIT];
    expect(placed.filter((path, i) => placed.indexOf(path) !== i)).toEqual([]);
  });

  it('matches a module id by its whole path, and the screens by their pattern', () => {
    expect(modulesAt(['src/ui/Table.tsx']).test('/work/repo/src/ui/Table.tsx')).toBe(true);
    expect(modulesAt(['src/ui/Table.tsx']).test('/work/repo/src/ui/DataTable.tsx')).toBe(false);
    const screens = readdirSync('src/features', { recursive: true, encoding: 'utf8' }).filter((file) =>
      SCREEN_FILE.test(`/src/features/${file}`),
    );
    expect(screens.length).toBeGreaterThan(5);
  });
});
