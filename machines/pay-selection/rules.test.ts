import { describe, expect, it } from 'vitest';
import {
  CREDIT_DISABLED_TEXT,
  checkPartAmount,
  clearAll,
  creditDisabledReason,
  creditTotal,
  isOverdue,
  isPartial,
  messages,
  parsePartAmount,
  payTotal,
  reconcile,
  select,
  selectAll,
  selectionOf,
  setCredit,
  setPart,
  setPartAmount,
  setPay,
  unselect,
  validateAvailCredit,
  validatePay,
  type PayItem,
  type Selection,
  type SelectionOptions,
  type SelectionState,
} from './rules';
import { daysBetween } from '../../src/domain/dates';
import { formatRupees, paiseToText } from '../../src/domain/money';

const TODAY = '2026-03-01';
const portal: SelectionOptions = { product: 'provider', variant: 'portal', isSalesOrder: false };
const payPage: SelectionOptions = { product: 'provider', variant: 'payment-page', isSalesOrder: false };

/** A document due in 9 days: 1,000.00 rupees, all of it still due. */
function item(id: string, overrides: Partial<PayItem> = {}): PayItem {
  return {
    id,
    document_number: `INV-${id}`,
    invoice_date: '2026-02-01',
    due_date: '2026-03-10',
    invoice_amount: 100_000,
    balance_due: 100_000,
    status: 'open',
    ...overrides,
  };
}

function state(creditLimitBalance: number | null, overrides: Partial<SelectionState> = {}): SelectionState {
  return { selections: [], creditLimitBalance, today: TODAY, options: portal, popup: null, ...overrides };
}

function sel(id: string, overrides: Partial<Selection> = {}): Selection {
  return {
    id,
    partPayment: false,
    partAmountText: '',
    amount: 100_000,
    credit: false,
    pay: true,
    error: null,
    ...overrides,
  };
}

const flags = (s: SelectionState) => s.selections.map(({ id, credit, pay, amount }) => ({ id, credit, pay, amount }));

describe('messages (verbatim from spec §5)', () => {
  it('guidance popups', () => {
    expect(messages.tickFirst('credit')).toBe("Please checked 'Click here to pay' to enable credit switch.");
    expect(messages.tickFirst('pay')).toBe("Please checked 'Click here to pay' to enable pay switch.");
    expect(messages.partBeforeCreated(false)).toBe('Please upload invoice to enable part payment.');
    expect(messages.partBeforeCreated(true)).toBe('Please submit sales order to enable part payment.');
    expect(messages.switchBeforeCreated('credit', 'provider', false)).toBe(
      'Please upload invoice to enable the provider credit switch.',
    );
    expect(messages.switchBeforeCreated('pay', 'provider', false)).toBe(
      'Please upload invoice to enable the provider pay switch.',
    );
    expect(messages.switchBeforeCreated('credit', 'provider', true)).toBe(
      'Please submit sales order to enable the provider credit switch.',
    );
    expect(messages.switchBeforeCreated('pay', 'provider', true)).toBe(
      'Please submit sales order to enable the provider pay switch.',
    );
    expect(messages.switchBeforeCreated('credit', 'acme', false)).toBe(
      'Please upload invoice to enable the acme credit switch.',
    );
  });

  it('overflow popups, ₹ and rupees forms', () => {
    expect(messages.creditPartPayment(123_456_789, 123_456_789, 'portal', 'provider')).toBe(
      'Your Available Balance is ₹12,34,567.89 please make the part payment of ₹12,34,567.89.',
    );
    expect(messages.creditPartPayment(50_050, 50_050, 'payment-page', 'provider')).toBe(
      'Your provider Available Balance is rupees 500.50 please make the part payment of rupees 500.50.',
    );
    expect(messages.creditUtilised(200_000)).toBe(
      'You have utilisied your total limit ₹2,000.00 please proceed with Pay.',
    );
  });

  it('part amount and submit messages', () => {
    expect(messages.amountOverCredit(1)).toBe('Amount should be less than or equal to ₹0.01');
    expect(messages.amountOverInvoice(100_000)).toBe('Amount should be less than ₹1,000.00');
    expect(messages.amountOverInvoiceManual).toBe('Amount should be less than invoice amount');
    expect(messages.amountOverBalanceDue).toBe('Amount should be less than balance due');
    expect(messages.selectToAvailCredit).toBe('Please, select invoice to avail credit.');
    expect(messages.creditZero).toBe('Please, select amount greater than zero before avail credit.');
    expect(messages.supplierBankMissing).toBe('Please, select supplier bank account for open invoices.');
    expect(messages.partialWithoutBank(['INV-1', 'INV-2'])).toBe(
      'Bank not present for following partial invoices INV-1, INV-2',
    );
    expect(messages.correctBeforeCredit).toBe('Please, correct your part payment amount before avail credit.');
    expect(messages.payZero('provider')).toBe(
      'Please, select amount greater than zero before paying via the provider Pay.',
    );
    expect(messages.correctBeforePay('provider')).toBe(
      'Please, correct your part payment amount before paying via the provider Pay.',
    );
    expect(messages.paymentModeMissing).toBe('Please, select payment mode to make payment.');
  });

  it('formats paise exactly', () => {
    expect(paiseToText(123_450)).toBe('1234.50');
    expect(paiseToText(5)).toBe('0.05');
    expect(formatRupees(123_456_789)).toBe('12,34,567.89');
    expect(formatRupees(900_719_925_474_099)).toBe('90,07,19,92,54,740.99');
  });
});

