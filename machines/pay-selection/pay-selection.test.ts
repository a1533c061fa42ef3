import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  paySelectionMachine,
  type PaySelectionContext,
  type PaySelectionEvent,
  type PaySelectionInput,
} from './pay-selection.machine';
import { BOUNDARY, item, key, options, paySelectionPaths, TODAY, WORLD } from './pay-selection.paths';
import {
  creditDisabledReason,
  creditTotal,
  messages,
  validateAvailCredit,
  validatePay,
  type PayItem,
  type Selection,
} from './rules';
import { paiseToText } from '../../src/domain/money';

function start(input: Partial<PaySelectionInput> = {}) {
  return createActor(paySelectionMachine, {
    input: { items: [], creditLimitBalance: 200_000, today: TODAY, options, ...input },
  }).start();
}

type Actor = ReturnType<typeof start>;
const ctx = (actor: Actor) => actor.getSnapshot().context;
const flags = (actor: Actor) =>
  ctx(actor).selections.map(({ id, credit, pay }) => `${id}:${credit ? 'credit' : pay ? 'pay' : 'none'}`);

/** The invariants of the selection, checked after every step of every test below. */
function expectInvariants(context: PaySelectionContext) {
  const total = creditTotal(context.selections);
  if (context.creditLimitBalance === null) expect(total).toBe(0);
  else expect(total).toBeLessThanOrEqual(Math.max(0, context.creditLimitBalance));
  const ids = new Set<string>();
  for (const s of context.selections) {
    expect(s.credit !== s.pay, `${s.id} is in ${s.credit ? 'both totals' : 'neither total'}`).toBe(true);
    expect(ids.has(s.id), `duplicate selection ${s.id}`).toBe(false);
    ids.add(s.id);
    const known = context.known[s.id];
    expect(known, `selection of an unknown document ${s.id}`).toBeDefined();
    expect(known?.unsubmitted).not.toBe(true);
    expect(Number.isSafeInteger(s.amount) && s.amount >= 0).toBe(true);
    if (s.credit && known)
      expect(
        creditDisabledReason(known, context.creditLimitBalance, context.today, context.options.creditRefused),
      ).toBeNull();
  }
  for (const i of context.items) expect(context.known[i.id]).toBe(i);
}

