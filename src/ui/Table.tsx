import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { GhostButton } from './form';
import { ErrorMessage } from './LoadFailed';
import { Skeleton } from './Skeleton';

/** Spec: tables scroll within 353 px; tables inside modals within 500 px. */
export const TABLE_MAX_HEIGHT = 353;
export const MODAL_TABLE_MAX_HEIGHT = 500;
export const EMPTY_TEXT = 'No data found.';

export interface Column<T> {
  key: string;
  /** Text, or a control (a select-all checkbox, a sort button). */
  header: ReactNode;
  /** A sortable column's state, announced on its header cell. */
  sort?: 'none' | 'ascending' | 'descending';
  render: (row: T) => ReactNode;
  align?: 'start' | 'end';
}

const Scroller = styled.div<{ $maxHeight: number }>`
  max-height: ${({ $maxHeight }) => $maxHeight}px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  background: ${({ theme }) => theme.surface};
  &[data-refreshing='true'] tbody { opacity: 0.6; transition: opacity 0.2s; }
  /* Rows with a detail: the scroller is the detail's container, so the detail can be as wide as what is in view. */
  &[data-detail='true'] { container-type: inline-size; }
`;

const Grid = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: 14px;
  caption { text-align: start; padding: 12px; font-weight: 700; }
  th, td { padding: 10px 12px; text-align: start; white-space: nowrap; border-bottom: 1px solid ${({ theme }) => theme.border}; }
  th[data-align='end'], td[data-align='end'] { text-align: end; }
  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.surfaceRaised};
    font-weight: 700;
  }
  tbody tr:last-child td { border-bottom: 0; }
  tbody tr:hover td { background: ${({ theme }) => theme.surfaceRaised}; }
`;

const Empty = styled.td`
  text-align: center !important;
  color: ${({ theme }) => theme.textMuted};
  padding: 32px 12px !important;
`;

/**
 * A row's detail: wrapping (the table's cells do not wrap), as wide as the scroller's visible part and kept
 * at its left edge, so it stays in view however far a wide table is scrolled sideways.
 */
const Detail = styled.td`
  white-space: normal !important;
  padding: 0 !important;
  background: ${({ theme }) => theme.surfaceRaised};
  & > div {
    position: sticky;
    left: 0;
    box-sizing: border-box;
    width: 100cqw;
    padding: 10px 12px;
  }
`;

interface TableProps<T> {
  /** Names the table for assistive technology (shown as the caption unless `hideCaption`). */
  caption: string;
  hideCaption?: boolean;
  columns: readonly Column<T>[];
  /** Undefined while the first page loads. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  /** A new page or filter is loading while the previous rows stay shown: they are dimmed and marked busy. */
  refreshing?: boolean;
  /** A failed load: shown in the table with Retry (the toast has already said it). */
  error?: unknown;
  onRetry?: () => void;
  maxHeight?: number;
  skeletonRows?: number;
  /** What an empty table says (spec: 'No data found.'; the send-link modal's lists 'No Record Found'). */
  emptyText?: string;
  /** A row's detail shown in a full-width row under it (a drawdown's invoices or dues); null shows none. */
  detail?: (row: T) => ReactNode | null;
}

/**
 * The one table: sticky header, a scroll area of the spec's height (reachable and scrollable with the
 * keyboard), skeleton rows while loading, 'No data found.' when empty. Row actions are buttons or links
 * inside cells, so Tab reaches them.
 */
export function Table<T>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  loading = false,
  refreshing = false,
  error,
  onRetry,
  maxHeight = TABLE_MAX_HEIGHT,
  skeletonRows = 5,
  emptyText = EMPTY_TEXT,
  detail,
}: TableProps<T>) {
  const failed = error !== undefined && error !== null && !loading;
  const busy = !failed && (loading || rows === undefined);
  const shown = busy || failed ? null : (rows ?? null);
  return (
    <Scroller
      $maxHeight={maxHeight}
      tabIndex={0}
      role="region"
      aria-label={caption}
      aria-busy={busy || (refreshing && !failed)}
      data-refreshing={refreshing && !busy && !failed}
      data-detail={detail !== undefined || undefined}
    >
      <Grid>
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" data-align={column.align ?? 'start'} aria-sort={column.sort}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {busy &&
            Array.from({ length: skeletonRows }, (_, index) => (
              <tr key={`skeleton-${index}`} aria-hidden>
                {columns.map((column) => (
                  <td key={column.key}>
                    <Skeleton $width="80%" />
                  </td>
                ))}
              </tr>
            ))}
          {failed && (
            <tr>
              <Empty colSpan={columns.length} role="alert">
                <ErrorMessage error={error} />
                {onRetry && (
                  <GhostButton type="button" onClick={onRetry}>
                    Retry
                  </GhostButton>
                )}
              </Empty>
            </tr>
          )}
          {shown?.length === 0 && (
            <tr>
              <Empty colSpan={columns.length}>{emptyText}</Empty>
            </tr>
          )}
          {shown?.map((row) => {
            const more = detail?.(row) ?? null;
            return (
              <Fragment key={rowKey(row)}>
                <tr>
                  {columns.map((column) => (
                    <td key={column.key} data-align={column.align ?? 'start'}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
                {more !== null && (
                  <tr>
                    <Detail colSpan={columns.length}>
                      <div>{more}</div>
                    </Detail>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </Grid>
    </Scroller>
  );
}
