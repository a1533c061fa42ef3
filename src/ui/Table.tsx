import { Fragment, memo, type ReactElement, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { formatCount } from '../lib/format';
import { GhostButton } from './form';
import { ErrorMessage } from './LoadFailed';
import { Skeleton } from './Skeleton';

/** Spec: tables scroll within 353 px; tables inside modals within 500 px. */
export const TABLE_MAX_HEIGHT = 353;
export const MODAL_TABLE_MAX_HEIGHT = 500;
export const EMPTY_TEXT = 'No data found.';
/**
 * Issue 19: no table puts more than this many rows (`tr` in its body, detail rows and the note included) in
 * the DOM. Paged lists stay far below it (10 to 15 rows a page); a list handed more rows shows the first ones
 * and says how many it left out. A list that must show every row virtualises instead.
 */
export const MAX_TABLE_ROWS = 500;

export interface Column<T> {
  key: string;
  /** Text, or a control (a select-all checkbox, a sort button). */
  header: ReactNode;
  /** A sortable column's state, announced on its header cell. */
  sort?: 'none' | 'ascending' | 'descending';
  render: (row: T) => ReactNode;
  align?: 'start' | 'end';
}

/**
 * Holds the scroller and the busy bar over its top edge (out of flow: showing it moves nothing). It may shrink
 * like the scroller itself (a modal's flex column gives the table what room is left), passing its height on.
 */
const Frame = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  min-height: 0;
`;

const Scroller = styled.div<{ $maxHeight: number; $fixed: boolean }>`
  max-height: ${({ $maxHeight }) => $maxHeight}px;
  /* Fixed: the scroll height whatever the table shows, on screens with room for it (a phone keeps the pager in view). */
  ${({ $maxHeight, $fixed }) => ($fixed ? `@media (min-width: 600px) and (min-height: 600px) { height: ${$maxHeight}px; }` : '')}
  box-sizing: border-box;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  background: ${({ theme }) => theme.surface};
  tbody { transition: opacity 0.1s; }
  /* The previous rows while the next ones load: dimmed after a moment (a fast answer does not flicker). */
  &[data-stale='true'] tbody { opacity: 0.55; transition: opacity 0.2s 0.15s; }
  /* Rows with a detail: the scroller is the detail's container, so the detail can be as wide as what is in view. */
  &[data-detail='true'] { container-type: inline-size; }
`;

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * A thin moving bar along the table's top edge while it loads: transform only, so nothing shifts. Always in
 * the DOM (shown by `data-on`): its styles are in place before the first click, which then adds no CSS rule
 * (a new rule restyles the whole page).
 */
const BusyBar = styled.div`
  display: none;
  &[data-on='true'] { display: block; }
  position: absolute;
  z-index: 2;
  top: 1px;
  left: 1px;
  right: 1px;
  height: 3px;
  overflow: hidden;
  border-radius: 10px 10px 0 0;
  pointer-events: none;
  &::before {
    content: '';
    display: block;
    width: 40%;
    height: 100%;
    background: ${({ theme }) => theme.primary};
    animation: ${slide} 1.1s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::before { width: 100%; animation: none; opacity: 0.6; }
  }
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

export interface TableProps<T> {
  /** Names the table for assistive technology (shown as the caption unless `hideCaption`). */
  caption: string;
  hideCaption?: boolean;
  columns: readonly Column<T>[];
  /** The rows to show; undefined while the first page loads (skeleton rows). */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /**
   * Other rows are on their way (another page, filter or search). With no rows yet: skeleton rows. With rows:
   * they are the previous answer and stay until the next arrives, dimmed, inert and marked busy, so the table
   * neither empties nor changes height.
   */
  loading?: boolean;
  /** The rows shown are being fetched again (same page and filters): marked busy, with the busy bar. */
  refreshing?: boolean;
  /** A failed load: shown in the table with Retry (the toast has already said it). */
  error?: unknown;
  onRetry?: () => void;
  maxHeight?: number;
  /**
   * Keep the scroll area at `maxHeight` whatever it shows (skeleton, a short page, 'No data found.', an
   * error), so nothing under the table moves when a filter changes the number of rows. Paged lists use it.
   * Screens under 600 px wide or tall keep the content's height (up to `maxHeight`): a phone's modal keeps
   * its pager in view.
   */
  fixedHeight?: boolean;
  /** Skeleton rows on the first load (default: enough to fill the scroll area of a fixed-height table, else 5). */
  skeletonRows?: number;
  /** What an empty table says (spec: 'No data found.'; the send-link modal's lists 'No Record Found'). */
  emptyText?: string;
  /** A row's detail shown in a full-width row under it (a drawdown's invoices or dues); null shows none. */
  detail?: (row: T) => ReactNode | null;
}

/** About how tall one body row is (14 px text, 10 px padding, a border): to fill a fixed scroll area with skeletons. */
const ROW_HEIGHT_ESTIMATE = 41;

/**
 * The one table: sticky header, a scroll area of the spec's height (reachable and scrollable with the
 * keyboard), skeleton rows on the first load, 'No data found.' when empty, the error with Retry. When other
 * rows load, the previous ones stay (dimmed, inert, `aria-busy`, a thin bar over the top edge) until the
 * answer arrives. At most {@link MAX_TABLE_ROWS} rows reach the DOM. Row actions are buttons or links inside
 * cells, so Tab reaches them.
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
  fixedHeight = false,
  skeletonRows,
  emptyText = EMPTY_TEXT,
  detail,
}: TableProps<T>) {
  const failed = error !== undefined && error !== null && !loading;
  const skeleton = !failed && rows === undefined;
  // The previous answer's rows while the next loads.
  const stale = !failed && !skeleton && loading;
  const busy = skeleton || stale || (refreshing && !failed);
  const skeletons = skeletonRows ?? (fixedHeight ? Math.max(5, Math.ceil(maxHeight / ROW_HEIGHT_ESTIMATE)) : 5);
  return (
    <Frame>
      <Scroller
        $maxHeight={maxHeight}
        $fixed={fixedHeight}
        tabIndex={0}
        role="region"
        aria-label={caption}
        aria-busy={busy}
        data-stale={stale}
        data-detail={detail !== undefined || undefined}
      >
        <Grid aria-busy={busy}>
          <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
          <Head columns={columns} />
          {skeleton && <SkeletonBody columns={columns} count={skeletons} />}
          {failed && (
            <tbody>
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
            </tbody>
          )}
          {!skeleton && !failed && (
            // The previous answer's rows are inert while the next loads: no click lands on a row about to go.
            <tbody inert={stale || undefined}>
              <Body columns={columns} rows={rows ?? []} rowKey={rowKey} detail={detail} emptyText={emptyText} />
            </tbody>
          )}
        </Grid>
      </Scroller>
      <BusyBar aria-hidden data-testid="table-busy" data-on={busy && !skeleton} />
    </Frame>
  );
}

function HeadCells<T>({ columns }: { columns: readonly Column<T>[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.key} scope="col" data-align={column.align ?? 'start'} aria-sort={column.sort}>
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}
const Head = memo(HeadCells) as typeof HeadCells;

function SkeletonRows<T>({ columns, count }: { columns: readonly Column<T>[]; count: number }) {
  return (
    <tbody>
      {Array.from({ length: count }, (_, index) => (
        <tr key={`skeleton-${index}`} aria-hidden>
          {columns.map((column) => (
            <td key={column.key}>
              <Skeleton $width="80%" />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
const SkeletonBody = memo(SkeletonRows) as typeof SkeletonRows;

/**
 * A text cell's content in `<bdi>`, the element for text of unknown direction (a customer's or a user's name):
 * it reads in its own direction (an Arabic name keeps its punctuation in place) and the direction characters
 * it may hold reorder nothing outside it. Controls and cells built of elements are left as they are.
 */
const isolated = (content: ReactNode): ReactNode => (typeof content === 'string' ? <bdi>{content}</bdi> : content);

interface BodyProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  detail?: (row: T) => ReactNode | null;
  emptyText: string;
}