describe('documents', () => {
  it('is overdue from 61 days after the due date, not at 60', () => {
    expect(daysBetween('2025-12-31', TODAY)).toBe(60);
    expect(isOverdue({ due_date: '2025-12-31' }, TODAY)).toBe(false);
    expect(daysBetween('2025-12-30', TODAY)).toBe(61);
    expect(isOverdue({ due_date: '2025-12-30' }, TODAY)).toBe(true);
    expect(isOverdue({ due_date: '2026-12-31' }, TODAY)).toBe(false);
    // A date-time counts by the calendar date as written.
    expect(isOverdue({ due_date: '2025-12-31T23:59:59+05:30' }, TODAY)).toBe(false);
    // Leap years count: 2024-02-29 + 61 days = 2024-04-30.
    expect(isOverdue({ due_date: '2024-02-29' }, '2024-04-29')).toBe(false);
    expect(isOverdue({ due_date: '2024-02-29' }, '2024-04-30')).toBe(true);
  });

  it('treats a due date that is not a date as overdue', () => {
    expect(isOverdue({ due_date: '' }, TODAY)).toBe(true);
    expect(isOverdue({ due_date: '2026-02-30' }, TODAY)).toBe(true);
    expect(isOverdue({ due_date: '31/12/2025' }, TODAY)).toBe(true);
  });

  it('disables credit for a null limit, a null balance, an overdue document or a ddr status', () => {
    expect(creditDisabledReason(item('a'), 500, TODAY)).toBeNull();
    expect(creditDisabledReason(item('a'), 0, TODAY)).toBeNull();
    expect(creditDisabledReason(item('a'), null, TODAY)).toBe('no-credit-limit');
    expect(creditDisabledReason(item('a', { balance_due: null }), 500, TODAY)).toBe('no-balance-due');
    expect(creditDisabledReason(item('a', { due_date: '2025-12-30' }), 500, TODAY)).toBe('overdue');
    expect(creditDisabledReason(item('a', { due_date: '2025-12-31' }), 500, TODAY)).toBeNull();
    expect(
      creditDisabledReason(
        item('a', { ddr_status_date: [{ ddr_status: 'draft', date: '2026-02-20T10:00:00Z' }] }),
        500,
        TODAY,
      ),
    ).toBe('ddr');
    expect(creditDisabledReason(item('a', { ddr_status_date: [] }), 500, TODAY)).toBeNull();
  });

  it('knows partial documents by their status', () => {
    expect(isPartial(item('a', { status: 'partially_paid' }))).toBe(true);
    expect(isPartial(item('a', { status: 'Partial' }))).toBe(true);
    expect(isPartial(item('a'))).toBe(false);
  });

  it('totals credit and pay amounts in paise', () => {
    const selections = [
      sel('a', { credit: true, pay: false, amount: 1 }),
      sel('b', { credit: true, pay: false, amount: 2 }),
      sel('c', { amount: 4 }),
    ];
    expect(creditTotal(selections)).toBe(3);
    expect(creditTotal(selections, 'a')).toBe(2);
    expect(creditTotal(selections, 'c')).toBe(3);
    expect(payTotal(selections)).toBe(4);
    expect(creditTotal([])).toBe(0);
  });
});

