// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayItem, Selection } from '../../../machines/pay-selection/rules';
import { themes } from '../../ui/theme';
import { PayDocumentTable, type PayDocumentTableProps } from './PayDocumentTable';

afterEach(cleanup);

const doc = (n: number, extra: Partial<PayItem> = {}): PayItem => ({
  id: `id-${n}`,
  document_number: `INV-${n}`,
  invoice_date: `2026-02-0${n}`,
  due_date: '2026-04-15',
  invoice_amount: n * 123_456_789,
  balance_due: n * 50_000,
  status: 'open',
  ...extra,
});
const ITEMS = [doc(2), doc(1), doc(3)];

function props(overrides: Partial<PayDocumentTableProps> = {}): PayDocumentTableProps {
  return {
    tab: 'open',
    items: ITEMS,
    page: 1,
    pagy: { count: 23, page: 1, pages: 3, prev: null, next: 2 },
    onPage: vi.fn(),
    refreshing: false,
    label: 'Invoice',
    today: '2026-03-01',
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
const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());
const numbers = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell')[1]?.textContent);

describe('PayDocumentTable', () => {
  it('is the kit table named by the label, with the open tab columns and controls', () => {
    render(themed(<PayDocumentTable {...props()} />));
    const region = screen.getByRole('region', { name: 'Invoices' });
    expect(within(region).getByRole('table')).toBeTruthy();
    expect(headers()).toEqual([
      '#',
      'Invoice No.',
      'Date ↕',
      'Due Date',
      'Amount in Rs.',
      'Click here to pay',
      'Full|Part',
      'Approve Payment',
      'Credit',
      'Pay',
    ]);
    const first = screen.getAllByRole('row')[1]!;
    expect(within(first).getByRole('checkbox', { name: 'Click here to pay INV-2' })).toBeTruthy();
    expect(within(first).getByRole('switch', { name: 'Part payment for INV-2' })).toBeTruthy();
    expect(within(first).getByRole('switch', { name: 'Credit for INV-2' })).toBeTruthy();
    expect(within(first).getByRole('switch', { name: 'Pay for INV-2' })).toBeTruthy();
    expect(within(first).getByTestId('doc-INV-2').textContent).toBe('INV-2');
    // Amounts through the money formatter: en-IN grouping, rupee sign, two decimals.
    expect(first.textContent).toContain('₹24,69,135.78');
    expect(first.textContent).toContain('Due ₹1,000.00');
  });

  it('shows status and UTR on the closed tab, the virtual account when asked, and no payment controls', () => {
    render(
      themed(
        <PayDocumentTable
          {...props({
            tab: 'closed',
            showVirtualAccount: true,
            items: [doc(1, { status: 'paid', payment_utr: 'UTR-9' })],
          })}
        />,
      ),
    );
    expect(headers()).toEqual([
      '#',
      'Invoice No.',
      'Virtual Account Number',
      'Date ↕',
      'Due Date',
      'Amount in Rs.',
      'Status',
      'UTR Number',
    ]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const row = screen.getAllByRole('row')[1]!;
    expect(row.textContent).toContain('UTR-9');
    expect(row.textContent).not.toContain('Due ₹');
  });

  it('numbers rows across pages and pages through the kit pager', () => {
    const onPage = vi.fn();
    render(
      themed(
        <PayDocumentTable {...props({ page: 2, onPage, pagy: { count: 23, page: 2, pages: 3, prev: 1, next: 3 } })} />,
      ),
    );
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((tr) => within(tr).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['11', '12', '13']);
    const pager = screen.getByRole('navigation', { name: 'Invoices pages' });
    expect(pager.textContent).toContain('Showing 11 to 20 of 23');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('sorts the page by date: none, ascending, descending, and says so on the header cell', () => {
    render(themed(<PayDocumentTable {...props()} />));
    const dateHeader = () => screen.getAllByRole('columnheader')[2]!;
    expect(dateHeader().getAttribute('aria-sort')).toBe('none');
    expect(numbers()).toEqual(['INV-2', 'INV-1', 'INV-3']);
    fireEvent.click(within(dateHeader()).getByRole('button'));
    expect(dateHeader().getAttribute('aria-sort')).toBe('ascending');
    expect(numbers()).toEqual(['INV-1', 'INV-2', 'INV-3']);
    fireEvent.click(within(dateHeader()).getByRole('button'));
    expect(dateHeader().getAttribute('aria-sort')).toBe('descending');
    expect(numbers()).toEqual(['INV-3', 'INV-2', 'INV-1']);
    fireEvent.click(within(dateHeader()).getByRole('button'));
    expect(dateHeader().getAttribute('aria-sort')).toBe('none');
  });

  it('selects all from the header, or clears when every document is selected', () => {
    const send = vi.fn();
    const { rerender } = render(themed(<PayDocumentTable {...props({ send })} />));
    const selectAll = () => within(screen.getAllByRole('columnheader')[5]!).getByRole('checkbox');
    fireEvent.click(selectAll());
    expect(send).toHaveBeenLastCalledWith({ type: 'SELECT_ALL' });
    const all = (id: string): Selection => ({
      id,
      partPayment: false,
      partAmountText: '',
      amount: 0,
      credit: true,
      pay: false,
      error: null,
    });
    rerender(themed(<PayDocumentTable {...props({ send, selectionOf: all })} />));
    expect(selectAll()).toHaveProperty('checked', true);
    expect(screen.getAllByLabelText('selected')).toHaveLength(3);
    fireEvent.click(selectAll());
    expect(send).toHaveBeenLastCalledWith({ type: 'CLEAR_ALL' });
  });

  it('takes a part amount with its error in the approve cell', () => {
    const send = vi.fn();
    const part = (id: string): Selection => ({
      id,
      partPayment: true,
      partAmountText: '9',
      amount: 900,
      credit: true,
      pay: false,
      error: 'Amount should be less than ₹1,000.00',
    });
    render(themed(<PayDocumentTable {...props({ send, items: [doc(1)], selectionOf: part })} />));
    const amount = screen.getByRole('textbox', { name: 'Amount to pay for INV-1' });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Amount should be less than ₹1,000.00');
    fireEvent.change(amount, { target: { value: '10' } });
    expect(send).toHaveBeenCalledWith({ type: 'SET_PART_AMOUNT', id: 'id-1', text: '10' });
  });

  it('says so when the tab has no documents', () => {
    render(themed(<PayDocumentTable {...props({ items: [] })} />));
    expect(screen.getByText('No data found.')).toBeTruthy();
    expect(within(screen.getAllByRole('columnheader')[5]!).getByRole('checkbox')).toHaveProperty('checked', false);
  });
});
