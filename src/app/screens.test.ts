import { describe, expect, it } from 'vitest';
import { APP_ROUTES, PUBLIC_ROUTES } from '../domain/access';
import { SCREENS } from './screens';

describe('the screen modules', () => {
  it('give every logged-in route of the access table exactly one screen', () => {
    const paths = SCREENS.flatMap((s) => (s.kind === 'app' ? [s.route.path] : []));
    expect([...paths].sort()).toEqual(APP_ROUTES.map((r) => r.path).sort());
  });

  it('give every public route exactly one screen', () => {
    const paths = SCREENS.flatMap((s) => (s.kind === 'public' ? [s.route.path] : []));
    expect([...paths].sort()).toEqual(
      Object.values(PUBLIC_ROUTES)
        .map((r) => r.path)
        .sort(),
    );
  });

  it('take their route objects from the access table itself (no copies)', () => {
    for (const screen of SCREENS) {
      const table: readonly object[] = screen.kind === 'app' ? APP_ROUTES : Object.values(PUBLIC_ROUTES);
      expect(table).toContain(screen.route);
    }
  });
});
