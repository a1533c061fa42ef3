import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef } from 'react';
import styled from 'styled-components';
import { type CsvKind, failureReasons, rowFailed, type UploadResultRow } from '../../domain/csv';
import { resultRowKey, statusName } from './csv-upload-view';

/**
 * An upload's result rows as a table that renders only the rows in view (and a few around them) however
 * long the file: a 10,000-row result keeps a few dozen rows in the DOM. A real `<table>` (its rows say
 * their place with aria-rowindex, the table its length with aria-rowcount) in a focusable, labelled
 * scroll region, so the keyboard scrolls it (arrows, Page Up/Down, Home/End). The columns share the
 * width (fixed layout, long reasons wrap): no sideways scroll at phone width.
 */

/** The tallest the scroll region gets; a shorter list takes what it needs. */
const RESULT_TABLE_MAX_HEIGHT = 'min(360px, 45dvh)';
/** A row's height before it is measured (one line of text). */
const ROW_ESTIMATE = 41;
/** The header row's height: the rows start below it. */
const HEADER_ESTIMATE = 41;
/** Rows rendered beyond each edge of the view. */
const OVERSCAN = 8;

const Scroller = styled.div<{ $maxHeight: string }>`
  max-height: ${({ $maxHeight }) => $maxHeight};
  overflow-x: hidden;
  overflow-y: auto;
  overscroll-behavior: contain;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  background: ${({ theme }) => theme.surface};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.primary};
    outline-offset: 2px;
  }
`;

const Grid = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: separate;
  border-spacing: 0;
  font-size: 14px;
  th,
  td {
    padding: 10px 12px;
    text-align: start;
    vertical-align: top;
    overflow-wrap: anywhere;
    border-bottom: 1px solid ${({ theme }) => theme.border};
  }
  th[data-align='end'],
  td[data-align='end'] {
    text-align: end;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.surfaceRaised};
    font-weight: 700;
  }
  col.row {
    width: 4.5em;
  }
  col.number {
    width: 30%;
  }
  col.status {
    width: 7.5em;
  }
  tr.spacer td {
    padding: 0;
    border: 0;
  }
  tbody tr:hover td {
    background: ${({ theme }) => theme.surfaceRaised};
  }
  ul {
    margin: 0;
    padding-inline-start: 18px;
  }
  @media (max-width: 480px) {
    font-size: 13px;
    th,
    td {
      padding: 8px 6px;
    }
    col.row {
      width: 3.2em;
    }
    col.status {
      width: 5.5em;
    }
  }
`;

const Status = styled.span<{ $failed: boolean }>`
  font-weight: 700;
  color: ${({ theme, $failed }) => ($failed ? theme.danger : theme.success)};
`;

const Title = styled.h4`
  margin: 0;
  font-size: 15px;
`;

interface ResultTableProps {
  /** The heading above the table, which also names the table and its scroll region. */
  title: string;
  kind: CsvKind;
  rows: readonly UploadResultRow[];
  /** A data-testid for the scroll region (tests scroll it). */
  testId?: string;
}

export function ResultTable({ title, kind, rows, testId }: ResultTableProps) {
  const titleId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are not memoised: nothing here memoises them
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    paddingStart: HEADER_ESTIMATE,
    // Before the region is measured (and where nothing is, as in tests): a view of about nine rows.
    initialRect: { width: 640, height: 360 },
    getItemKey: (index) => resultRowKey(rows[index]!, index),
    // A row not laid out (the dialog closing, no layout engine) measures 0: keep the estimate, or every row would fit the view.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ROW_ESTIMATE,
  });
  const items = virtualizer.getVirtualItems();
  const before = Math.max(0, (items[0]?.start ?? HEADER_ESTIMATE) - HEADER_ESTIMATE);
  const after = Math.max(0, virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0));

  return (
    <>
      <Title id={titleId}>{title}</Title>
      <Scroller
        ref={scroller}
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        $maxHeight={RESULT_TABLE_MAX_HEIGHT}
        data-testid={testId}
      >
        <Grid aria-labelledby={titleId} aria-rowcount={rows.length + 1}>
          <colgroup>
            <col className="row" />
            <col className="number" />
            <col className="status" />
            <col />
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" data-align="end">
                Row
              </th>
              <th scope="col">{kind === 'invoices' ? 'Invoice Number' : 'File ID'}</th>
              <th scope="col">Status</th>
              <th scope="col">Failure Reason</th>
            </tr>
          </thead>
          <tbody>
            {before > 0 && (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={4} style={{ height: before }} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index]!;
              const reasons = failureReasons(row);
              return (
                <tr
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  aria-rowindex={item.index + 2}
                >
                  <td data-align="end">{row.row ?? '-'}</td>
                  <td>{(kind === 'invoices' ? row.invoice_number : row.file_id) || '-'}</td>
                  <td>
                    <Status $failed={rowFailed(row)}>{statusName(row.status)}</Status>
                  </td>
                  <td>
                    {reasons.length === 0 ? (
                      '-'
                    ) : reasons.length === 1 ? (
                      reasons[0]
                    ) : (
                      <ul>
                        {reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
            {after > 0 && (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={4} style={{ height: after }} />
              </tr>
            )}
          </tbody>
        </Grid>
      </Scroller>
    </>
  );
}
