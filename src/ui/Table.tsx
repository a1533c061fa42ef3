import {
  Fragment,
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import styled, { keyframes } from 'styled-components';
import { formatCount } from '../lib/format';
import { GhostButton } from './form';
import { ErrorMessage } from './LoadFailed';
import { Skeleton } from './Skeleton';

/** Spec: tables scroll within 353 px; tables inside modals within 500 px. */
const TABLE_MAX_HEIGHT = 353;
export const MODAL_TABLE_MAX_HEIGHT = 500;
export const EMPTY_TEXT = 'No data found.';
/**
 * No table puts more than this many rows (`tr` in its body, detail rows and the note included) in the DOM, so a
 * long list cannot slow the page down. Paged lists stay far below it (10 to 15 rows a page); a list handed more
 * rows shows the first ones and says how many it left out. A list that must show every row virtualises instead.
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
  /**
   * Kept in view while the table scrolls sideways: 'start' for what names the row (the first column is always
   * pinned there), 'end' for the row's actions. Pinned columns keep their place in the order; once scrolled
   * to, they stick beside the pinned columns before them (or, at the end, after them).
   */
  pin?: 'start' | 'end';
}

/**
 * Columns are pinned from this width up: below it (phones) the pinned columns would take most of the table's
 * width and leave little room to scroll the rest through.
 */
const PINS_FROM = '(min-width: 768px)';
const SIDEWAYS_HINT = 'Scroll sideways for more columns.';

/** Where a column is pinned: the first column at the start (it names the row in every table), others as they say. */
const pinOf = (column: Pick<Column<unknown>, 'pin'>, index: number): 'start' | 'end' | undefined =>
  index === 0 ? 'start' : column.pin;

/**
 * A pinned cell's props: which side, and its offset from that side (the widths of the pinned columns before
 * it, measured into the frame's `--pin-<index>` by {@link placePins}).
 */
function pinProps(
  column: Pick<Column<unknown>, 'pin'>,
  index: number,
): { 'data-pin'?: 'start' | 'end'; style?: CSSProperties } {
  const pin = pinOf(column, index);
  if (!pin) return {};
  return { 'data-pin': pin, style: { '--pin-at': `var(--pin-${index}, 0px)` } as CSSProperties };
}

/**
 * Holds the scroller, the sideways cue over its edges and the busy bar over its top edge (out of flow: showing
 * them moves nothing). It may shrink like the scroller itself (a modal's flex column gives the table what room
 * is left), passing its height on.
 */
const Frame = styled.div`
  position: relative;
  /* The sticky cells' layers stay inside the table: nothing around it has to know their z-indexes. */
  isolation: isolate;
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
  /* A control focused by Tab is scrolled into view beside the pinned columns and below the sticky header, not under them. */
  scroll-padding-top: var(--head-height, 0px);
  scroll-padding-left: var(--pinned-start, 0px);
  scroll-padding-right: var(--pinned-end, 0px);
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  background: ${({ theme }) => theme.surface};
  tbody {
    transition: opacity 0.1s;
  }
  /* The previous rows while the next ones load: dimmed after a moment (a fast answer does not flicker). */
  &[data-stale='true'] tbody {
    opacity: 0.55;
    transition: opacity 0.2s 0.15s;
  }
  /* Rows with a detail: the scroller is the detail's container, so the detail can be as wide as what is in view. */
  &[data-detail='true'] {
    container-type: inline-size;
  }
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
  &[data-on='true'] {
    display: block;
  }
  position: absolute;
  z-index: 5;
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
    &::before {
      width: 100%;
      animation: none;
      opacity: 0.6;
    }
  }
`;

/**
 * The cue that columns are off-screen on one side: a shadow along the edge of the visible part (beside the
 * pinned columns), shown by `data-on` while the table can scroll further that way. It lets clicks through.
 */
