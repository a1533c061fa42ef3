import type { LendingCustomer } from '../../api/codecs/lending';
import { formatMoney } from '../../domain/money';
import { APPLICATION_STATUS_LABELS } from '../../domain/statuses';
import { formatCount, formatDate, orMissing } from '../../lib/format';
import { LinkButton } from '../../ui/form';
import type { Column } from '../../ui/Table';

const money = (key: keyof LendingCustomer, header: string): Column<LendingCustomer> => ({
  key,
  header,
  render: (r) => formatMoney(r[key] as number | null | undefined),
  align: 'end',
});

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '-' : value ? 'Yes' : 'No';
const capitalised = (value: string | null | undefined) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ') : '-';
const days = (value: number | null | undefined) => (value === null || value === undefined ? '-' : formatCount(value));

/** The customer name opens the customer modal (spec 2 §2.1). */
const nameColumn = (open: (row: LendingCustomer) => void): Column<LendingCustomer> => ({
  key: 'name',
  header: 'Customer Name',
  render: (r) => (
    <LinkButton type="button" onClick={() => open(r)} aria-label={`${r.name}: drawdowns and repayments`}>
      {r.name}
    </LinkButton>
  ),
});

/** Spec 2 §2.1: the full lending table. */
export function fullColumns(open: (row: LendingCustomer) => void): Column<LendingCustomer>[] {
  return [
    nameColumn(open),
    { key: 'customer_code', header: 'Customer ID', render: (r) => r.customer_code },
    money('amount_outstanding', 'Amount Outstanding'),
    {
      key: 'application_status',
      header: 'Customer Status',
      render: (r) => (r.application_status ? APPLICATION_STATUS_LABELS[r.application_status] : '-'),
    },
    money('limit_sanctioned', 'Limit Sanctioned'),
    money('limit_utilized', 'Limit Utilised'),
    money('balance_available', 'Balance Available'),
    money('overdue', 'Overdue'),
    { key: 'dpd', header: 'DPD', render: (r) => days(r.dpd), align: 'end' },
    money('excess_credit', 'Excess Credit'),
    { key: 'is_blocked', header: 'Stop', render: (r) => yesNo(r.is_blocked) },
    { key: 'limit_expiry_date', header: 'Limit Expiry Date', render: (r) => formatDate(r.limit_expiry_date) },
    { key: 'loan_status', header: 'Loan Status', render: (r) => capitalised(r.loan_status) },
  ];
}

/** Spec 2 §2.1: anchor 1551's reduced table. */
export function reducedColumns(open: (row: LendingCustomer) => void): Column<LendingCustomer>[] {
  return [
    nameColumn(open),
    { key: 'customer_code', header: 'Anchor Customer ID', render: (r) => orMissing(r.customer_code) },
    money('limit_sanctioned', 'Limit Sanctioned'),
    money('limit_utilized', 'Limit Utilised'),
    {
      key: 'in_overdue',
      header: 'Is Customer in Overdue',
      render: (r) => (r.overdue === null || r.overdue === undefined ? '-' : r.overdue > 0 ? 'Yes' : 'No'),
    },
    money('overdue', 'Overdue Amount'),
    { key: 'overdue_by_days', header: 'Overdue Days', render: (r) => days(r.overdue_by_days), align: 'end' },
    money('balance_available', 'Limit Available for Billing'),
    { key: 'limit_expiry_date', header: 'Limit Expiry Date', render: (r) => formatDate(r.limit_expiry_date) },
  ];
}

export { capitalised };