describe('ticking a document', () => {
  it('puts it on credit when it fits the limit, else on pay', () => {
    expect(flags(select(state(100_000), item('a')))).toEqual([{ id: 'a', credit: true, pay: false, amount: 100_000 }]);
    expect(flags(select(state(99_999), item('a')))).toEqual([{ id: 'a', credit: false, pay: true, amount: 100_000 }]);
  });

  it('allows running total + amount == limit and refuses limit + 1 paisa', () => {
    const taken = state(150_001, { selections: [sel('x', { credit: true, pay: false, amount: 50_001 })] });
    expect(selectionOf(select(taken, item('a')), 'a')).toMatchObject({ credit: true, pay: false });
    const full = state(150_000, { selections: [sel('x', { credit: true, pay: false, amount: 50_001 })] });
    expect(selectionOf(select(full, item('a')), 'a')).toMatchObject({ credit: false, pay: true });
  });

  it('uses pay for overdue, ddr, null-balance documents, a null limit, or a hidden credit option', () => {
    const big = 10_000_000;
    expect(selectionOf(select(state(big), item('a', { due_date: '2025-12-30' })), 'a')).toMatchObject({
      credit: false,
      pay: true,
    });
    expect(selectionOf(select(state(big), item('a', { due_date: '2025-12-31' })), 'a')).toMatchObject({
      credit: true,
      pay: false,
    });
    expect(
      selectionOf(
        select(state(big), item('a', { ddr_status_date: [{ ddr_status: 'draft', date: '2026-02-20' }] })),
        'a',
      ),
    ).toMatchObject({ credit: false });
    expect(selectionOf(select(state(big), item('a', { balance_due: null })), 'a')).toMatchObject({
      credit: false,
      pay: true,
      amount: 0,
    });
    expect(selectionOf(select(state(null), item('a')), 'a')).toMatchObject({ credit: false, pay: true });
    expect(
      selectionOf(select(state(big, { options: { ...portal, showCreditOption: false } }), item('a')), 'a'),
    ).toMatchObject({ credit: false });
  });

  it('does not select an unsubmitted manual entry, and says why', () => {
    const manual = item('m', { is_manual: true, unsubmitted: true });
    const after = select(state(big()), manual);
    expect(after.selections).toEqual([]);
    expect(after.popup).toBe('Please upload invoice to enable the provider pay switch.');
    expect(select(state(big(), { options: { ...portal, isSalesOrder: true } }), manual).popup).toBe(
      'Please submit sales order to enable the provider pay switch.',
    );
  });

  it('leaves an existing selection alone, and unticking removes it', () => {
    const once = select(state(big()), item('a'));
    expect(select(once, item('a'))).toBe(once);
    expect(unselect(once, 'a').selections).toEqual([]);
    expect(unselect(once, 'zz')).toBe(once);
  });
});

function big() {
  return 1_000_000_000_000;
}

