import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { creditDisabledReason, type PayItem } from '../../../machines/pay-selection/rules';
import { formatDate, formatDateTime, orMissing } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { GhostButton } from '../../ui/form';
import { dueHint, type PayTab } from '../../domain/pay';
import { discountBanner } from './hints';
import { PaymentControls, type DocumentViewProps } from './PaymentControls';
import { amountInput } from './styles';

/**
 * The pay page's document list on narrow screens (spec 3 §2 'Mobile'): a vertical carousel of expandable
 * cards, one document per card, with 'Showing i of count' and up/down arrows; 'No invoices' when empty.
 * It takes the same data as the desktop table, one server page (10 documents) at a time: at the first or
 * last card of a page the arrows load the neighbouring page through `onPage` and land on its last or first
 * card once its documents arrive. Going to another page clears the expansion state (spec 3 §4).
 */
export interface PayCarouselProps extends DocumentViewProps {
  tab: PayTab;
  /** The current server page (at most `pageSize` documents). */
  items: readonly PayItem[];
  page: number;
  pageSize: number;
  /** pagy.count: every document in this tab. */
  count: number;
  hasPrev: boolean;
  hasNext: boolean;
  /** Loads another server page. */
  onPage: (page: number) => void;
}

type Landing = 'first' | 'last';

/** What the carousel remembers between renders. */
interface View {
  /** The current card, an index into `items`. */
  index: number;
  /** Ids of the expanded cards (of the page in view). */
  expanded: ReadonlySet<string>;
  /** A page asked for by an arrow, and which of its cards to land on when its documents arrive. */
  pending: { page: number; land: Landing } | null;
  /** The props last seen, to notice changes while rendering. */
  tab: PayTab;
  page: number;
  items: readonly PayItem[];
  /** The page the documents in view belong to (the page prop can run ahead while the next page loads). */
  itemsPage: number;
}

const NONE: ReadonlySet<string> = new Set();

const clampIndex = (index: number, length: number) => Math.max(0, Math.min(index, length - 1));

const fresh = (tab: PayTab, page: number, items: readonly PayItem[]): View => ({
  index: 0,
  expanded: NONE,
  pending: null,
  tab,
  page,
  items,
  itemsPage: page,
});

/** The same documents, in the same order (by id). */
const sameDocuments = (a: readonly PayItem[], b: readonly PayItem[]) =>
  a.length === b.length && a.every((item, i) => item.id === b[i]?.id);

/** The view after new props: a new tab starts over; a new page clears the expansion; new documents land the pending arrow. */
function follow(view: View, tab: PayTab, page: number, items: readonly PayItem[]): View {
  if (tab !== view.tab) return fresh(tab, page, items);
  let next = view;
  if (page !== next.page) {
    next = { ...next, page, expanded: NONE, pending: next.pending?.page === page ? next.pending : null };
  }
  if (items !== next.items && sameDocuments(items, next.items)) {
    // Fresh data for the documents in view (a refetch, or the previous page kept while the next one loads).
    next = { ...next, items };
  } else if (items !== next.items) {
    const pending = next.pending;
    const landed = pending !== null && pending.page === page;
    const index = landed ? (pending.land === 'last' ? items.length - 1 : 0) : page !== next.itemsPage ? 0 : next.index;
    next = {
      ...next,
      items,
      itemsPage: page,
      index: clampIndex(index, items.length),
      pending: landed ? null : pending,
      expanded: page !== next.itemsPage ? NONE : next.expanded,
    };
  }
  return next;
}

export function PayCarousel(props: PayCarouselProps) {
  const { tab, items, page, pageSize, count, hasPrev, hasNext, onPage, label } = props;
  const [view, setView] = useState<View>(() => fresh(tab, page, items));
  // Adjusting state to new props while rendering (react.dev 'storing information from previous renders').
  let current = view;
  if (tab !== view.tab || page !== view.page || items !== view.items) {
    current = follow(view, tab, page, items);
    setView(current);
  }
  const { index, expanded, itemsPage } = current;

  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const lastArrow = useRef<'up' | 'down' | null>(null);

  const empty = items.length === 0;
  const atFirst = index <= 0;
  const atLast = index >= items.length - 1;
  const upDisabled = atFirst && !hasPrev;
  const downDisabled = atLast && !hasNext;
  const item = empty ? undefined : items[clampIndex(index, items.length)];
  const position = pageSize * (itemsPage - 1) + index + 1;
  const noun = label.toLowerCase();

  // An arrow that just became disabled (an end of the list) would drop keyboard focus: hand it to the other one.
  useEffect(() => {
    const [pressed, other] =
      lastArrow.current === 'up'
        ? [upRef.current, downRef.current]
        : lastArrow.current === 'down'
          ? [downRef.current, upRef.current]
          : [null, null];
    if (!pressed?.disabled || !other || other.disabled) return;
    const active = document.activeElement;
    if (active === pressed || active === null || active === document.body) other.focus();
  }, [upDisabled, downDisabled]);

  const go = (direction: 'up' | 'down') => {
    lastArrow.current = direction;
    if (direction === 'up') {
      if (!atFirst) setView((v) => ({ ...v, index: v.index - 1 }));
      else if (hasPrev) {
        setView((v) => ({ ...v, pending: { page: v.itemsPage - 1, land: 'last' } }));
        onPage(itemsPage - 1);
      }
    } else if (!atLast) setView((v) => ({ ...v, index: v.index + 1 }));
    else if (hasNext) {
      setView((v) => ({ ...v, pending: { page: v.itemsPage + 1, land: 'first' } }));
      onPage(itemsPage + 1);
    }
  };

  const toggleExpanded = (id: string) =>
    setView((v) => {
      const next = new Set(v.expanded);
      if (!next.delete(id)) next.add(id);
      return { ...v, expanded: next };
    });

  return (
    <Carousel role="region" aria-roledescription="carousel" aria-label={`${label}s`}>
      <Bar>
        <p role="status" aria-live="polite" aria-atomic="true">
          {empty ? `No ${noun}s` : `Showing ${position} of ${count}`}
        </p>
        <span>
          <Arrow
            ref={upRef}
            type="button"
            aria-label={`Previous ${label}`}
            disabled={upDisabled}
            onClick={() => go('up')}
          >
            <span aria-hidden>▲</span>
          </Arrow>
          <Arrow
            ref={downRef}
            type="button"
            aria-label={`Next ${label}`}
            disabled={downDisabled}
            onClick={() => go('down')}
          >
            <span aria-hidden>▼</span>
          </Arrow>
        </span>
      </Bar>
      {item && (
        <DocumentCard
          key={item.id}
          {...props}
          item={item}
          expanded={expanded.has(item.id)}
          onToggle={() => toggleExpanded(item.id)}
        />
      )}
    </Carousel>
  );
}

