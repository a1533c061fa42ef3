import { useState } from 'react';
import styled from 'styled-components';
import { clampPage, lastPage, pageSummary, showPageInput, type Pagy } from '../lib/pagination';
import { GhostButton } from './form';
import { Input, Label } from './controls';

const Footer = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-top: 12px;
  color: ${({ theme }) => theme.textMuted};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  /* As tall as a button or the page box, whether the page box shows or not: the footer keeps its height. */
  min-height: 44px;
  input {
    width: 80px;
  }
`;

interface PaginationProps {
  pagy: Pagy | undefined;
  onPage: (page: number) => void;
  /** Names the table it pages, for the navigation landmark. */
  label: string;
  /** What the rows are, after the count ('Showing 1 to 10 of 346 payments'). */
  unit?: string;
  /** Show the label as well (the Complete Payment Report's 'All Invoices' pager). */
  showLabel?: boolean;
  /**
   * Keep the footer's place while the first page loads (an invisible pager of the same height), so the
   * content under the table does not move down when it arrives. Paged lists use it.
   */
  reserve?: boolean;
}

const PLACEHOLDER: Pagy = { page: 1, count: 0, prev: null, next: null, pages: 1 };

/**
 * The footer of a paged table, from `pagy`: the 'Showing X to Y of N' summary, previous and next, and a
 * page-number box shown only when there are more than 10 rows (typed numbers are clamped to 1..last). An
 * empty list has no footer.
 */
export function Pagination({ pagy, onPage, label, unit, showLabel = false, reserve = false }: PaginationProps) {
  const [typed, setTyped] = useState('');
  if (!pagy) {
    if (!reserve) return null;
    return (
      <Footer as="div" aria-hidden style={{ visibility: 'hidden' }} data-testid="pager-placeholder">
        <span>{pageSummary(PLACEHOLDER, unit)}</span>
        <Controls>
          <GhostButton type="button" disabled tabIndex={-1}>
            ‹ Previous
          </GhostButton>
        </Controls>
      </Footer>
    );
  }
  // An empty list says so in the table; a pager over nothing would only offer buttons that lead nowhere.
  if (pagy.count === 0) return null;
  const last = lastPage(pagy);
  const go = () => {
    const page = clampPage(typed, last);
    setTyped('');
    if (page !== null && page !== pagy.page) onPage(page);
  };
  return (
    <Footer aria-label={`${label} pages`}>
      <span aria-live="polite">
        {showLabel && <strong>{label}: </strong>}
        {pageSummary(pagy, unit)}
      </span>
      <Controls>
        <GhostButton
          type="button"
          disabled={!pagy.prev}
          onClick={() => pagy.prev && onPage(pagy.prev)}
          aria-label="Previous page"
        >
          ‹ Previous
        </GhostButton>
        <span>
          Page {pagy.page} of {last}
        </span>
        <GhostButton
          type="button"
          disabled={!pagy.next}
          onClick={() => pagy.next && onPage(pagy.next)}
          aria-label="Next page"
        >
          Next ›
        </GhostButton>
        {showPageInput(pagy) && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              go();
            }}
          >
            <Label>
              Go to page
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={last}
                value={typed}
                placeholder={String(pagy.page)}
                onChange={(e) => setTyped(e.target.value)}
              />
            </Label>
          </form>
        )}
      </Controls>
    </Footer>
  );
}