describe('pay selection machine', () => {
  it('starts in ready with nothing selected', () => {
    const actor = start({ items: [item('a')] });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(ctx(actor)).toMatchObject({ selections: [], popup: null, mode: null, creditLimitBalance: 200_000 });
  });

  it('ticks and unticks, ignoring unknown documents', () => {
    const actor = start({ items: [item('a'), item('b', { due_date: '2025-12-30' })] });
    actor.send({ type: 'TOGGLE', id: 'a' });
    actor.send({ type: 'TOGGLE', id: 'b' });
    actor.send({ type: 'TOGGLE', id: 'nope' });
    expect(flags(actor)).toEqual(['a:credit', 'b:pay']);
    actor.send({ type: 'TOGGLE', id: 'a' });
    expect(flags(actor)).toEqual(['b:pay']);
    expectInvariants(ctx(actor));
  });

  it('select-all with a limit that fits only the first two, then clear', () => {
    const actor = start({ items: [item('a'), item('b'), item('c')] });
    actor.send({ type: 'SELECT_ALL' });
    expect(flags(actor)).toEqual(['a:credit', 'b:credit', 'c:pay']);
    expect(creditTotal(ctx(actor).selections)).toBe(200_000);
    actor.send({ type: 'CLEAR_ALL' });
    expect(ctx(actor).selections).toEqual([]);
  });

  it('shows the overflow popup (payment-page wording) until dismissed', () => {
    const actor = start({ items: [item('a'), item('b'), item('c', { balance_due: 50_000 })] });
    actor.send({ type: 'SELECT_ALL' });
    expect(flags(actor)).toEqual(['a:credit', 'b:credit', 'c:pay']);
    actor.send({ type: 'SET_PAY', id: 'b', on: true });
    actor.send({ type: 'SET_CREDIT', id: 'c', on: true });
    expect(flags(actor)).toEqual(['a:credit', 'b:pay', 'c:credit']);
    expect(ctx(actor).popup).toBeNull();
    actor.send({ type: 'SET_CREDIT', id: 'b', on: true });
    expect(flags(actor)).toEqual(['a:credit', 'b:pay', 'c:credit']);
    expect(ctx(actor).popup).toBe(
      'Your provider Available Balance is rupees 500.00 please make the part payment of rupees 500.00.',
    );
    actor.send({ type: 'DISMISS_POPUP' });
    expect(ctx(actor).popup).toBeNull();
    actor.send({ type: 'SET_CREDIT', id: 'x', on: true });
    expect(ctx(actor).popup).toBeNull();
  });

  it('takes a part amount within what is left, and blocks both submits on a wrong one', () => {
    const actor = start({ items: [item('a'), item('b')] });
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'SET_PART', id: 'b', on: true });
    actor.send({ type: 'SET_PART_AMOUNT', id: 'b', text: '1000.01' });
    expect(ctx(actor).selections[1]).toMatchObject({
      amount: 100_000,
      error: 'Amount should be less than or equal to ₹1,000.00',
    });
    expect(validateAvailCredit(ctx(actor), { openLimitCustomer: false })).toBe(
      'Please, correct your part payment amount before avail credit.',
    );
    actor.send({ type: 'SET_PART_AMOUNT', id: 'b', text: '250.50' });
    expect(ctx(actor).selections[1]).toMatchObject({ amount: 25_050, error: null });
    expect(validateAvailCredit(ctx(actor), { openLimitCustomer: false })).toBeNull();
    actor.send({ type: 'SET_PAY', id: 'a', on: true });
    expect(validatePay(ctx(actor), options)).toBe('Please, select payment mode to make payment.');
    actor.send({ type: 'SET_MODE', mode: 'upi' });
    expect(validatePay(ctx(actor), options)).toBeNull();
    expectInvariants(ctx(actor));
  });

  it('runs the avail-credit checks in order on its context', () => {
    const actor = start({
      items: [
        item('a'),
        item('m', { is_manual: true }),
        item('p', { status: 'partially_paid', document_number: 'P-9' }),
      ],
      creditLimitBalance: 1_000_000,
    });
    const check = () =>
      validateAvailCredit(ctx(actor), {
        openLimitCustomer: true,
        supplierBankFor: (i) => (i.id === 'm' ? null : 'sb'),
      });
    expect(check()).toBe('Please, select invoice to avail credit.');
    actor.send({ type: 'TOGGLE', id: 'a' });
    actor.send({ type: 'SET_PAY', id: 'a', on: true });
    expect(check()).toBe('Please, select amount greater than zero before avail credit.');
    actor.send({ type: 'SELECT_ALL' });
    expect(check()).toBe('Please, select supplier bank account for open invoices.');
    actor.send({ type: 'SET_PAY', id: 'm', on: true });
    expect(check()).toBe('Bank not present for following partial invoices P-9');
    actor.send({ type: 'SET_PAY', id: 'p', on: true });
    actor.send({ type: 'SET_CREDIT', id: 'a', on: true });
    actor.send({ type: 'SET_PART', id: 'a', on: true });
    actor.send({ type: 'SET_PART_AMOUNT', id: 'a', text: 'abc' });
    expect(check()).toBe('Please, correct your part payment amount before avail credit.');
    actor.send({ type: 'SET_PART_AMOUNT', id: 'a', text: '10' });
    expect(check()).toBeNull();
    expectInvariants(ctx(actor));
  });

  it('guides switches before ticking and before upload', () => {
    const actor = start({ items: [item('a'), item('m', { is_manual: true, unsubmitted: true })] });
    actor.send({ type: 'SET_CREDIT', id: 'a', on: true });
    expect(ctx(actor).popup).toBe("Please checked 'Click here to pay' to enable credit switch.");
    actor.send({ type: 'SET_PAY', id: 'a', on: true });
    expect(ctx(actor).popup).toBe("Please checked 'Click here to pay' to enable pay switch.");
    actor.send({ type: 'SET_PART', id: 'm', on: true });
    expect(ctx(actor).popup).toBe('Please upload invoice to enable part payment.');
    actor.send({ type: 'SET_CREDIT', id: 'm', on: true });
    expect(ctx(actor).popup).toBe('Please upload invoice to enable the provider credit switch.');
    actor.send({ type: 'TOGGLE', id: 'm' });
    expect(ctx(actor).popup).toBe('Please upload invoice to enable the provider pay switch.');
    expect(ctx(actor).selections).toEqual([]);
  });

  it('LOAD_ITEMS keeps selections across pages and counts them in the running credit total', () => {
    const actor = start({ items: [item('a'), item('b')], creditLimitBalance: 250_000 });
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'LOAD_ITEMS', items: [item('c'), item('d')], creditLimitBalance: 250_000 });
    expect(ctx(actor).items.map((i) => i.id)).toEqual(['c', 'd']);
    expect(Object.keys(ctx(actor).known).sort()).toEqual(['a', 'b', 'c', 'd']);
    actor.send({ type: 'SELECT_ALL' });
    expect(flags(actor)).toEqual(['a:credit', 'b:credit', 'c:pay', 'd:pay']);
    actor.send({ type: 'CLEAR_ALL' });
    expect(flags(actor)).toEqual(['a:credit', 'b:credit']);
    // A remembered selection can still be unticked by id.
    actor.send({ type: 'TOGGLE', id: 'b' });
    expect(flags(actor)).toEqual(['a:credit']);
    expectInvariants(ctx(actor));
  });

  it('LOAD_ITEMS re-checks kept selections against fresh data and the new limit', () => {
    const actor = start({ items: [item('a'), item('b'), item('c')], creditLimitBalance: 300_000 });
    actor.send({ type: 'SELECT_ALL' });
    expect(flags(actor)).toEqual(['a:credit', 'b:credit', 'c:credit']);
    actor.send({
      type: 'LOAD_ITEMS',
      items: [
        item('a', { balance_due: 80_000 }),
        item('b', { ddr_status_date: [{ ddr_status: 'draft', date: '2026-02-27T10:00:00Z' }] }),
        item('c'),
      ],
      creditLimitBalance: 150_000,
    });
    expect(flags(actor)).toEqual(['a:credit', 'b:pay', 'c:pay']);
    expect(ctx(actor).selections[0]?.amount).toBe(80_000);
    actor.send({ type: 'LOAD_ITEMS', items: [item('a')], creditLimitBalance: null });
    expect(flags(actor)).toEqual(['a:pay', 'b:pay', 'c:pay']);
    expectInvariants(ctx(actor));
  });

  it('LOAD_ITEMS with replace keeps only selections of documents still listed', () => {
    const actor = start({ items: [item('a'), item('b')] });
    actor.send({ type: 'SELECT_ALL' });
    actor.send({ type: 'SET_MODE', mode: 'net_banking' });
    actor.send({ type: 'LOAD_ITEMS', items: [item('b'), item('c')], creditLimitBalance: 200_000, replace: true });
    expect(flags(actor)).toEqual(['b:credit']);
    expect(Object.keys(ctx(actor).known).sort()).toEqual(['b', 'c']);
    actor.send({ type: 'TOGGLE', id: 'a' });
    expect(flags(actor)).toEqual(['b:credit']);
    actor.send({ type: 'RESET' });
    expect(ctx(actor)).toMatchObject({ selections: [], popup: null, mode: null });
    expect(ctx(actor).items.map((i) => i.id)).toEqual(['b', 'c']);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties: random documents, limits and event sequences.
// ---------------------------------------------------------------------------------------------------------

const TODAY_MS = Date.UTC(2026, 2, 1);
const isoDaysFromToday = (days: number) => new Date(TODAY_MS + days * 86_400_000).toISOString().slice(0, 10);

const MAX_PAISE = 1_000_000_000;

/** Amounts in paise up to 1e9, with small ones common enough that several fit one limit. */
const amountArb = fc.oneof(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: MAX_PAISE }));

