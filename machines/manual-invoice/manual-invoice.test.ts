import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { apiErrorFromBody } from '../../src/api/errors';
import type { ErrorEntry } from '../../src/domain/errors';
import type { PayDocument } from '../../src/domain/pay';
import { effectOutcome, fakeEffect, pathName, replay, settle, type GraphPath } from '../test-paths';
import {
  AMOUNT_NOT_WHOLE,
  isWholeRupees,
  fileProblem,
  INVOICE_FILE_MAX_BYTES,
  isFilled,
  manualInvoiceMachine,
  validateValues,
  type CreateRequest,
  type ManualField,
  type ManualInvoiceContext,
  type ManualInvoiceEvent,
} from './manual-invoice.machine';
import {
  coarseState,
  CREATE_ID,
  created,
  EV,
  fileA,
  FILL,
  fullState,
  manualInvoicePaths,
  REFUSED,
  TODAY,
} from './manual-invoice.paths';

const pdf = (name = 'invoice.pdf', size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function start(
  options: { isSalesOrder?: boolean; create?: (request: CreateRequest) => Promise<{ data: PayDocument }> } = {},
) {
  let keys = 0;
  const requests: CreateRequest[] = [];
  const create = options.create ?? (() => Promise.resolve({ data: created }));
  const machine = manualInvoiceMachine.provide({
    actors: {
      createInvoice: fromPromise(({ input }: { input: CreateRequest }) => {
        requests.push(input);
        return create(input);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { isSalesOrder: options.isSalesOrder ?? false, today: TODAY, newKey: () => `key-${++keys}` },
  });
  actor.start();
  const fill = (values: { number?: string; amount?: string; date?: string } = {}) => {
    actor.send({ type: 'CHANGE', field: 'number', value: values.number ?? 'MAN-1' });
    actor.send({ type: 'CHANGE', field: 'amount', value: values.amount ?? '1200' });
    actor.send({ type: 'CHANGE', field: 'date', value: values.date ?? '2026-11-20' });
  };
  return { actor, requests, fill };
}

describe('manual invoice rules', () => {
  it('takes whole rupees only, so a pasted decimal or exponent is refused rather than reshaped', () => {
    expect(isWholeRupees('1200')).toBe(true);
    expect(isWholeRupees('')).toBe(true);
    expect(isWholeRupees('1e5')).toBe(false);
    expect(isWholeRupees('1200.50')).toBe(false);
    expect(isWholeRupees('-5')).toBe(false);
    expect(isWholeRupees('1,200')).toBe(false);
  });

  it('checks number, amount and date, with the date not after today', () => {
    const options = { isSalesOrder: false, today: TODAY };
    expect(validateValues({ number: '', amount: '', date: '' }, options)).toEqual({
      number: 'Please enter the invoice number.',
      amount: 'Please enter the invoice amount.',
      date: 'Please choose the invoice date.',
    });
    expect(validateValues({ number: 'A B', amount: '0', date: '2026-11-23' }, options)).toEqual({
      number: "Use up to 16 letters, digits, '/' or '-'.",
      amount: 'Amount should be greater than zero.',
      date: 'The invoice date cannot be later than today.',
    });
    expect(validateValues({ number: 'SO/1', amount: '5', date: TODAY }, { ...options, isSalesOrder: true })).toEqual(
      {},
    );
    // Only a real ISO date from the calendar is sent.
    expect(validateValues({ number: 'A', amount: '5', date: '31/02/2026' }, options).date).toBe(
      'Please choose the date from the calendar.',
    );
    expect(validateValues({ number: 'A', amount: '5', date: '2026-02-31' }, options).date).toBe(
      'Please choose the date from the calendar.',
    );
    expect(validateValues({ number: '', amount: '5', date: TODAY }, { ...options, isSalesOrder: true }).number).toBe(
      'Please enter the sales order number.',
    );
    expect(isFilled({ number: 'A', amount: '1', date: '' })).toBe(false);
    expect(isFilled({ number: 'A', amount: '1', date: TODAY })).toBe(true);
  });

  it('takes PDF, PNG and JPEG files up to 5 MB', () => {
    expect(fileProblem(pdf())).toBeNull();
    expect(fileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(
      'Please upload the invoice as a PDF, PNG or JPEG file.',
    );
    expect(fileProblem(pdf('big.pdf', INVOICE_FILE_MAX_BYTES + 1))).toBe(
      'The file is larger than 5 MB. Please upload a smaller file.',
    );
    expect(fileProblem(pdf('empty.pdf', 0))).toBe('The file is empty. Please upload the invoice.');
  });
});

describe('manual invoice machine', () => {
  it('creates the invoice when a file is chosen after the three fields, and outputs the document', async () => {
    const { actor, requests, fill } = start();
    fill({ amount: '1200' });
    // A paste of '1200.50' is refused with a message; the amount stays what it was (not ₹1,20,050).
    actor.send({ type: 'CHANGE', field: 'amount', value: '1200.50' });
    expect(actor.getSnapshot().context.errors.amount).toBe(AMOUNT_NOT_WHOLE);
    expect(actor.getSnapshot().context.values).toEqual({ number: 'MAN-1', amount: '1200', date: '2026-11-20' });
    const file = pdf();
    actor.send({ type: 'UPLOAD', file });
    expect(actor.getSnapshot().value).toBe('creating');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('created');
    expect(actor.getSnapshot().output).toEqual({ created });
    expect(requests).toEqual([{ values: { number: 'MAN-1', amount: '1200', date: '2026-11-20' }, file, key: 'key-1' }]);
  });

  it('refuses a file before the fields are valid, and a wrong file, without sending', () => {
    const { actor, requests, fill } = start();
    actor.send({ type: 'UPLOAD', file: pdf() });
    expect(actor.getSnapshot().context.errors).toMatchObject({ number: 'Please enter the invoice number.' });
    fill({ date: '2026-12-01' });
    actor.send({ type: 'UPLOAD', file: pdf() });
    expect(actor.getSnapshot().context.errors).toEqual({ date: 'The invoice date cannot be later than today.' });
    actor.send({ type: 'CHANGE', field: 'date', value: TODAY });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'UPLOAD', file: new File(['x'], 'a.txt', { type: 'text/plain' }) });
    expect(actor.getSnapshot().context.errors).toEqual({
      file: 'Please upload the invoice as a PDF, PNG or JPEG file.',
    });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(requests).toHaveLength(0);
  });

  it('puts the provider’s field messages on the fields, keeps what was typed, and retries with the same key', async () => {
    let fail = true;
    const { actor, requests, fill } = start({
      create: () =>
        fail
          ? Promise.reject(
              apiErrorFromBody(422, {
                errors: [
                  { code: 'ER-VALIDATION', title: 'invoice[gst_invoice_id]', detail: 'Invoice MAN-1 already exists.' },
                ],
              }),
            )
          : Promise.resolve({ data: created }),
    });
    fill();
    const file = pdf();
    actor.send({ type: 'UPLOAD', file });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ number: 'Invoice MAN-1 already exists.' });
    expect(actor.getSnapshot().context.values.number).toBe('MAN-1');
    // The same request again keeps its key; a changed number is a new attempt with a new key.
    actor.send({ type: 'UPLOAD', file });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'number', value: 'MAN-2' });
    fail = false;
    actor.send({ type: 'UPLOAD', file });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests.map((r) => r.key)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('toasts every refusal, also those placed beside a field', async () => {
    const { actor, fill } = start({
      create: () =>
        Promise.reject(
          apiErrorFromBody(422, {
            errors: [{ code: 'ER-VALIDATION', title: 'invoice[total]', detail: 'The amount must be in rupees.' }],
          }),
        ),
    });
    fill();
    actor.send({ type: 'UPLOAD', file: pdf() });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ amount: 'The amount must be in rupees.' });
    expect(actor.getSnapshot().context.failure).toEqual([
      { code: 'ER-VALIDATION', detail: 'The amount must be in rupees.' },
    ]);
  });

  it('keeps a refusal that names no field for a toast', async () => {
    const { actor, fill } = start({
      create: () => Promise.reject(apiErrorFromBody(503, { errors: [{ code: 'ER-503', detail: 'Try later.' }] })),
    });
    fill();
    actor.send({ type: 'UPLOAD', file: pdf() });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.failure).toEqual([{ code: 'ER-503', detail: 'Try later.' }]);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends once however often the file is chosen while creating', async () => {
    let resolve: (value: { data: PayDocument }) => void = () => {};
    const create = vi.fn(() => new Promise<{ data: PayDocument }>((r) => (resolve = r)));
    const { actor, fill } = start({ create });
    fill();
    actor.send({ type: 'UPLOAD', file: pdf() });
    actor.send({ type: 'UPLOAD', file: pdf() });
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().value).toBe('creating');
    resolve({ data: created });
    await waitFor(actor, (s) => s.status === 'done');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('submits a sales order without a file; a file event is ignored for sales orders', async () => {
    const { actor, requests, fill } = start({ isSalesOrder: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.number).toBe('Please enter the sales order number.');
    fill();
    actor.send({ type: 'UPLOAD', file: pdf() });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests).toEqual([
      { values: { number: 'MAN-1', amount: '1200', date: '2026-11-20' }, file: null, key: 'key-1' },
    ]);
  });

  it('ignores Submit for invoices (they are created by the upload)', () => {
    const { actor, fill, requests } = start();
    fill();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(requests).toHaveLength(0);
  });

  it('asks before deleting: cancel keeps the entry, confirm ends it with nothing created', () => {
    const { actor, fill } = start();
    fill();
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.number).toBe('MAN-1');
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(actor.getSnapshot().output).toEqual({ created: null });
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path: the machine's graph replayed on a live actor whose createInvoice effect is held open until
// the path settles it, checked after every step against a reference model written here (state, context
// with the idempotency key, every request, the output).

function pathHarness(isSalesOrder: boolean) {
  const create = fakeEffect<{ data: PayDocument }, CreateRequest>();
  let keys = 0;
  const machine = manualInvoiceMachine.provide({ actors: { createInvoice: create.logic } });
  const actor = createActor(machine, { input: { isSalesOrder, today: TODAY, newKey: () => `key-${++keys}` } }).start();
  return { actor, create };
}

type ManualValue = 'editing' | 'creating' | 'confirmingDelete' | 'created' | 'deleted';
type ModelContext = Omit<ManualInvoiceContext, 'newKey' | 'today' | 'isSalesOrder'>;

/** What each refusal of the paths must leave: the field messages and the toast entries (written out). */
const REFUSALS = new Map<unknown, { errors: Partial<Record<ManualField, string>>; failure: ErrorEntry[] }>([
  [
    REFUSED.duplicate,
    {
      errors: { number: 'Invoice MAN-1 already exists.' },
      failure: [{ code: 'ER-VALIDATION', detail: 'Invoice MAN-1 already exists.' }],
    },
  ],
  [REFUSED.unavailable, { errors: {}, failure: [{ code: 'ER-503', detail: 'Try later.' }] }],
  [REFUSED.offline, { errors: {}, failure: [{ code: 'ERROR', detail: 'offline' }] }],
]);

/** The same file: the same object, or one with the same name, size, date and type (chosen again). */
const isSameFile = (a: File, b: File) =>
  a === b || (a.name === b.name && a.size === b.size && a.lastModified === b.lastModified && a.type === b.type);

/** The manual entry as its description says, with its own key counter (the harness's starts at key-1 too). */
class ManualModel {
  value: ManualValue = 'editing';
  context: ModelContext = {
    values: { number: '', amount: '', date: '' },
    file: null,
    errors: {},
    failure: null,
    key: null,
    created: null,
  };
  requests: CreateRequest[] = [];
  private keys = 0;

  constructor(private readonly isSalesOrder: boolean) {}

  /** Starts a creation: the attempt's key is made once and kept until something changes. */
  private create(file: File | null) {
    const key = this.context.key ?? `key-${++this.keys}`;
    this.context = { ...this.context, key, errors: {}, failure: null };
    this.requests.push({ values: this.context.values, file, key });
    this.value = 'creating';
  }

  private invalid(): boolean {
    const errors = validateValues(this.context.values, { isSalesOrder: this.isSalesOrder, today: TODAY });
    if (Object.keys(errors).length === 0) return false;
    this.context = { ...this.context, errors, failure: null };
    return true;
  }

  send(event: AnyEventObject) {
    const e = event as ManualInvoiceEvent;
    const outcome = effectOutcome(event);
    const c = this.context;
    switch (this.value) {
      case 'editing':
        if (e.type === 'CHANGE') {
          if (e.field === 'amount' && !/^\d*$/.test(e.value))
            this.context = { ...c, errors: { ...c.errors, amount: AMOUNT_NOT_WHOLE } };
          else if (c.values[e.field] !== e.value) {
            const errors = { ...c.errors };
            delete errors[e.field];
            this.context = { ...c, values: { ...c.values, [e.field]: e.value }, errors, key: null };
          }
        } else if (e.type === 'UPLOAD' && !this.isSalesOrder && !this.invalid()) {
          const problem = fileProblem(e.file);
          if (problem !== null) this.context = { ...c, errors: { file: problem }, failure: null };
          else {
            if (c.file === null || !isSameFile(c.file, e.file)) this.context = { ...c, file: e.file, key: null };
            this.create(this.context.file);
          }
        } else if (e.type === 'SUBMIT' && this.isSalesOrder && !this.invalid()) this.create(null);
        else if (e.type === 'DELETE') this.value = 'confirmingDelete';
        return;
      case 'creating':
        if (outcome?.id !== CREATE_ID) return;
        if (outcome.ok) {
          this.context = { ...c, created: (outcome.output as { data: PayDocument }).data };
          this.value = 'created';
        } else {
          this.context = { ...c, ...REFUSALS.get(outcome.error)! };
          this.value = 'editing';
        }
        return;
      case 'confirmingDelete':
        if (e.type === 'CONFIRM') this.value = 'deleted';
        else if (e.type === 'CANCEL') this.value = 'editing';
        return;
      default:
        return;
    }
  }
}

/** Replays a path (after `prefix`, sent to both) and checks the live actor against the model at every step. */
async function replayManual(
  path: GraphPath<{ value: unknown; context: ManualInvoiceContext }>,
  isSalesOrder: boolean,
  serialize: (s: never) => string,
  prefix: ManualInvoiceEvent[] = [],
) {
  const name = pathName(path);
  const h = pathHarness(isSalesOrder);
  const model = new ManualModel(isSalesOrder);
  const doubled = (event: AnyEventObject) => event.type === 'UPLOAD' || event.type === 'SUBMIT';
  for (const event of prefix) {
    h.actor.send(event);
    model.send(event);
  }
  await replay(path, {
    effects: { [CREATE_ID]: h.create },
    // A double click on Upload or Submit: the event twice.
    send: (event) => {
      h.actor.send(event as ManualInvoiceEvent);
      if (doubled(event)) h.actor.send(event as ManualInvoiceEvent);
    },
    check: (expected, index, event) => {
      if (index > 0) {
        model.send(event);
        if (doubled(event)) model.send(event);
      }
      const label = `${name} @${index}`;
      const snapshot = h.actor.getSnapshot();
      expect(serialize(snapshot as never), label).toBe(serialize(expected as never));
      expect(snapshot.value, label).toBe(model.value);
      const { newKey: _newKey, today: _today, isSalesOrder: _isSalesOrder, ...context } = snapshot.context;
      expect(context, label).toEqual(model.context);
      expect(context.file, `${label}: the file kept`).toBe(model.context.file);
      expect(
        h.create.calls.map((c) => c.input),
        `${label}: requests`,
      ).toEqual(model.requests);
      h.create.calls.forEach((c, i) =>
        expect(c.input.file, `${label}: request ${i} file`).toBe(model.requests[i]!.file),
      );
      expect(h.create.pending(), label).toHaveLength(model.value === 'creating' ? 1 : 0);
      const final = model.value === 'created' || model.value === 'deleted';
      expect(snapshot.status, label).toBe(final ? 'done' : 'active');
      expect(snapshot.output, label).toEqual(final ? { created: model.context.created } : undefined);
    },
  });
  return model;
}

/** Requests in a row with one key (an unchanged retry) and a later one with a new key. */
const keysOf = (model: ManualModel) => model.requests.map((r) => r.key);
const keptKey = (keys: string[]) => keys.some((k, i) => i > 0 && keys[i - 1] === k);
const renewedKey = (keys: string[]) => keys.some((k, i) => i > 0 && keys[i - 1] !== k);

describe('manual invoice: every path', () => {
  it('reaches every state, from an empty entry, by a shortest path with every event', async () => {
    const paths = getShortestPaths(manualInvoicePaths.machine, manualInvoicePaths.graphs.fromEmpty);
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(['editing', 'creating', 'confirmingDelete', 'created', 'deleted']),
    );
    expect(paths.length).toBeGreaterThan(200);
    for (const path of paths) await replayManual(path, false, fullState);
  });

  it(
    'replays every simple path from a filled entry: creation settled, retried, renewed, deleted',
    { timeout: 30_000 },
    async () => {
      const paths = getSimplePaths(manualInvoicePaths.machine, manualInvoicePaths.graphs.fromFilled);
      expect(paths.length).toBeGreaterThan(500);
      let kept = 0;
      let renewed = 0;
      for (const path of paths) {
        const model = await replayManual(path, false, coarseState, FILL);
        if (keptKey(keysOf(model))) kept++;
        if (renewedKey(keysOf(model))) renewed++;
      }
      // The graph does hold both: a retry of the unchanged attempt, and a new attempt after a change.
      expect(kept).toBeGreaterThan(10);
      expect(renewed).toBeGreaterThan(10);
    },
  );

  it('replays every simple path of a sales order (Submit, no file)', async () => {
    const paths = getSimplePaths(manualInvoicePaths.machine, manualInvoicePaths.graphs.salesOrder);
    expect(paths.length).toBeGreaterThan(100);
    const ends = new Set<string>();
    for (const path of paths) {
      const model = await replayManual(path, true, fullState);
      ends.add(model.value);
      expect(model.requests.every((r) => r.file === null)).toBe(true);
    }
    expect(ends).toEqual(new Set(['editing', 'creating', 'confirmingDelete', 'created', 'deleted']));
  });

  it('the unchanged retry after a refusal keeps the key; the same file chosen again keeps it too', async () => {
    const h = pathHarness(false);
    for (const event of FILL) h.actor.send(event);
    h.actor.send(EV.uploadA);
    await settle();
    h.create.pending()[0]!.reject(apiErrorFromBody(503, {}));
    await settle();
    h.actor.send(EV.uploadAAgain);
    await settle();
    expect(h.create.calls.map((c) => c.input.key)).toEqual(['key-1', 'key-1']);
    expect(h.create.calls[1]!.input.file).toBe(fileA);
  });
});