const Edge = styled.div`
  display: none;
  &[data-on='true'] {
    display: block;
  }
  position: absolute;
  z-index: 4;
  top: 1px;
  bottom: var(--edge-bottom, 1px);
  width: 24px;
  pointer-events: none;
  --edge-shade: ${({ theme }) => (theme.name === 'dark' ? 'rgb(0 0 0 / 0.65)' : 'rgb(20 26 38 / 0.22)')};
  &[data-side='start'] {
    left: var(--edge-start, 1px);
    background: linear-gradient(to right, var(--edge-shade), transparent);
  }
  &[data-side='end'] {
    right: var(--edge-end, 1px);
    background: linear-gradient(to left, var(--edge-shade), transparent);
  }
`;

const Grid = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: 14px;
  caption {
    text-align: start;
    padding: 12px;
    font-weight: 700;
  }
  th,
  td {
    padding: 10px 12px;
    text-align: start;
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.border};
  }
  th[data-align='end'],
  td[data-align='end'] {
    text-align: end;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    background: ${({ theme }) => theme.surfaceRaised};
    font-weight: 700;
  }
  @media ${PINS_FROM} {
    /* Opaque, so the columns scrolling under a pinned one do not show through (the header's already is). */
    td[data-pin] {
      position: sticky;
      z-index: 1;
      background: ${({ theme }) => theme.surface};
    }
    thead th[data-pin] {
      z-index: 3;
    }
    [data-pin='start'] {
      left: var(--pin-at);
    }
    [data-pin='end'] {
      right: var(--pin-at);
    }
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  tbody tr:hover td {
    background: ${({ theme }) => theme.surfaceRaised};
  }
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

/** Which sides have columns off-screen. */
interface Sideways {
  start: boolean;
  end: boolean;
}
const ALL_IN_VIEW: Sideways = { start: false, end: false };

/** A pinned header cell that sticks (the screen is wide enough), and its offset from its side. */
interface PinnedCell {
  cell: HTMLTableCellElement;
  side: 'start' | 'end';
  offset: number;
}

/**
 * Measures the pinned columns into the frame's custom properties: each one's offset from its side (the widths
 * of the pinned columns before it, `--pin-<index>`) and what they cover on each side when all have stuck
 * (`--pinned-start`, `--pinned-end`: the scroller's scroll padding), and the sticky header's height
 * (`--head-height`, its top padding). Returns the cells that stick.
 */
function placePins(frame: HTMLElement, table: HTMLTableElement): PinnedCell[] {
  const headers = [...table.querySelectorAll<HTMLTableCellElement>(':scope > thead th')].map((cell, index) => ({
    cell,
    index,
  }));
  // Below the width pins start at, nothing sticks and nothing is covered.
  const sticks = window.matchMedia(PINS_FROM).matches;
  const pinned: PinnedCell[] = [];
  for (const side of ['start', 'end'] as const) {
    let covered = 0;
    for (const { cell, index } of side === 'start' ? headers : [...headers].reverse()) {
      if (cell.dataset.pin !== side) continue;
      frame.style.setProperty(`--pin-${index}`, `${covered}px`);
      if (!sticks) continue;
      pinned.push({ cell, side, offset: covered });
      covered += cell.getBoundingClientRect().width;
    }
    frame.style.setProperty(`--pinned-${side}`, `${covered}px`);
  }
  // The sticky header covers the top rows the same way.
  frame.style.setProperty('--head-height', `${table.tHead?.getBoundingClientRect().height ?? 0}px`);
  return pinned;
}

/**
 * Puts the cue's edges where the visible part of the scrolled columns begins and ends: beside the pinned cells
 * that have stuck (a pinned column further in the order sticks only once scrolled to), else at the scroller's
 * inner edges (`--edge-start`, `--edge-end`, and `--edge-bottom` above a horizontal scrollbar).
 */
function placeEdges(frame: HTMLElement, scroller: HTMLElement, pinned: readonly PinnedCell[]) {
  const box = scroller.getBoundingClientRect();
  const left = box.left + scroller.clientLeft;
  const right = left + scroller.clientWidth;
  let start = 0;
  let end = 0;
  for (const { cell, side, offset } of pinned) {
    const at = cell.getBoundingClientRect();
    // Half a pixel of slack: cells sit on fractional pixels.
    if (side === 'start' && at.left - left <= offset + 0.5) start = Math.max(start, at.right - left);
    if (side === 'end' && right - at.right <= offset + 0.5) end = Math.max(end, right - at.left);
  }
  frame.style.setProperty('--edge-start', `${scroller.clientLeft + start}px`);
  frame.style.setProperty('--edge-end', `${scroller.offsetWidth - scroller.clientLeft - scroller.clientWidth + end}px`);
  frame.style.setProperty('--edge-bottom', `${scroller.offsetHeight - scroller.clientTop - scroller.clientHeight}px`);
}

/**
 * Follows what is off-screen sideways, on scroll and whenever the scroller, the table or a pinned column
 * changes size (another page of rows, a resized window), and keeps the pinned columns and the cue placed.
 */
function useSideways(pins: string) {
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef<readonly PinnedCell[]>([]);
  const [sideways, setSideways] = useState(ALL_IN_VIEW);
  const update = useCallback(() => {
    const box = frame.current;
    const element = scroller.current;
    if (!box || !element) return;
    placeEdges(box, element, pinned.current);
    // A pixel of slack: zoomed pages scroll by fractions.
    const start = element.scrollLeft > 1;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setSideways((now) => (now.start === start && now.end === end ? now : { start, end }));
  }, []);
  useLayoutEffect(() => {
    const box = frame.current;
    const table = scroller.current?.querySelector('table');
    if (!box || !scroller.current || !table) return;
    const measure = () => {
      pinned.current = placePins(box, table);
      update();
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller.current);
    observer.observe(table);
    for (const cell of table.querySelectorAll('thead th[data-pin]')) observer.observe(cell);
    return () => observer.disconnect();
  }, [pins, update]);
  return { frame, scroller, sideways, onScroll: update };
}

/** About how tall one body row is (14 px text, 10 px padding, a border): to fill a fixed scroll area with skeletons. */
const ROW_HEIGHT_ESTIMATE = 41;

/**
 * The one table: sticky header, a scroll area of the spec's height (reachable and scrollable with the
 * keyboard), skeleton rows on the first load, 'No data found.' when empty, the error with Retry. When other
 * rows load, the previous ones stay (dimmed, inert, `aria-busy`, a thin bar over the top edge) until the
 * answer arrives. At most {@link MAX_TABLE_ROWS} rows reach the DOM. Row actions are buttons or links inside
 * cells, so Tab reaches them. A table wider than its box keeps its pinned columns (the first, and those marked
 * `pin`) in view as it scrolls sideways, shades the side that has more columns and describes its region with
 * 'Scroll sideways for more columns.'.
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
  // Measured again when the pinned columns change, not on every render (screens may build their columns anew).
  const { frame, scroller, sideways, onScroll } = useSideways(
    columns.map((column, index) => `${column.key}:${pinOf(column, index) ?? ''}`).join(),
  );
  const hintId = useId();
  return (
    <Frame ref={frame}>
      <Scroller
        ref={scroller}
        $maxHeight={maxHeight}
        $fixed={fixedHeight}
        tabIndex={0}
        role="region"
        aria-label={caption}
        aria-describedby={sideways.start || sideways.end ? hintId : undefined}
        aria-busy={busy}
        data-stale={stale}
        data-detail={detail !== undefined || undefined}
        onScroll={onScroll}
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
      <Edge aria-hidden data-side="start" data-on={sideways.start} data-testid="table-more-start" />
      <Edge aria-hidden data-side="end" data-on={sideways.end} data-testid="table-more-end" />
      {/* The region's description while it is wider than its box: what the shadows tell the eye. */}
      <span id={hintId} hidden>
        {SIDEWAYS_HINT}
      </span>
      <BusyBar aria-hidden data-testid="table-busy" data-on={busy && !skeleton} />
    </Frame>
  );
}

function HeadCells<T>({ columns }: { columns: readonly Column<T>[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th
            key={column.key}
            scope="col"
            data-align={column.align ?? 'start'}
            aria-sort={column.sort}
            {...pinProps(column, index)}
          >
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
      {Array.from({ length: count }, (_, row) => (
        <tr key={`skeleton-${row}`} aria-hidden>
          {columns.map((column, index) => (
            <td key={column.key} {...pinProps(column, index)}>
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
          {columns.map((column, index) => (
            <td key={column.key} data-align={column.align ?? 'start'} {...pinProps(column, index)}>
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