function itemArb(id: string): fc.Arbitrary<PayItem> {
  return fc
    .record({
      invoice_amount: fc.integer({ min: 1, max: MAX_PAISE }),
      balance: fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: amountArb, weight: 6 }),
      dueIn: fc.oneof(fc.integer({ min: -70, max: 30 }), fc.constantFrom(-60, -61)),
      ddr: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      manual: fc.constantFrom('no', 'no', 'no', 'created', 'unsubmitted'),
      partial: fc.boolean(),
    })
    .map(({ invoice_amount, balance, dueIn, ddr, manual, partial }) =>
      item(id, {
        invoice_amount,
        balance_due: balance,
        due_date: isoDaysFromToday(dueIn),
        status: partial ? 'partially_paid' : 'open',
        ...(ddr ? { ddr_status_date: [{ ddr_status: 'draft', date: '2026-02-20T10:00:00Z' }] } : {}),
        ...(manual === 'no' ? {} : { is_manual: true, unsubmitted: manual === 'unsubmitted' }),
      }),
    );
}

/** A limit: null, 0, random, or the sum of some balances give or take a paisa (the boundary). */
function limitArb(items: readonly PayItem[]): fc.Arbitrary<number | null> {
  const balances = items.map((i) => i.balance_due ?? 0);
  return fc.oneof(
    fc.constant(null),
    fc.constant(0),
    fc.integer({ min: 0, max: 3 * MAX_PAISE }),
    fc.integer({ min: 0, max: 400_000 }),
    fc
      .tuple(balances.length > 0 ? fc.subarray(balances) : fc.constant([] as number[]), fc.constantFrom(-1, 0, 1))
      .map(([some, delta]) => Math.max(0, some.reduce((a, b) => a + b, 0) + delta)),
  );
}

