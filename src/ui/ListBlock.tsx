import type { ReactNode } from 'react';
import type { Pagy } from '../api/codecs/common';
import type { RegionFilter as RegionChoice } from '../domain/regions';
import type { TableState } from '../lib/table-state';
import { Toolbar } from './controls';
import { ExportPanel, type ExportColumn } from './ExportPanel';
import { Pagination } from './Pagination';
import { RegionFilter } from './RegionFilter';
import { SearchBox } from './SearchBox';
import { Table, type Column } from './Table';

/** What the block needs of a list (a `useList` result satisfies it). */
interface ListBlockList {
  state: TableState;
  update: (change: Partial<TableState>) => void;
  error: unknown;
  isLoading: boolean;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

export interface ListBlockProps<Row> {
  list: ListBlockList;
  /** The page's rows; undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  pagy: Pagy | undefined;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** Names the table (hidden caption) and its scroll region. */
  caption: string;
  /** Names the pager's navigation landmark. */
  pagerLabel: string;
  /** What the rows are, said after the pager's count. */
  pagerUnit?: string;
  /** Show the pager's label on screen too. */
  showPagerLabel?: boolean;
  /** The search box (absent: the list has none). */
  search?: { label: string; placeholder: string };
  /** What a committed search changes (default: the search alone). A screen may clear a filter with it. */
  onSearch?: (search: string) => void;
  /** The region filter (default shown). */
  region?: boolean;
  /** Download Report: the columns on offer and the download of every matching row. */
  exportCsv?: { columns: readonly ExportColumn[]; download: (keys: string[]) => Promise<unknown> };
  /** Filters above the toolbar (buttons, selects). */
  filters?: ReactNode;
  /** More controls at the end of the toolbar. */
  tools?: ReactNode;
  maxHeight?: number;
  /** A row's detail under it (see Table). */
  detail?: (row: Row) => ReactNode | null;
  /** What an empty table says (default 'No data found.'). */
  emptyText?: string;
}

/**
 * The one list block: filters, then search, region, Download Report and tools, the table and the pager.
 * Every control writes the list's URL state; any change but the page goes back to page 1.
 *
 * Loading, the same for every paged list, so that nothing jumps while the next rows come: skeleton rows on the
 * very first load only; when the page, a filter or the search changes, the previous rows and pager stay on
 * screen (dimmed, inert, the table `aria-busy` with a thin bar over its top edge) until the answer arrives; the
 * table keeps the spec's scroll height and the pager its place whatever they show, so nothing on the page moves
 * (CLS); an empty answer says 'No data found.', a failed one shows the error with Retry.
 */
export function ListBlock<Row>(props: ListBlockProps<Row>) {
  const { list } = props;
  const setRegion = (region: RegionChoice) => list.update({ region });
  return (
    <>
      {props.filters && <Toolbar>{props.filters}</Toolbar>}
      <Toolbar>
        {props.search && (
          <SearchBox
            label={props.search.label}
            placeholder={props.search.placeholder}
            value={list.state.search}
            onSearch={props.onSearch ?? ((search) => list.update({ search }))}
          />
        )}
        {props.region !== false && <RegionFilter value={list.state.region} onChange={setRegion} />}
        {props.exportCsv && <ExportPanel columns={props.exportCsv.columns} onDownload={props.exportCsv.download} />}
        {props.tools}
      </Toolbar>
      <Table
        caption={props.caption}
        hideCaption
        columns={props.columns}
        rows={props.rows}
        rowKey={props.rowKey}
        loading={list.isLoading}
        refreshing={list.isValidating}
        error={list.error}
        onRetry={() => void list.mutate()}
        maxHeight={props.maxHeight}
        fixedHeight
        detail={props.detail}
        emptyText={props.emptyText}
      />
      <Pagination
        label={props.pagerLabel}
        unit={props.pagerUnit}
        showLabel={props.showPagerLabel}
        pagy={props.pagy}
        onPage={(page) => list.update({ page })}
        reserve
      />
    </>
  );
}
