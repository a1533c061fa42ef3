// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useMachine } from '@xstate/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paySelectionMachine } from '../../../machines/pay-selection/pay-selection.machine';
import type { PayItem, Selection } from '../../../machines/pay-selection/rules';
import { themes } from '../../ui/theme';
import { formatDateTime } from '../../lib/format';
import { PayCarousel, type PayCarouselProps } from './PayCarousel';
import { useNarrowScreen } from './useNarrowScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TODAY = '2026-03-01';
const PAGE_SIZE = 10;

/** Document n (1-based): INV-n, due well after today, amount n thousand rupees. */
const doc = (n: number, extra: Partial<PayItem> = {}): PayItem => ({
  id: `id-${n}`,
  document_number: `INV-${n}`,
  invoice_date: '2026-02-01',
  due_date: '2026-04-15',
  invoice_amount: n * 100_000,
  balance_due: n * 50_000,
  status: 'open',
  ...extra,
});
const ALL = Array.from({ length: 25 }, (_, i) => doc(i + 1));
/** Server page p of ALL (10 a page), a fresh array each call as a fetch would give. */
const pageOf = (p: number) => ALL.slice(PAGE_SIZE * (p - 1), PAGE_SIZE * p);

function base(overrides: Partial<PayCarouselProps> = {}): PayCarouselProps {
  const page = overrides.page ?? 1;
  return {
    tab: 'open',
    items: pageOf(page),
    page,
    pageSize: PAGE_SIZE,
    count: ALL.length,
    hasPrev: page > 1,
    hasNext: page < 3,
    onPage: vi.fn(),
    label: 'Invoice',
    today: TODAY,
    showVirtualAccount: false,
    showCredit: true,
    showPay: true,
    selectionOf: () => undefined,
    creditLimit: 10_000_000,
    creditRefused: false,
    send: vi.fn(),
    ...overrides,
  };
}

const themed = (node: ReactElement) => <ThemeProvider theme={themes.dark}>{node}</ThemeProvider>;
function renderCarousel(props: PayCarouselProps) {
  const view = render(themed(<PayCarousel {...props} />));
  return { ...view, update: (next: PayCarouselProps) => view.rerender(themed(<PayCarousel {...next} />)) };
}

const status = () => screen.getByRole('status').textContent;
const up = () => screen.getByRole('button', { name: 'Previous Invoice' });
const down = () => screen.getByRole('button', { name: 'Next Invoice' });
const card = () => screen.getByRole('group');
const expandButton = () => screen.getByRole('button', { name: /^Payment options for / });
const press = (button: HTMLElement, times = 1) => {
  for (let i = 0; i < times; i++) fireEvent.click(button);
};