const textArb = fc.oneof(
  fc.integer({ min: 1, max: MAX_PAISE + 1 }).map(paiseToText),
  fc.integer({ min: 1, max: 400_000 }).map(paiseToText),
  fc.integer({ min: 1, max: 3_000 }).map(String),
  fc.constantFrom('', '0', '0.00', '-5', '1.234', 'abc', '1,000', ' 12.5 '),
);

const IDS = ['d0', 'd1', 'd2', 'd3', 'd4', 'e0', 'e1', 'e2'];
/** Ids, the first two more often, so one document goes through tick, part, amount and switches. */
const idArb = fc.oneof(
  { arbitrary: fc.constantFrom('d0', 'd1'), weight: 3 },
  { arbitrary: fc.constantFrom(...IDS, 'unknown'), weight: 2 },
);

/** Documents d0..d4 start in view; LOAD_ITEMS brings any of d*, e* with fresh data. */
const scenarioArb = fc
  .record({
    first: fc.tuple(...IDS.slice(0, 5).map(itemArb)),
    later: fc.array(fc.constantFrom(...IDS).chain(itemArb), { maxLength: 6 }),
    options: fc.record({
      product: fc.constant('provider'),
      variant: fc.constantFrom('portal' as const, 'payment-page' as const),
      isSalesOrder: fc.boolean(),
    }),
  })
  .chain((scenario) => limitArb(scenario.first).map((limit) => ({ ...scenario, limit })));