describe('select-all and clear', () => {
  it('puts documents on credit in order while they fit: a limit for two gives credit, credit, pay', () => {
    const items = [item('a'), item('b'), item('c')];
    expect(flags(selectAll(state(200_000), items))).toEqual([
      { id: 'a', credit: true, pay: false, amount: 100_000 },
      { id: 'b', credit: true, pay: false, amount: 100_000 },
      { id: 'c', credit: false, pay: true, amount: 100_000 },
    ]);
  });

  it('counts earlier picks, so a later smaller document may still fit', () => {
    const items = [
      item('a', { balance_due: 10_000 }),
      item('b', { balance_due: 15_000 }),
      item('c', { balance_due: 5_000 }),
    ];
    expect(flags(selectAll(state(20_000), items)).map((f) => f.credit)).toEqual([true, false, true]);
  });

  it('adds only documents not yet selected, skips unsubmitted entries, and clear removes those in view', () => {
    const start = select(state(100_000), item('b'));
    const all = selectAll(start, [item('a'), item('b'), item('m', { is_manual: true, unsubmitted: true })]);
    expect(all.selections.map((s) => s.id)).toEqual(['b', 'a']);
    expect(all.popup).toBeNull();
    expect(selectionOf(all, 'b')?.credit).toBe(true);
    expect(selectionOf(all, 'a')?.credit).toBe(false);
    const other = select(all, item('z'));
    expect(clearAll(other, [item('a'), item('b')]).selections.map((s) => s.id)).toEqual(['z']);
  });
});

describe('credit and pay switches', () => {
  it('asks to tick the document first', () => {
    expect(setCredit(state(big()), item('a'), true).popup).toBe(
      "Please checked 'Click here to pay' to enable credit switch.",
    );
    expect(setPay(state(big()), item('a'), true).popup).toBe(
      "Please checked 'Click here to pay' to enable pay switch.",
    );
    expect(setCredit(state(big()), item('a'), false).popup).toBeNull();
  });

  it('asks to upload or submit a manual entry first', () => {
    const manual = item('m', { is_manual: true, unsubmitted: true });
    expect(setCredit(state(big()), manual, true).popup).toBe(
      'Please upload invoice to enable the provider credit switch.',
    );
    expect(setPay(state(big()), manual, true).popup).toBe('Please upload invoice to enable the provider pay switch.');
    const so = state(big(), { options: { ...portal, isSalesOrder: true } });
    expect(setCredit(so, manual, true).popup).toBe('Please submit sales order to enable the provider credit switch.');
    expect(setPay(so, manual, true).popup).toBe('Please submit sales order to enable the provider pay switch.');
  });

  it('keeps credit and pay exclusive', () => {
    let s = select(state(null), item('a'));
    s = { ...s, creditLimitBalance: big() };
    s = setCredit(s, item('a'), true);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: true, pay: false });
    s = setPay(s, item('a'), true);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: false, pay: true });
    s = setCredit(s, item('a'), true);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: true, pay: false });
  });

  it('keeps a selected document in exactly one total: credit off turns pay on; pay off turns credit on, or unticks', () => {
    let s = select(state(big()), item('a'));
    expect(selectionOf(s, 'a')).toMatchObject({ credit: true, pay: false });
    s = setCredit(s, item('a'), false);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: false, pay: true });
    s = setPay(s, item('a'), false);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: true, pay: false });
    // Where credit is not possible (past the cutoff), pay off unticks the document.
    const overdue = item('o', { due_date: '2025-12-30' });
    let t = select(state(big()), overdue);
    expect(selectionOf(t, 'o')).toMatchObject({ credit: false, pay: true });
    t = setPay(t, overdue, false);
    expect(selectionOf(t, 'o')).toBeUndefined();
  });

  it('when the provider refuses credit (the overdue view), ticking puts documents on pay and credit stays off, with its reason', () => {
    const refused = { ...state(big()), options: { ...state(big()).options, creditRefused: true } };
    let s = select(refused, item('a'));
    expect(selectionOf(s, 'a')).toMatchObject({ credit: false, pay: true });
    expect(setCredit(s, item('a'), true)).toBe(s);
    s = selectAll(s, [item('a'), item('b')]);
    expect(s.selections.every((x) => x.pay && !x.credit)).toBe(true);
    expect(creditDisabledReason(item('a'), big(), TODAY, true)).toBe('overdue-dues');
    expect(CREDIT_DISABLED_TEXT['overdue-dues']).toBe('Credit is paused until your overdue credit dues are cleared.');
  });

  it('leaves a disabled credit switch off, silently', () => {
    const overdue = item('a', { due_date: '2025-12-30' });
    const s = select(state(big()), overdue);
    expect(setCredit(s, overdue, true)).toBe(s);
    const ddr = item('b', { ddr_status_date: [{ ddr_status: 'draft', date: '2026-02-20' }] });
    const t = select(state(big()), ddr);
    expect(setCredit(t, ddr, true)).toBe(t);
  });

  it('turns credit on at exactly the limit and refuses one paisa more with the part-payment popup', () => {
    const base = state(150_000, {
      selections: [sel('x', { credit: true, pay: false, amount: 50_000 }), sel('a', { amount: 100_000 })],
    });
    expect(selectionOf(setCredit(base, item('a'), true), 'a')).toMatchObject({ credit: true, pay: false });
    const short = { ...base, creditLimitBalance: 149_999 };
    const refused = setCredit(short, item('a'), true);
    expect(selectionOf(refused, 'a')).toMatchObject({ credit: false, pay: true });
    expect(refused.popup).toBe('Your Available Balance is ₹999.99 please make the part payment of ₹999.99.');
    expect(setCredit({ ...short, options: payPage }, item('a'), true).popup).toBe(
      'Your provider Available Balance is rupees 999.99 please make the part payment of rupees 999.99.',
    );
  });

  it('says the limit is used up when nothing is left', () => {
    const base = state(50_000, {
      selections: [sel('x', { credit: true, pay: false, amount: 50_000 }), sel('a', { pay: false })],
    });
    const refused = setCredit(base, item('a'), true);
    expect(selectionOf(refused, 'a')).toMatchObject({ credit: false, pay: true });
    expect(refused.popup).toBe('You have utilisied your total limit ₹500.00 please proceed with Pay.');
    expect(setCredit(state(0, { selections: [sel('a')] }), item('a'), true).popup).toBe(
      'You have utilisied your total limit ₹0.00 please proceed with Pay.',
    );
  });
});

