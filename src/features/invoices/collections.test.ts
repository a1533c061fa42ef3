import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TABLE_STATE,
  readTableState,
  withChange,
  writeTableState,
  type TableState,
} from '../../lib/table-state';
import {
  collectionFilterOf,
  dueInDays,
  dueInText,
  overdueByDays,
  overdueByText,
  paymentParams,
  receivedOutsideText,
  reportFilterOf,
  starLabel,
} from './collections';
import { paymentFilter, paymentListQuery } from '../../api/invoice-queries';

const TODAY = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, mid-afternoon local time
const state = (change: Partial<TableState> = {}): TableState => ({ ...DEFAULT_TABLE_STATE, ...change });

describe('Due In and Overdue By', () => {
  it('count calendar days from the drawdown due date when the provider sends no count', () => {
    const due = (drawdown_due_date: string | null) => ({ drawdown_due_date });
    expect(dueInDays(due('2026-11-22'), TODAY)).toBe(0);
    expect(dueInText(due('2026-11-22'), TODAY)).toBe('Today');
    expect(overdueByText(due('2026-11-22'), TODAY)).toBe('-');

    expect(dueInText(due('2026-11-23'), TODAY)).toBe('1 day');
    expect(dueInText(due('2027-01-21'), TODAY)).toBe('60 days');
    expect(overdueByDays(due('2027-01-21'), TODAY)).toBeNull();

    expect(dueInDays(due('2026-11-21'), TODAY)).toBeNull();
    expect(dueInText(due('2026-11-21'), TODAY)).toBe('-');
    expect(overdueByText(due('2026-11-21'), TODAY)).toBe('1 day');
    // Across a month and a year end, in whole calendar days whatever the time of day.
    expect(overdueByText(due('2025-12-31'), TODAY)).toBe('326 days');
    expect(overdueByDays(due('2026-10-31'), new Date(2026, 10, 1, 0, 0, 1))).toBe(1);
  });

  it('show "-" without a drawdown, or with a date that cannot be read', () => {
    for (const drawdown_due_date of [null, undefined, '', 'soon', '2026-02-30']) {
      expect(dueInText({ drawdown_due_date }, TODAY)).toBe('-');
      expect(overdueByText({ drawdown_due_date }, TODAY)).toBe('-');
    }
  });

  it("prefer the provider's own counts, so the table agrees with the export", () => {
    // The provider's day may already have moved on; its count wins over the local calculation.
    const row = { drawdown_due_date: '2026-11-30', due_in_days: 7, overdue_by_days: null };
    expect(dueInText(row, TODAY)).toBe('7 days');
    expect(overdueByText(row, TODAY)).toBe('-');
    expect(dueInText({ drawdown_due_date: '2026-11-01', due_in_days: null, overdue_by_days: 21 }, TODAY)).toBe('-');
    expect(overdueByText({ drawdown_due_date: '2026-11-01', due_in_days: null, overdue_by_days: 21 }, TODAY)).toBe(
      '21 days',
    );
    expect(dueInText({ drawdown_due_date: null, due_in_days: null, overdue_by_days: null }, TODAY)).toBe('-');
  });
});

describe('Received outside and the star label', () => {
  it("is Yes only for ERP payments (received outside), '-' for credit and pay", () => {
    expect(receivedOutsideText({ source: 'erp_payment' })).toBe('Yes');
    expect(receivedOutsideText({ source: 'credit' })).toBe('-');
    expect(receivedOutsideText({ source: 'pay' })).toBe('-');
  });

  it('names the invoice and tells apart two payments of it', () => {
    const invoice = {
      document_number: 'INV/2627/000001',
      total: 100,
      invoice_date: '2026-11-01',
      status: 'paid' as const,
      customer_code: 'CS1',
    };
    const first = starLabel({ id: '1', invoice, utr_number: 'UTR1' });
    const second = starLabel({ id: '2', invoice, utr_number: 'UTR2' });
    expect(first).toBe('Star payment UTR1 for invoice INV/2627/000001');
    expect(second).not.toBe(first);
    expect(starLabel({ id: '3', invoice: null, utr_number: ' ' })).toBe('Star payment 3 for invoice -');
  });
});

describe('collections filters from the URL state', () => {
  const defaults = { filters: { period: 'today' } };

  it('open on Today with a clean URL, and keep one button at a time', () => {
    const initial = readTableState('', 'collections', defaults);
    expect(collectionFilterOf(initial)).toBe('today');
    const starred = withChange(initial, { filters: { period: 'starred' } });
    expect(collectionFilterOf(starred)).toBe('starred');
    expect(writeTableState('', 'collections', starred, defaults)).toBe('collections.f.period=starred');
    expect(writeTableState('', 'collections', withChange(starred, { filters: { period: 'today' } }), defaults)).toBe(
      '',
    );
  });

  it('fall back to the default for an unknown value in a shared link', () => {
    expect(collectionFilterOf(readTableState('collections.f.period=yesterday', 'collections', defaults))).toBe('today');
    expect(reportFilterOf(readTableState('payment-report.f.period=yesterday', 'payment-report'))).toBe('all');
    expect(reportFilterOf(readTableState('payment-report.f.period=last_60_days', 'payment-report'))).toBe(
      'last_60_days',
    );
  });

  it('go back to page 1 on a filter, region or search change, and keep the page otherwise', () => {
    const page3 = state({ page: 3, filters: { period: 'last_30_days' } });
    expect(withChange(page3, { filters: { period: 'last_60_days' } }).page).toBe(1);
    expect(withChange(page3, { region: 'north' }).page).toBe(1);
    expect(withChange(page3, { search: 'INV/2627' }).page).toBe(1);
    expect(withChange(page3, { page: 4 }).page).toBe(4);
  });

  it('Starred sets the starred filter and leaves the date filter blank; All asks for every payment', () => {
    const starred = paymentParams(
      state({ filters: { period: 'starred' }, region: 'west', search: 'Gill', page: 2 }),
      'starred',
    );
    expect(starred).toEqual({ filter: 'starred', region: 'west', search: 'Gill', page: 2 });
    expect(paymentFilter(starred)).toMatchObject({
      starred: 'true',
      payment_date_in_days: undefined,
      region: 'west',
      search_keyword: 'Gill',
    });

    const days60 = paymentFilter(paymentParams(state(), 'last_60_days'));
    expect(days60).toMatchObject({ payment_date_in_days: 60, starred: undefined });

    const all = paymentParams(state(), 'all');
    expect(all.filter).toBeNull();
    expect(paymentListQuery(all)).toEqual({
      filter: {
        status_in: ['paid'],
        region: undefined,
        payment_date_in_days: undefined,
        starred: undefined,
        search_keyword: undefined,
      },
      page: 1,
    });
  });
});