function eventArb(later: readonly PayItem[]): fc.Arbitrary<PaySelectionEvent> {
  const pools = later.length > 0 ? fc.subarray([...later]) : fc.constant([] as PayItem[]);
  return fc.oneof(
    { arbitrary: idArb.map((id): PaySelectionEvent => ({ type: 'TOGGLE', id })), weight: 6 },
    { arbitrary: fc.constant<PaySelectionEvent>({ type: 'SELECT_ALL' }), weight: 2 },
    { arbitrary: fc.constant<PaySelectionEvent>({ type: 'CLEAR_ALL' }), weight: 1 },
    {
      arbitrary: fc
        .record({ id: idArb, on: fc.boolean() })
        .map(({ id, on }): PaySelectionEvent => ({ type: 'SET_CREDIT', id, on })),
      weight: 5,
    },
    {
      arbitrary: fc
        .record({ id: idArb, on: fc.boolean() })
        .map(({ id, on }): PaySelectionEvent => ({ type: 'SET_PAY', id, on })),
      weight: 3,
    },
    {
      arbitrary: fc
        .record({ id: idArb, on: fc.boolean() })
        .map(({ id, on }): PaySelectionEvent => ({ type: 'SET_PART', id, on })),
      weight: 4,
    },
    {
      arbitrary: fc
        .record({ id: idArb, text: textArb })
        .map(({ id, text }): PaySelectionEvent => ({ type: 'SET_PART_AMOUNT', id, text })),
      weight: 8,
    },
    {
      arbitrary: fc
        .constantFrom('net_banking' as const, 'upi' as const)
        .map((mode): PaySelectionEvent => ({ type: 'SET_MODE', mode })),
      weight: 1,
    },
    { arbitrary: fc.constant<PaySelectionEvent>({ type: 'DISMISS_POPUP' }), weight: 1 },
    {
      arbitrary: fc
        .record({ items: pools, limit: limitArb(later), replace: fc.boolean() })
        .map(({ items, limit, replace }): PaySelectionEvent => ({
          type: 'LOAD_ITEMS',
          items,
          creditLimitBalance: limit,
          replace,
        })),
      weight: 2,
    },
    { arbitrary: fc.constant<PaySelectionEvent>({ type: 'RESET' }), weight: 1 },
  );
}