describe('Full|Part switch and part amounts', () => {
  it('guides an unsubmitted manual entry', () => {
    const manual = item('m', { is_manual: true, unsubmitted: true });
    expect(setPart(state(big()), manual, true).popup).toBe('Please upload invoice to enable part payment.');
    expect(setPart(state(big(), { options: { ...portal, isSalesOrder: true } }), manual, true).popup).toBe(
      'Please submit sales order to enable part payment.',
    );
  });

  it('ignores an unticked document', () => {
    const s = state(big());
    expect(setPart(s, item('a'), true)).toBe(s);
    expect(setPartAmount(s, item('a'), '5')).toBe(s);
  });

  it('starts part mode with the current amount and takes a typed amount', () => {
    let s = select(state(big()), item('a', { balance_due: 123_450, invoice_amount: 200_000 }));
    s = setPart(s, item('a', { balance_due: 123_450, invoice_amount: 200_000 }), true);
    expect(selectionOf(s, 'a')).toMatchObject({
      partPayment: true,
      partAmountText: '1234.50',
      amount: 123_450,
      error: null,
    });
    s = setPartAmount(s, item('a'), '500.5');
    expect(selectionOf(s, 'a')).toMatchObject({ partAmountText: '500.5', amount: 50_050, error: null });
  });

  it('starts an empty field for a null balance, which reads as an error until typed', () => {
    const nb = item('a', { balance_due: null });
    const s = setPart(select(state(big()), nb), nb, true);
    expect(selectionOf(s, 'a')).toMatchObject({ partAmountText: '', amount: 0, error: 'Please enter an amount.' });
    expect(selectionOf(setPartAmount(s, nb, '10'), 'a')).toMatchObject({ amount: 1_000, error: null });
  });

  it('limits a credit part amount to what is left: equal passes, one paisa more fails', () => {
    const a = item('a', { balance_due: 100_000, invoice_amount: 100_000 });
    let s = state(130_000, { selections: [sel('x', { credit: true, pay: false, amount: 50_000 })] });
    s = setPart(select(s, item('a', { balance_due: 60_000 })), a, true);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: true, amount: 60_000 });
    s = setPartAmount(s, a, '800.00');
    expect(selectionOf(s, 'a')).toMatchObject({ amount: 80_000, error: null });
    s = setPartAmount(s, a, '800.01');
    expect(selectionOf(s, 'a')).toMatchObject({
      amount: 80_000,
      error: 'Amount should be less than or equal to ₹800.00',
      partAmountText: '800.01',
    });
    expect(creditTotal(s.selections)).toBe(130_000);
    s = setPartAmount(s, a, '10');
    expect(selectionOf(s, 'a')).toMatchObject({ amount: 1_000, error: null });
  });

  it('limits a part amount to the invoice amount (portal) or the balance due (payment page)', () => {
    const a = item('a', { invoice_amount: 100_000, balance_due: 40_000 });
    const portalState = setPart(select(state(null), a), a, true);
    expect(selectionOf(setPartAmount(portalState, a, '1000'), 'a')).toMatchObject({ amount: 100_000, error: null });
    expect(selectionOf(setPartAmount(portalState, a, '1000.01'), 'a')?.error).toBe(
      'Amount should be less than ₹1,000.00',
    );
    const manual = { ...a, is_manual: true };
    expect(selectionOf(setPartAmount(portalState, manual, '1000.01'), 'a')?.error).toBe(
      'Amount should be less than invoice amount',
    );

    const pageState = setPart(select(state(null, { options: payPage }), a), a, true);
    expect(selectionOf(setPartAmount(pageState, a, '400'), 'a')).toMatchObject({ amount: 40_000, error: null });
    expect(selectionOf(setPartAmount(pageState, a, '400.01'), 'a')?.error).toBe(
      'Amount should be less than balance due',
    );
    expect(selectionOf(setPartAmount(pageState, manual, '400.01'), 'a')?.error).toBe(
      'Amount should be less than invoice amount',
    );
  });

  it('checks the credit limit before the invoice amount', () => {
    const a = item('a');
    expect(checkPartAmount('2000', a, { credit: true, remaining: 500, variant: 'portal' })).toEqual({
      error: 'Amount should be less than or equal to ₹5.00',
    });
    expect(checkPartAmount('2000', a, { credit: false, remaining: 500, variant: 'portal' })).toEqual({
      error: 'Amount should be less than ₹1,000.00',
    });
    expect(checkPartAmount('5', a, { credit: true, remaining: 500, variant: 'portal' })).toEqual({ amount: 500 });
  });

  it('refuses empty, negative, zero and malformed amounts with its own messages', () => {
    expect(parsePartAmount('')).toEqual({ error: 'Please enter an amount.' });
    expect(parsePartAmount('   ')).toEqual({ error: 'Please enter an amount.' });
    expect(parsePartAmount('-5')).toEqual({ error: 'Amount should be greater than zero.' });
    expect(parsePartAmount('0')).toEqual({ error: 'Amount should be greater than zero.' });
    expect(parsePartAmount('0.00')).toEqual({ error: 'Amount should be greater than zero.' });
    for (const bad of ['1.234', '12.', '.5', 'abc', '1,000', '1e3', '+5', '5 0', 'NaN', '99999999999999999999']) {
      expect(parsePartAmount(bad)).toEqual({ error: 'Please enter a valid amount with up to 2 decimal places.' });
    }
    expect(parsePartAmount(' 0.01 ')).toEqual({ amount: 1 });
    expect(parsePartAmount('0.1')).toEqual({ amount: 10 });
    expect(parsePartAmount('007')).toEqual({ amount: 700 });
  });

  it('keeps the last accepted amount while the text is wrong, and the error clears when corrected', () => {
    const a = item('a');
    let s = setPart(select(state(null), a), a, true);
    s = setPartAmount(s, a, '250');
    s = setPartAmount(s, a, '25.001');
    expect(selectionOf(s, 'a')).toMatchObject({
      amount: 25_000,
      error: 'Please enter a valid amount with up to 2 decimal places.',
    });
    s = setPartAmount(s, a, '25.01');
    expect(selectionOf(s, 'a')).toMatchObject({ amount: 2_501, error: null });
  });

  it('turning part off resets to the balance and keeps credit only if it still fits', () => {
    const a = item('a');
    const base = state(150_000, { selections: [sel('x', { credit: true, pay: false, amount: 50_000 })] });
    let s = setPart(select({ ...base, creditLimitBalance: 100_000 }, a), a, true);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: false, pay: true });
    s = setCredit(s, a, true);
    expect(s.popup).toBe('Your Available Balance is ₹500.00 please make the part payment of ₹500.00.');
    s = setPartAmount({ ...s, popup: null }, a, '500');
    s = setCredit(s, a, true);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: true, pay: false, amount: 50_000 });
    s = setPart(s, a, false);
    expect(selectionOf(s, 'a')).toMatchObject({
      partPayment: false,
      partAmountText: '',
      amount: 100_000,
      credit: false,
      pay: true,
      error: null,
    });
    expect(s.popup).toBeNull();

    let fitting = setPart(select(base, a), a, true);
    fitting = setPartAmount(fitting, a, '1');
    fitting = setPart(fitting, a, false);
    expect(selectionOf(fitting, 'a')).toMatchObject({ amount: 100_000, credit: true, pay: false });
  });

  it('re-reads a typed amount when credit goes on or off', () => {
    const a = item('a');
    let s = state(150_000, { selections: [sel('x', { credit: true, pay: false, amount: 100_000 })] });
    s = setPart(select(s, a), a, true);
    s = setPartAmount(s, a, '600');
    expect(selectionOf(s, 'a')).toMatchObject({ credit: false, amount: 60_000, error: null });
    s = setPartAmount(s, a, '400');
    s = setCredit(s, a, true);
    s = setPartAmount(s, a, '600');
    expect(selectionOf(s, 'a')).toMatchObject({
      credit: true,
      amount: 40_000,
      error: 'Amount should be less than or equal to ₹500.00',
    });
    s = setPay(s, a, true);
    expect(selectionOf(s, 'a')).toMatchObject({ credit: false, pay: true, amount: 60_000, error: null });
  });
});

