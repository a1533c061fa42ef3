/**
 * The modules the build places by name: which chunk group takes them, and which files get V8's compile hint.
 * Written as repository paths, in one list: tests/lint/build-chunks.test.ts fails when one of them no longer
 * exists, so a renamed file cannot leave its group or its hint without a failing check.
 */

/** Fetched with the entry on every visit (preloaded from the HTML), each in a chunk of its own. */
export const EVERY_VISIT = {
  react: 'src/app/mount.tsx',
  libraries: 'src/app/libraries.ts',
  app: 'src/app/App.tsx',
} as const;

/** The small pieces the screens share that the app file has not taken: one file rather than a dozen tiny ones. */
export const SHELL = [
  'src/ui/form.tsx',
  'src/ui/focus.ts',
  'src/ui/toast.tsx',
  'src/ui/LoadFailed.tsx',
  'src/ui/ThemeToggle.tsx',
  'src/ui/Skeleton.tsx',
  'src/domain/validation.ts',
  'src/domain/money.ts',
  'src/domain/errors.ts',
  'src/domain/dates.ts',
  'src/app/routing.tsx',
  'src/app/RouteBoundary.tsx',
] as const;

/** The list and card kit the logged-in screens share, loaded with the first of them. */
export const KIT = [
  'src/ui/useList.ts',
  'src/ui/ListBlock.tsx',
  'src/ui/Table.tsx',
  'src/ui/Pagination.tsx',
  'src/ui/Modal.tsx',
  'src/ui/DateField.tsx',
  'src/ui/StatCard.tsx',
  'src/ui/RiskBadge.tsx',
  'src/ui/controls.ts',
  'src/ui/ProgressBar.tsx',
  'src/ui/PeriodSelector.tsx',
  'src/ui/useTableState.ts',
  'src/ui/SearchBox.tsx',
  'src/ui/search.ts',
  'src/ui/RegionFilter.tsx',
  'src/ui/ExportPanel.tsx',
  'src/lib/table-state.ts',
  'src/lib/pagination.ts',
  'src/lib/format.ts',
  'src/api/useApi.ts',
  'src/api/list-query.ts',
  'src/domain/statuses.ts',
  'src/domain/thresholds.ts',
  'src/domain/regions.ts',
] as const;

/** Files whose code nearly all runs when they load: they carry V8's compile hint (build/compile-hints.ts). */
export const RUN_ON_LOAD = [
  'src/main.tsx',
  'src/app/mount.tsx',
  'src/app/libraries.ts',
  'src/app/App.tsx',
  'src/app/LoggedInArea.tsx',
  'src/ui/useList.ts',
  'src/ui/ListBlock.tsx',
  'src/ui/focus.ts',
  'src/ui/ThemeToggle.tsx',
] as const;

/** Every screen's own file (`src/features/<area>/<Name>Screen.tsx`) runs on load too: a pattern, not a list. */
export const SCREEN_FILE = /\/src\/features\/[a-z]+\/[A-Za-z]+Screen\.tsx$/;

const escaped = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A module id test for these repository paths (ids are absolute, so the path must end the id). */
export function modulesAt(paths: readonly string[]): RegExp {
  return new RegExp(`/(?:${paths.map(escaped).join('|')})$`);
}