describe('pay selection properties', () => {
  it('after every event: credit total within the limit, never credit and pay together, only known documents', () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((scenario) =>
          fc.tuple(
            fc.constant(scenario),
            fc.array(eventArb(scenario.later), { minLength: 5, maxLength: 60, size: 'max' }),
          ),
        ),
        ([scenario, events]) => {
          const actor = start({ items: scenario.first, creditLimitBalance: scenario.limit, options: scenario.options });
          expectInvariants(ctx(actor));
          for (const event of events) {
            const before = ctx(actor);
            actor.send(event);
            const after = ctx(actor);
            expectInvariants(after);
            if (event.type === 'LOAD_ITEMS' && event.replace === true) {
              const listed = new Set(event.items.map((i) => i.id));
              for (const s of after.selections) expect(listed.has(s.id)).toBe(true);
            }
            if (event.type === 'TOGGLE' && !(event.id in before.known)) expect(after).toEqual(before);
          }
          actor.stop();
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it('a valid typed part amount is taken exactly, in paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PAISE }), fc.integer({ min: 0, max: MAX_PAISE }), (paise, extra) => {
        const doc = item('a', { invoice_amount: paise + extra, balance_due: paise + extra });
        const actor = start({ items: [doc], creditLimitBalance: null, options: { ...options, variant: 'portal' } });
        actor.send({ type: 'TOGGLE', id: 'a' });
        actor.send({ type: 'SET_PART', id: 'a', on: true });
        actor.send({ type: 'SET_PART_AMOUNT', id: 'a', text: paiseToText(paise) });
        expect(ctx(actor).selections[0]).toMatchObject({ amount: paise, error: null });
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Paths. The machine has one state ('ready'), so paths over its state value would be trivial; instead the
// whole selection (flags, amounts, errors, popup) is the state the graph walks, over a small fixed world:
// two documents of 1,000.00 and a limit of 1,500.00, so only one fits on credit in full.
// ---------------------------------------------------------------------------------------------------------

/**
 * What one event must do to the selection, written from the rules' descriptions: `after` from `before`.
 * For the paths' worlds: every document in view, creditable (a balance, not overdue, no ddr), a limit,
 * payment-page wording.
 */
function expectEffect(before: PaySelectionContext, event: PaySelectionEvent, after: PaySelectionContext, at: string) {
  const LIMIT = before.creditLimitBalance!;
  const IN_VIEW = before.items.map((i) => i.id);
  const balance = (id: string) => before.known[id]!.balance_due!;
  const credited = (selections: readonly Selection[], except?: string) =>
    selections.reduce((sum, s) => sum + (s.credit && s.id !== except ? s.amount : 0), 0);
  /** A typed part amount read by hand: digits with up to 2 decimals, in paise. */
  const paise = (text: string) => {
    const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
    return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
  };
  /** The selection with its typed text read again, `remaining` left on credit. */
  const reread = (s: Selection, remaining: number): Selection => {
    if (!s.partPayment) return s;
    const amount = paise(s.partAmountText);
    if (amount === null) return { ...s, error: messages.amountInvalid };
    if (s.credit && amount > remaining) return { ...s, error: messages.amountOverCredit(remaining) };
    if (amount > balance(s.id)) return { ...s, error: messages.amountOverBalanceDue };
    return { ...s, amount, error: null };
  };
  const fresh = (id: string, credit: boolean): Selection => ({
    id,
    partPayment: false,
    partAmountText: '',
    amount: balance(id),
    credit,
    pay: !credit,
    error: null,
  });
  const current = 'id' in event ? before.selections.find((s) => s.id === event.id) : undefined;
  const withSelection = (next: Selection) => before.selections.map((s) => (s.id === next.id ? next : s));
  const remaining = 'id' in event ? Math.max(0, LIMIT - credited(before.selections, event.id)) : 0;

  // Nothing but the selection and the popup changes.
  const { selections: _s, popup: _p, ...rest } = after;
  const { selections: _bs, popup: _bp, ...restBefore } = before;
  expect(rest, at).toEqual(restBefore);

  let selections: readonly Selection[] = before.selections;
  let popup = before.popup;
  switch (event.type) {
    case 'TOGGLE':
      selections = current
        ? before.selections.filter((s) => s.id !== event.id)
        : [...before.selections, fresh(event.id, credited(before.selections) + balance(event.id) <= LIMIT)];
      break;
    case 'SELECT_ALL': {
      let running = credited(before.selections);
      const added = IN_VIEW.filter((id) => !before.selections.some((s) => s.id === id)).map((id) => {
        const credit = running + balance(id) <= LIMIT;
        if (credit) running += balance(id);
        return fresh(id, credit);
      });
      selections = [...before.selections, ...added];
      break;
    }
    case 'CLEAR_ALL':
      selections = before.selections.filter((s) => !IN_VIEW.includes(s.id));
      break;
    case 'SET_CREDIT':
      if (!current) popup = event.on ? messages.tickFirst('credit') : popup;
      // Credit off puts the document on pay: a selected document is always in exactly one total.
      else if (!event.on)
        selections = current.credit ? withSelection(reread({ ...current, credit: false, pay: true }, 0)) : selections;
      else if (current.credit) break;
      else if (current.amount > remaining) {
        selections = withSelection({ ...current, credit: false, pay: true });
        popup =
          remaining > 0
            ? messages.creditPartPayment(remaining, remaining, 'payment-page', 'provider')
            : messages.creditUtilised(LIMIT);
      } else selections = withSelection(reread({ ...current, credit: true, pay: false }, remaining));
      break;
    case 'SET_PAY':
      if (!current) popup = event.on ? messages.tickFirst('pay') : popup;
      else if (current.pay !== event.on) {
        if (event.on) selections = withSelection(reread({ ...current, pay: true, credit: false }, 0));
        // Pay off moves the document to credit when its switch is enabled and it fits, else unticks it.
        else if (current.amount <= remaining)
          selections = withSelection(reread({ ...current, pay: false, credit: true }, remaining));
        else selections = before.selections.filter((s) => s.id !== event.id);
      }
      break;
    case 'SET_PART':
      if (!current || current.partPayment === event.on) break;
      if (event.on)
        selections = withSelection(
          reread(
            { ...current, partPayment: true, partAmountText: current.amount > 0 ? paiseToText(current.amount) : '' },
            remaining,
          ),
        );
      else {
        const full = { ...current, partPayment: false, partAmountText: '', amount: balance(event.id), error: null };
        const fits = credited(before.selections, event.id) + balance(event.id) <= LIMIT;
        selections = withSelection(full.credit && !fits ? { ...full, credit: false, pay: true } : full);
      }
      break;
    case 'SET_PART_AMOUNT':
      if (current?.partPayment)
        selections = withSelection(reread({ ...current, partAmountText: event.text }, remaining));
      break;
    case 'DISMISS_POPUP':
      popup = null;
      break;
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
  expect(after.selections, `${at}: selections`).toEqual(selections);
  expect(after.popup, `${at}: popup`).toBe(popup);
}

describe('pay selection paths', () => {
  const input = WORLD;
  const paths = getShortestPaths(paySelectionPaths.machine, paySelectionPaths.graphs.world);

  it('reaches every combination it should, and no state breaks the invariants', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['ready']));
    for (const p of paths) expectInvariants(p.state.context);
    const shapes = new Set(
      paths.map((p) =>
        p.state.context.selections
          .map((s) => `${s.id}:${s.credit ? 'credit' : s.pay ? 'pay' : 'none'}${s.partPayment ? '/part' : ''}`)
          .join(' '),
      ),
    );
    for (const shape of [
      '',
      'a:credit',
      'a:pay',
      'a:credit b:pay',
      'b:credit a:pay',
      'a:credit/part b:credit',
      'b:credit a:credit/part',
      'a:pay/part b:pay',
    ]) {
      expect(shapes, shape).toContain(shape);
    }
    // A selected document is always in exactly one total.
    for (const shape of shapes) expect(shape).not.toMatch(/:none/);
    // Both documents on credit in full would be 2,000.00 > 1,500.00: unreachable.
    for (const p of paths)
      expect(p.state.context.selections.filter((s) => s.credit && !s.partPayment).length).toBeLessThanOrEqual(1);
    const errors = new Set(paths.flatMap((p) => p.state.context.selections.map((s) => s.error)));
    expect(errors).toEqual(
      new Set([
        null,
        'Amount should be less than or equal to ₹500.00',
        'Please enter a valid amount with up to 2 decimal places.',
      ]),
    );
    const popups = new Set(paths.map((p) => p.state.context.popup));
    expect(popups).toEqual(
      new Set([
        null,
        "Please checked 'Click here to pay' to enable credit switch.",
        "Please checked 'Click here to pay' to enable pay switch.",
        'Your provider Available Balance is rupees 500.00 please make the part payment of rupees 500.00.',
        'Your provider Available Balance is rupees 900.00 please make the part payment of rupees 900.00.',
      ]),
    );
  });

  // A second world on the boundary: 1,000.00 + 500.00 fill the limit of 1,500.00 exactly.
  const boundary = BOUNDARY;
  const boundaryPaths = getShortestPaths(paySelectionPaths.machine, paySelectionPaths.graphs.boundary);

  it('replays every path on a live actor: the same selection, the invariants and what each event does, after every step', () => {
    expect(paths.length).toBeGreaterThan(300);
    expect(boundaryPaths.length).toBeGreaterThan(100);
    // Both on credit in full, exactly at the limit, is reachable in the boundary world.
    expect(
      boundaryPaths.some((p) => p.state.context.selections.filter((s) => s.credit && !s.partPayment).length === 2),
    ).toBe(true);
    for (const [world, worldPaths] of [
      [input, paths],
      [boundary, boundaryPaths],
    ] as const) {
      for (const path of worldPaths) {
        const name = path.steps.map((s, i) => (i === 0 ? 'init' : JSON.stringify(s.event))).join(' > ');
        const actor = createActor(paySelectionMachine, { input: world }).start();
        expectInvariants(ctx(actor));
        path.steps.forEach((s, index) => {
          const before = ctx(actor);
          if (index > 0) actor.send(s.event);
          const after = ctx(actor);
          const at = `${name} @${index}`;
          expect(key(actor.getSnapshot()), at).toBe(key(s.state));
          expectInvariants(after);
          if (index > 0) expectEffect(before, s.event, after, at);
        });
        expect(key(actor.getSnapshot())).toBe(key(path.state));
        // Then the payment mode, and a reset that keeps the documents and the limit.
        const end = ctx(actor);
        actor.send({ type: 'SET_MODE', mode: 'upi' });
        expect(ctx(actor), name).toEqual({ ...end, mode: 'upi' });
        actor.send({ type: 'RESET' });
        expect(ctx(actor), name).toEqual({ ...end, selections: [], popup: null, mode: null });
        actor.stop();
      }
    }
  });
});