describe('reconcile', () => {
  it('follows new balances and limits, moves what no longer fits to pay, drops unknown documents', () => {
    const s = state(300_000, {
      selections: [
        sel('a', { credit: true, pay: false }),
        sel('b', { credit: true, pay: false }),
        sel('gone'),
        sel('c', { credit: true, pay: false }),
      ],
    });
    const fresh: Record<string, PayItem> = {
      a: item('a', { balance_due: 90_000 }),
      b: item('b', { balance_due: 120_000 }),
      c: item('c', { ddr_status_date: [{ ddr_status: 'draft', date: '2026-02-20' }] }),
    };
    const next = reconcile({ ...s, creditLimitBalance: 200_000 }, (id) => fresh[id]);
    expect(flags(next)).toEqual([
      { id: 'a', credit: true, pay: false, amount: 90_000 },
      { id: 'b', credit: false, pay: true, amount: 120_000 },
      { id: 'c', credit: false, pay: true, amount: 100_000 },
    ]);
    expect(reconcile({ ...s, creditLimitBalance: null }, (id) => fresh[id]).selections.every((x) => !x.credit)).toBe(
      true,
    );
  });
});

describe('avail credit checks, in order', () => {
  const known: Record<string, PayItem> = {
    a: item('a'),
    m: item('m', { is_manual: true }),
    p1: item('p1', { status: 'partially_paid', document_number: 'P-1' }),
    p2: item('p2', { status: 'partially_paid', document_number: 'P-2', bank_account_id: [] }),
    p3: item('p3', { status: 'partially_paid', document_number: 'P-3', bank_account_id: ['b1'] }),
  };
  const credit = (id: string, extra: Partial<Selection> = {}) => sel(id, { credit: true, pay: false, ...extra });
  const closed = { openLimitCustomer: false };
  const open = { openLimitCustomer: true, supplierBankFor: () => null };

  it('needs a selection', () => {
    expect(validateAvailCredit({ selections: [], known }, closed)).toBe('Please, select invoice to avail credit.');
  });

  it('needs a credit total above zero', () => {
    expect(validateAvailCredit({ selections: [sel('a')], known }, closed)).toBe(
      'Please, select amount greater than zero before avail credit.',
    );
    expect(validateAvailCredit({ selections: [credit('a', { amount: 0 })], known }, closed)).toBe(
      'Please, select amount greater than zero before avail credit.',
    );
  });

  it('needs a supplier bank for manual documents of an open-limit customer', () => {
    const selections = [credit('a'), credit('m', { error: 'x' })];
    expect(validateAvailCredit({ selections, known }, open)).toBe(
      'Please, select supplier bank account for open invoices.',
    );
    expect(validateAvailCredit({ selections, known }, { openLimitCustomer: true })).toBe(
      'Please, select supplier bank account for open invoices.',
    );
    expect(validateAvailCredit({ selections, known }, { openLimitCustomer: true, supplierBankFor: () => 'sb-1' })).toBe(
      'Please, correct your part payment amount before avail credit.',
    );
    expect(validateAvailCredit({ selections: [credit('a'), sel('m')], known }, open)).toBe(
      'Please, select supplier bank account for open invoices.',
    );
    expect(
      validateAvailCredit(
        { selections: [credit('a'), sel('m')], known },
        { openLimitCustomer: true, supplierBankFor: (i) => (i.is_manual ? null : 'b1') },
      ),
    ).toBeNull();
    expect(validateAvailCredit({ selections, known }, closed)).toBe(
      'Please, correct your part payment amount before avail credit.',
    );
  });

  it('lists partial documents without a bank', () => {
    const selections = [credit('p1'), credit('p3'), credit('p2'), sel('a', { error: 'x' })];
    expect(validateAvailCredit({ selections, known }, closed)).toBe(
      'Bank not present for following partial invoices P-1, P-2',
    );
    expect(validateAvailCredit({ selections: [credit('m'), credit('p1')], known }, open)).toBe(
      'Please, select supplier bank account for open invoices.',
    );
  });

  it('is blocked by any part amount error, and passes otherwise', () => {
    expect(validateAvailCredit({ selections: [credit('a'), sel('b', { error: 'x' })], known }, closed)).toBe(
      'Please, correct your part payment amount before avail credit.',
    );
    expect(validateAvailCredit({ selections: [credit('a'), credit('p3')], known }, closed)).toBeNull();
  });
});

describe('pay checks, in order', () => {
  const options = { product: 'provider' };

  it('needs a pay total above zero, then no amount errors, then a payment mode', () => {
    expect(validatePay({ selections: [], mode: null }, options)).toBe(
      'Please, select amount greater than zero before paying via the provider Pay.',
    );
    expect(validatePay({ selections: [sel('a', { pay: true, amount: 0, error: 'x' })], mode: null }, options)).toBe(
      'Please, select amount greater than zero before paying via the provider Pay.',
    );
    expect(
      validatePay({ selections: [sel('a', { credit: true, pay: false })], mode: 'upi' }, { product: 'acme' }),
    ).toBe('Please, select amount greater than zero before paying via the acme Pay.');
    expect(validatePay({ selections: [sel('a'), sel('b', { error: 'x' })], mode: null }, options)).toBe(
      'Please, correct your part payment amount before paying via the provider Pay.',
    );
    expect(validatePay({ selections: [sel('a')], mode: null }, options)).toBe(
      'Please, select payment mode to make payment.',
    );
    expect(validatePay({ selections: [sel('a')], mode: 'net_banking' }, options)).toBeNull();
    expect(validatePay({ selections: [sel('a')], mode: 'upi' }, options)).toBeNull();
  });
});