describe('PayCarousel', () => {
  it('is a labelled carousel region showing one card, the first, with its document data', () => {
    const items = [
      doc(1, {
        due_date: '2026-02-20',
        pay_by_date: '2026-03-05',
        discount_amount: 12_345,
        ddr_status_date: [{ ddr_status: 'draft', date: '2026-02-27T10:30:00' }],
      }),
      ...pageOf(1).slice(1),
    ];
    renderCarousel(base({ items }));
    const region = screen.getByRole('region', { name: 'Invoices' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(status()).toBe('Showing 1 of 25');
    expect(screen.getAllByRole('group')).toHaveLength(1);
    const c = card();
    expect(c.getAttribute('aria-roledescription')).toBe('slide');
    expect(c.getAttribute('data-testid')).toBe('doc-INV-1');
    const text = c.textContent;
    expect(text).toContain('INV-1');
    expect(text).toContain('01 Feb 2026'); // invoice date
    expect(text).toContain('20 Feb 2026'); // due date
    expect(text).toContain('OverDue by 9 Days');
    expect(text).toContain('₹1,000.00'); // amount
    expect(text).toContain('₹500.00'); // balance due
    expect(text).toContain('Pay before 05 Mar 2026 to avail cash Discount of rupees 123.45');
    const draft = within(c).getByText(/^Draft ·/);
    expect(draft.getAttribute('title')).toBe(formatDateTime('2026-02-27T10:30:00'));
    expect(within(c).queryByRole('img', { name: 'selected' })).toBeNull();
    expect(up()).toHaveProperty('disabled', true);
    expect(down()).toHaveProperty('disabled', false);
  });

  it('shows the due-soon hints and the selected star', () => {
    const items = [doc(1, { due_date: TODAY }), doc(2, { due_date: '2026-03-03' }), doc(3, { due_date: '2026-03-04' })];
    renderCarousel(
      base({ items, count: 3, hasNext: false, selectionOf: (id) => (id === 'id-2' ? selection('id-2') : undefined) }),
    );
    expect(card().textContent).toContain('Due Today');
    expect(screen.queryByRole('img', { name: 'selected' })).toBeNull();
    press(down());
    expect(card().textContent).toContain('2 Days left');
    expect(within(card()).getByRole('img', { name: 'selected' })).toBeTruthy();
    press(down());
    expect(card().textContent).not.toMatch(/Days left|Due Today|OverDue/);
  });

  it('moves card by card within the page and numbers them across pages', () => {
    const { update } = renderCarousel(base());
    press(down());
    expect(status()).toBe('Showing 2 of 25');
    expect(card().getAttribute('data-testid')).toBe('doc-INV-2');
    press(up());
    expect(status()).toBe('Showing 1 of 25');
    update(base({ page: 3 }));
    expect(status()).toBe('Showing 21 of 25');
    expect(card().getAttribute('data-testid')).toBe('doc-INV-21');
  });

  it('loads the next page from the last card and lands on its first card when the documents arrive', () => {
    const onPage = vi.fn();
    const { update } = renderCarousel(base({ onPage }));
    press(down(), 9);
    expect(status()).toBe('Showing 10 of 25');
    expect(onPage).not.toHaveBeenCalled();
    press(down());
    expect(onPage).toHaveBeenCalledExactlyOnceWith(2);
    // The page moves on before its documents arrive (SWR keeps the previous data): still the old card.
    update(base({ onPage, page: 2, items: pageOf(1), hasPrev: false, hasNext: true }));
    expect(status()).toBe('Showing 10 of 25');
    expect(card().getAttribute('data-testid')).toBe('doc-INV-10');
    update(base({ onPage, page: 2 }));
    expect(status()).toBe('Showing 11 of 25');
    expect(card().getAttribute('data-testid')).toBe('doc-INV-11');
    expect(up()).toHaveProperty('disabled', false);
  });

  it('loads the previous page from the first card and lands on its LAST card', () => {
    const onPage = vi.fn();
    const { update } = renderCarousel(base({ onPage, page: 2 }));
    expect(status()).toBe('Showing 11 of 25');
    press(up());
    expect(onPage).toHaveBeenCalledExactlyOnceWith(1);
    update(base({ onPage, page: 1 })); // cached page: page and documents change together
    expect(status()).toBe('Showing 10 of 25');
    expect(card().getAttribute('data-testid')).toBe('doc-INV-10');
    press(down());
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('disables the arrows at the ends of the list and keeps keyboard focus on an arrow', () => {
    const onPage = vi.fn();
    renderCarousel(base({ onPage, page: 3 }));
    expect(up()).toHaveProperty('disabled', false);
    down().focus();
    press(down(), 4);
    expect(status()).toBe('Showing 25 of 25');
    expect(down()).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(up());
    press(down());
    expect(onPage).not.toHaveBeenCalled();
  });

  it('keeps a card expanded while paging within a page, and clears the expansion on another page', () => {
    const onPage = vi.fn();
    const { update } = renderCarousel(base({ onPage }));
    expect(expandButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(expandButton());
    expect(expandButton().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Click here to pay INV-1' })).toBeTruthy();
    press(down());
    expect(expandButton().getAttribute('aria-expanded')).toBe('false');
    press(up());
    expect(expandButton().getAttribute('aria-expanded')).toBe('true'); // same page: remembered

    press(down(), 9);
    fireEvent.click(expandButton()); // INV-10 expanded
    expect(screen.getByRole('checkbox', { name: 'Click here to pay INV-10' })).toBeTruthy();
    press(down());
    update(base({ onPage, page: 2 }));
    expect(card().getAttribute('data-testid')).toBe('doc-INV-11');
    expect(expandButton().getAttribute('aria-expanded')).toBe('false');
    press(up());
    update(base({ onPage, page: 1 }));
    expect(card().getAttribute('data-testid')).toBe('doc-INV-10');
    expect(expandButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('sends the selection events with the id of the card in view', () => {
    const send = vi.fn();
    renderCarousel(base({ send }));
    press(down(), 2); // INV-3
    fireEvent.click(expandButton());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Click here to pay INV-3' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Part payment for INV-3' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Credit for INV-3' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Pay for INV-3' }));
    expect(send.mock.calls.map(([event]: unknown[]) => event)).toEqual([
      { type: 'TOGGLE', id: 'id-3' },
      { type: 'SET_PART', id: 'id-3', on: true },
      { type: 'SET_CREDIT', id: 'id-3', on: true },
      { type: 'SET_PAY', id: 'id-3', on: true },
    ]);
    expect(screen.getByText('₹1,500.00', { selector: 'strong' })).toBeTruthy(); // Approve Payment: the balance due
  });

  it('shows the part amount field with its error, and the switches as the selection has them', () => {
    const send = vi.fn();
    const s = selection('id-1', {
      partPayment: true,
      partAmountText: '9999',
      amount: 20_000,
      credit: true,
      pay: false,
      error: 'Amount should be less than balance due',
    });
    renderCarousel(base({ send, selectionOf: (id) => (id === 'id-1' ? s : undefined) }));
    fireEvent.click(expandButton());
    expect(screen.getByRole('checkbox', { name: 'Click here to pay INV-1' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Part payment for INV-1' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Credit for INV-1' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Pay for INV-1' }).getAttribute('aria-checked')).toBe('false');
    const amount = screen.getByRole('textbox', { name: 'Amount to pay for INV-1' });
    expect(amount).toHaveProperty('value', '9999');
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Amount should be less than balance due');
    expect(amount.getAttribute('aria-describedby')).toBe(error.id);
    fireEvent.change(amount, { target: { value: '250' } });
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'SET_PART_AMOUNT', id: 'id-1', text: '250' });
  });

  it('disables the credit switch as the rules say, and leaves out the switches the page turns off', () => {
    const items = [doc(1, { due_date: '2025-12-01' }), doc(2)];
    const { update } = renderCarousel(base({ items, count: 2, hasNext: false }));
    fireEvent.click(expandButton());
    expect(screen.getByRole('switch', { name: 'Credit for INV-1' })).toHaveProperty('disabled', true); // overdue > 60 days
    press(down());
    fireEvent.click(expandButton());
    expect(screen.getByRole('switch', { name: 'Credit for INV-2' })).toHaveProperty('disabled', false);
    update(base({ items, count: 2, hasNext: false, creditLimit: null }));
    expect(screen.getByRole('switch', { name: 'Credit for INV-2' })).toHaveProperty('disabled', true);
    update(base({ items, count: 2, hasNext: false, showCredit: false, showPay: false, showVirtualAccount: true }));
    expect(screen.queryByRole('switch', { name: /^Credit for/ })).toBeNull();
    expect(screen.queryByRole('switch', { name: /^Pay for/ })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Part payment for INV-2' })).toBeTruthy();
    expect(card().textContent).toContain('Virtual Account Number');
  });

  it('shows the virtual account number only when the page asks for it', () => {
    const items = [doc(1, { virtual_account_number: 'VAN0001' })];
    const { update } = renderCarousel(base({ items, count: 1, hasNext: false }));
    expect(card().textContent).not.toContain('VAN0001');
    update(base({ items, count: 1, hasNext: false, showVirtualAccount: true }));
    expect(card().textContent).toContain('VAN0001');
  });

  it("says 'No invoices' (or 'No sales orders') with no documents", () => {
    const { update } = renderCarousel(base({ items: [], count: 0, hasNext: false }));
    expect(status()).toBe('No invoices');
    expect(screen.queryByRole('group')).toBeNull();
    expect(up()).toHaveProperty('disabled', true);
    expect(down()).toHaveProperty('disabled', true);
    update(base({ items: [], count: 0, hasNext: false, label: 'Sales Order' }));
    expect(status()).toBe('No sales orders');
    expect(screen.getByRole('region', { name: 'Sales Orders' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next Sales Order' })).toBeTruthy();
  });

  it('shows status and UTR on closed-tab cards instead of the payment controls', () => {
    const items = [
      doc(1, { status: 'paid', payment_utr: 'UTR12345', due_date: '2026-01-01' }),
      doc(2, { status: 'paid', payment_utr: null }),
    ];
    renderCarousel(base({ tab: 'closed', items, count: 2, hasNext: false }));
    const text = card().textContent;
    expect(text).toContain('Status');
    expect(text).toContain('paid');
    expect(text).toContain('UTR12345');
    expect(text).not.toContain('OverDue'); // no due hints on closed documents
    expect(text).not.toContain('Balance due');
    expect(screen.queryByRole('button', { name: /^Payment options/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    press(down());
    expect(card().textContent).toContain('UTR Number-');
  });

  it('starts again at the first card when the tab changes', () => {
    const { update } = renderCarousel(base());
    press(down(), 4);
    expect(status()).toBe('Showing 5 of 25');
    update(base({ tab: 'partial', items: [doc(31), doc(32)], count: 2, hasNext: false }));
    expect(status()).toBe('Showing 1 of 2');
    expect(card().getAttribute('data-testid')).toBe('doc-INV-31');
  });

  it('drives the real selection machine: ticking shows the star, part mode checks the typed amount', () => {
    const items = pageOf(1);
    function Page() {
      const [state, send] = useMachine(paySelectionMachine, {
        input: {
          items,
          creditLimitBalance: 10_000_000,
          today: TODAY,
          options: { product: 'provider', variant: 'payment-page', isSalesOrder: false },
        },
      });
      const selectionOf = (id: string) => state.context.selections.find((s) => s.id === id);
      return <PayCarousel {...base({ items, send, selectionOf, creditLimit: state.context.creditLimitBalance })} />;
    }
    render(themed(<Page />));
    press(down()); // INV-2, balance ₹1,000.00
    fireEvent.click(expandButton());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Click here to pay INV-2' }));
    expect(within(card()).getByRole('img', { name: 'selected' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Credit for INV-2' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: 'Part payment for INV-2' }));
    const amount = screen.getByRole('textbox', { name: 'Amount to pay for INV-2' });
    expect(amount).toHaveProperty('value', '1000.00');
    fireEvent.change(amount, { target: { value: '1000.01' } });
    expect(screen.getByRole('alert').textContent).toBe('Amount should be less than balance due');
    fireEvent.change(amount, { target: { value: '400' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Pay for INV-2' }));
    expect(screen.getByRole('switch', { name: 'Credit for INV-2' }).getAttribute('aria-checked')).toBe('false');
    press(up());
    expect(within(card()).queryByRole('img', { name: 'selected' })).toBeNull();
  });
});

describe('useNarrowScreen', () => {
  it('follows the (max-width) media query', () => {
    const listeners = new Set<() => void>();
    let width = 1024;
    const queries: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      queries.push(query);
      const max = Number(/max-width: (\d+)px/.exec(query)?.[1]);
      return {
        get matches() {
          return width <= max;
        },
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      };
    });
    function Probe() {
      return <p>{useNarrowScreen() ? 'narrow' : 'wide'}</p>;
    }
    const { unmount } = render(<Probe />);
    expect(screen.getByText('wide')).toBeTruthy();
    expect(queries).toContain('(max-width: 640px)');
    act(() => {
      width = 390;
      listeners.forEach((fn) => fn());
    });
    expect(screen.getByText('narrow')).toBeTruthy();
    unmount();
    expect(listeners.size).toBe(0);
  });
});

function selection(id: string, extra: Partial<Selection> = {}): Selection {
  return { id, partPayment: false, partAmountText: '', amount: 0, credit: false, pay: true, error: null, ...extra };
}
