import type { Query } from './client';

/**
 * One rule for every provider list: a page is `{ filter, page }`; its Download Report is the same filter
 * with `download_as_csv` and the chosen columns in `headers_accepted` (every matching row, not the page).
 */
export function pageQuery(filter: Query, page: number | undefined): Query {
  return { filter, page: page ?? 1 };
}

export function csvExportQuery(filter: Query, columns: readonly string[]): Query {
  return { filter: { ...filter, download_as_csv: 'true' }, headers_accepted: columns.join(',') };
}