function DocumentCard(props: PayCarouselProps & { item: PayItem; expanded: boolean; onToggle: () => void }) {
  const {
    tab,
    item,
    expanded,
    onToggle,
    label,
    today,
    showVirtualAccount,
    showCredit,
    showPay,
    selectionOf,
    creditLimit,
    creditRefused,
    send,
  } = props;
  const id = useId();
  const panelId = `${id}-panel`;
  const closed = tab === 'closed';
  const number = item.document_number;
  const s = selectionOf(item.id);
  const hint = closed ? null : dueHint(item.due_date, today);
  const banner = closed ? null : discountBanner(item, formatDate);
  const draft = item.ddr_status_date?.[0];

  return (
    <Card role="group" aria-roledescription="slide" aria-label={`${label} ${number}`} data-testid={`doc-${number}`}>
      <h3>
        {number}
        {s && (
          <span className="star" role="img" aria-label="selected">
            {' '}
            ★
          </span>
        )}
      </h3>
      {draft && (
        <small className="muted" title={formatDateTime(draft.date)}>
          {draft.ddr_status === 'draft' ? 'Draft' : 'In process'} · {formatDateTime(draft.date)}
        </small>
      )}
      {banner && <small className="hint">{banner}</small>}
      <dl>
        <div>
          <dt>{label} date</dt>
          <dd>{formatDate(item.invoice_date)}</dd>
        </div>
        <div>
          <dt>Due date</dt>
          <dd>
            {formatDate(item.due_date)}
            {hint && <small className={hint.late ? 'late' : 'hint'}>{hint.text}</small>}
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(item.invoice_amount)}</dd>
        </div>
        {!closed && (
          <div>
            <dt>Balance due</dt>
            <dd>{formatMoney(item.balance_due)}</dd>
          </div>
        )}
        {showVirtualAccount && (
          <div>
            <dt>Virtual Account Number</dt>
            <dd>{orMissing(item.virtual_account_number)}</dd>
          </div>
        )}
        {closed && (
          <>
            <div>
              <dt>Status</dt>
              <dd>{item.status}</dd>
            </div>
            <div>
              <dt>UTR Number</dt>
              <dd>{orMissing(item.payment_utr)}</dd>
            </div>
          </>
        )}
      </dl>

      {!closed && (
        <>
          <GhostButton
            type="button"
            className="expand"
            aria-expanded={expanded}
            aria-controls={panelId}
            aria-label={`Payment options for ${number}`}
            onClick={onToggle}
          >
            Payment options <span aria-hidden>{expanded ? '▴' : '▾'}</span>
          </GhostButton>
          <div id={panelId} className="panel" hidden={!expanded}>
            {expanded && (
              <PaymentControls
                item={item}
                selection={s}
                showCredit={showCredit}
                showPay={showPay}
                creditDisabled={creditDisabledReason(item, creditLimit, today, creditRefused)}
                send={send}
              />
            )}
          </div>
        </>
      )}
    </Card>
  );
}

const Carousel = styled.section`
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  padding: 8px;
  background: ${({ theme }) => theme.surface};
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 8px;
  p {
    margin: 0;
    font-weight: 600;
  }
  > span {
    display: inline-flex;
    gap: 8px;
  }
`;

/** Up/down arrows: at least 44 x 44 px (WCAG 2.5.5). */
const Arrow = styled(GhostButton)`
  min-width: 44px;
  min-height: 44px;
  padding: 0 12px;
  &:disabled {
    cursor: not-allowed;
  }
`;

const Card = styled.div`
  padding: 12px;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
  h3 {
    margin: 0 0 4px;
    font-size: 17px;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    font-size: 13px;
  }
  .muted {
    color: ${({ theme }) => theme.textMuted};
  }
  .hint {
    color: ${({ theme }) => theme.warning};
  }
  .late {
    color: ${({ theme }) => theme.danger};
  }
  .star {
    color: ${({ theme }) => theme.warning};
  }
  dl {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px 12px;
    margin: 8px 0;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
    font-size: 13px;
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .expand {
    width: 100%;
    min-height: 44px;
  }
  .panel {
    margin-top: 8px;
  }
  .row {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    min-height: 44px;
  }
  label.row {
    justify-content: flex-start;
    cursor: pointer;
  }
  input[type='checkbox'] {
    width: 24px;
    height: 24px;
    margin: 0;
  }
  input[type='text'] {
    ${amountInput}
    width: 140px;
    min-height: 44px;
    text-align: end;
  }
`;