/**
 * The body's rows, memoised: a render of the table that changes only its busy state (a filter clicked, the
 * next page asked for) does not render the cells again, when the screen keeps its columns and row key stable.
 */
function BodyRows<T>({ columns, rows, rowKey, detail, emptyText }: BodyProps<T>) {
  if (rows.length === 0) {
    return (
      <tr>
        <Empty colSpan={columns.length}>{emptyText}</Empty>
      </tr>
    );
  }
  const shown: ReactElement[] = [];
  const needs: number[] = [];
  let used = 0;
  for (const row of rows) {
    const more = detail?.(row) ?? null;
    const need = more === null ? 1 : 2;
    if (used + need > MAX_TABLE_ROWS) break;
    used += need;
    needs.push(need);
    shown.push(
      <Fragment key={rowKey(row)}>
        <tr>
          {columns.map((column) => (
            <td key={column.key} data-align={column.align ?? 'start'}>
              {isolated(column.render(row))}
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
      </Fragment>,
    );
  }
  if (shown.length < rows.length) {
    // Room for the note: drop the last shown rows until it fits.
    while (used + 1 > MAX_TABLE_ROWS && shown.length > 0) {
      shown.pop();
      used -= needs.pop() ?? 0;
    }
    shown.push(
      <tr key="capped" data-capped="">
        <Empty colSpan={columns.length} role="note">
          Showing the first {formatCount(shown.length)} of {formatCount(rows.length)} rows.
        </Empty>
      </tr>,
    );
  }
  return shown;
}
const Body = memo(BodyRows) as typeof BodyRows;

