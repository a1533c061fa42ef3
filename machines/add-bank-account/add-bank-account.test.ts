import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { apiErrorFromBody } from '../../src/api/errors';
import { EMPTY_BANK_ACCOUNT, type BankAccountForm } from '../../src/domain/admin';
import type { ErrorEntry } from '../../src/domain/errors';
import { effectOutcome, fakeEffect, pathName, replay, settle, type GraphPath } from '../test-paths';
import {
  addBankAccountMachine,
  shouldLookUp,
  type AddBankAccountContext,
  type AddBankAccountEvent,
  type BankAccountErrors,
  type BankAccountField,
  type BankLookupResult,
} from './add-bank-account.machine';
import {
  addBankAccountPaths,
  bankState,
  EFFECT_EVENTS,
  FILL_PLAIN,
  PLAIN,
  REFUSED,
  SBI,
} from './add-bank-account.paths';

function harness() {
  const lookup = fakeEffect<BankLookupResult, { ifsc: string }>();
  const create = fakeEffect<unknown, BankAccountForm>();
  const refreshBankAccounts = vi.fn();
  const actor = createActor(
    addBankAccountMachine.provide({
      actors: { lookupBank: lookup.logic, createBankAccount: create.logic },
      actions: { refreshBankAccounts },
    }),
  ).start();
  const send = (event: AddBankAccountEvent) => actor.send(event);
  const fill = (values: Partial<BankAccountForm>) => {
    for (const [field, value] of Object.entries(values))
      send({ type: 'CHANGE', field: field as BankAccountField, value });
  };
  return {
    actor,
    lookup,
    create,
    refreshBankAccounts,
    send,
    fill,
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
  };
}

const HDFC: BankLookupResult = { BANK: 'HDFC Bank', BRANCH: 'Fort' };
const VALID: BankAccountForm = { ...PLAIN, ifsc: 'SBIN0000001', bank_name: SBI.BANK, branch_name: SBI.BRANCH };

const MESSAGES = {
  account_name: 'Account name is required',
  account_number: 'Account number is required',
  account_type: 'Account type is required',
  ifsc: 'IFSC is required',
  bank_name: 'Bank name is required',
  branch_name: 'Branch name is required',
  region: 'Region is required',
  ifscInvalid: 'Invalid Ifsc code.',
  accountNumber: 'Account number must be 9 to 18 digits',
};

describe('add bank account: the IFSC and its lookup', () => {
  it('masks the IFSC as it is typed: upper case, letters and digits, 11 at most', () => {
    const h = harness();
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'sb-in 00' });
    expect(h.context().values.ifsc).toBe('SBIN00');
    expect(h.lookup.calls).toHaveLength(0);
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'sbin0000001xyz' });
    expect(h.context().values.ifsc).toBe('SBIN0000001');
    expect(h.lookup.calls.map((c) => c.input)).toEqual([{ ifsc: 'SBIN0000001' }]);
  });

  it('looks up only a full IFSC of the right form', () => {
    expect(shouldLookUp('SBIN0000001')).toBe(true);
    expect(shouldLookUp('HDFC0ABC123')).toBe(true);
    expect(shouldLookUp('SBIN000000')).toBe(false);
    expect(shouldLookUp('SBIN1000001')).toBe(false);
    expect(shouldLookUp('1234X000001')).toBe(false);
    const h = harness();
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN1000001' });
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.lookup.calls).toHaveLength(0);
  });

  it('fills the bank and branch from the answer and locks them until the IFSC changes', async () => {
    const h = harness();
    h.send({ type: 'SUBMIT' });
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN0000001' });
    expect(h.snapshot().value).toEqual({ editing: 'lookingUp' });
    h.lookup.calls[0]!.resolve(SBI);
    await settle();
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.context()).toMatchObject({
      locked: true,
      values: { ifsc: 'SBIN0000001', bank_name: SBI.BANK, branch_name: SBI.BRANCH },
    });
    // The lookup's fields lose their 'required' messages; the others keep theirs.
    expect(h.context().errors).toEqual({
      account_name: MESSAGES.account_name,
      account_number: MESSAGES.account_number,
      account_type: MESSAGES.account_type,
      region: MESSAGES.region,
    });
    h.send({ type: 'CHANGE', field: 'bank_name', value: 'Other' });
    h.send({ type: 'CHANGE', field: 'branch_name', value: 'Other' });
    expect(h.context().values).toMatchObject({ bank_name: SBI.BANK, branch_name: SBI.BRANCH });
    // A character the mask drops leaves the IFSC (and the lock) as they were.
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN0000001-' });
    expect(h.context()).toMatchObject({ locked: true, values: { bank_name: SBI.BANK } });
    // Editing the IFSC unlocks and clears what the lookup filled.
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN000000' });
    expect(h.context()).toMatchObject({
      locked: false,
      values: { ifsc: 'SBIN000000', bank_name: '', branch_name: '' },
    });
    h.send({ type: 'CHANGE', field: 'bank_name', value: 'Typed Bank' });
    expect(h.context().values.bank_name).toBe('Typed Bank');
  });

  it('leaves the bank and branch editable, with no message, when the lookup fails or finds nothing', async () => {
    for (const settleIt of [
      (c: { reject: (e: unknown) => void }) =>
        c.reject(apiErrorFromBody(404, { errors: [{ code: 'ER-404', detail: 'Invalid Ifsc code.' }] })),
      (c: { resolve: (r: BankLookupResult) => void }) => c.resolve({ BANK: '', BRANCH: '' }),
    ]) {
      const h = harness();
      h.fill({ bank_name: 'Typed Bank' });
      h.send({ type: 'CHANGE', field: 'ifsc', value: 'XXXX0000001' });
      settleIt(h.lookup.calls[0] as never);
      await settle();
      expect(h.snapshot().value).toEqual({ editing: 'idle' });
      expect(h.context()).toEqual({
        values: { ...EMPTY_BANK_ACCOUNT, ifsc: 'XXXX0000001', bank_name: 'Typed Bank' },
        errors: {},
        failure: null,
        locked: false,
      });
      h.send({ type: 'CHANGE', field: 'branch_name', value: 'Typed Branch' });
      expect(h.context().values.branch_name).toBe('Typed Branch');
    }
  });

  it('cancels a lookup under way when the IFSC is edited, and ignores its late answer', async () => {
    const h = harness();
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN0000001' });
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'HDFC0000001' });
    expect(h.lookup.calls.map((c) => c.input.ifsc)).toEqual(['SBIN0000001', 'HDFC0000001']);
    expect(h.lookup.calls[0]!.signal.aborted).toBe(true);
    h.lookup.calls[0]!.resolve(SBI);
    await settle();
    expect(h.context()).toMatchObject({ locked: false, values: { bank_name: '', branch_name: '' } });
    h.lookup.calls[1]!.resolve(HDFC);
    await settle();
    expect(h.context()).toMatchObject({
      locked: true,
      values: { ifsc: 'HDFC0000001', bank_name: HDFC.BANK, branch_name: HDFC.BRANCH },
    });
    // A partial IFSC during a lookup cancels it too.
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN0000001' });
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN00000' });
    expect(h.lookup.calls[2]!.signal.aborted).toBe(true);
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.context()).toMatchObject({ locked: false, values: { bank_name: '', branch_name: '' } });
  });
});

describe('add bank account: the checks and sending', () => {
  it('shows every field message of an empty form and sends nothing', () => {
    const h = harness();
    h.send({ type: 'SUBMIT' });
    expect(h.context().errors).toEqual({
      account_name: MESSAGES.account_name,
      account_number: MESSAGES.account_number,
      account_type: MESSAGES.account_type,
      ifsc: MESSAGES.ifsc,
      bank_name: MESSAGES.bank_name,
      branch_name: MESSAGES.branch_name,
      region: MESSAGES.region,
    });
    expect(h.create.calls).toHaveLength(0);
  });

  it('checks the IFSC form, the account number, CA or CC, and the four regions', () => {
    const h = harness();
    h.fill({ ...VALID, ifsc: 'SBIN00000', account_number: '12345', account_type: 'SB', region: 'central' });
    h.send({ type: 'SUBMIT' });
    expect(h.context().errors).toEqual({
      ifsc: MESSAGES.ifscInvalid,
      account_number: MESSAGES.accountNumber,
      account_type: 'Account type must be CA or CC',
      region: 'Region must be one of north, east, west, south',
    });
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.create.calls).toHaveLength(0);
  });

  it('sends the form once however often it is submitted, then is done and refreshes the lists', async () => {
    const h = harness();
    h.fill({ ...PLAIN, ifsc: 'sbin0000001' });
    h.lookup.calls[0]!.resolve(SBI);
    await settle();
    h.send({ type: 'SUBMIT' });
    h.send({ type: 'SUBMIT' });
    h.send({ type: 'CHANGE', field: 'account_name', value: 'Changed' });
    h.send({ type: 'RESET' });
    expect(h.snapshot().value).toBe('sending');
    expect(h.create.calls.map((c) => c.input)).toEqual([VALID]);
    h.create.calls[0]!.resolve({ id: '9' });
    await settle();
    expect(h.snapshot().value).toBe('done');
    expect(h.refreshBankAccounts).toHaveBeenCalledTimes(1);
    h.send({ type: 'RESET' });
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.context()).toEqual({ values: { ...EMPTY_BANK_ACCOUNT }, errors: {}, failure: null, locked: false });
  });

  it('comes back to editing on a refusal with its entries, the field ones under their field, nothing lost (the lock kept)', async () => {
    const h = harness();
    h.fill({ ...PLAIN, ifsc: 'SBIN0000001' });
    h.lookup.calls[0]!.resolve(SBI);
    await settle();
    h.send({ type: 'SUBMIT' });
    const entries: ErrorEntry[] = [
      {
        code: 'ER-VALIDATION',
        title: 'anchor_account_detail[account_number]',
        detail: 'Account number has already been added',
      },
      { code: 'ER-X', detail: 'Something else' },
    ];
    h.create.calls[0]!.reject(apiErrorFromBody(422, { errors: entries }));
    await settle();
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.context()).toEqual({
      values: VALID,
      errors: { account_number: 'Account number has already been added' },
      failure: entries,
      locked: true,
    });
    expect(h.refreshBankAccounts).not.toHaveBeenCalled();
    h.send({ type: 'SUBMIT' });
    expect(h.context().failure).toBeNull();
    expect(h.create.calls).toHaveLength(2);
  });

  it('sends typed bank details while a lookup is under way, cancelling the lookup', () => {
    const h = harness();
    h.fill({ ...PLAIN, bank_name: 'Typed Bank', branch_name: 'Typed Branch', ifsc: 'SBIN0000001' });
    expect(h.snapshot().value).toEqual({ editing: 'lookingUp' });
    h.send({ type: 'SUBMIT' });
    expect(h.snapshot().value).toBe('sending');
    expect(h.lookup.calls[0]!.signal.aborted).toBe(true);
    expect(h.create.calls[0]!.input).toMatchObject({ bank_name: 'Typed Bank', branch_name: 'Typed Branch' });
  });

  it('keeps the lookup going on an invalid submit', () => {
    const h = harness();
    h.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN0000001' });
    h.send({ type: 'SUBMIT' });
    expect(h.snapshot().value).toEqual({ editing: 'lookingUp' });
    expect(h.lookup.pending()).toHaveLength(1);
    expect(Object.keys(h.context().errors)).toContain('bank_name');
  });

  it('RESET while looking up cancels the lookup and empties the form', () => {
    const h = harness();
    h.fill({ account_name: 'Acme', ifsc: 'SBIN0000001' });
    h.send({ type: 'RESET' });
    expect(h.lookup.calls[0]!.signal.aborted).toBe(true);
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.context().values).toEqual(EMPTY_BANK_ACCOUNT);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every state by its shortest path: two graphs (the whole form from empty; the IFSC, lookup and bank
// fields once the other four are filled), each path replayed on a live actor whose lookup and create
// effects are held open until the path settles them, checked after every step against a reference
// model written here (the mask, the lookup's trigger, the lock, every message spelt out).

type BankValue = 'idle' | 'lookingUp' | 'sending' | 'done';
const valueOf = (value: unknown): BankValue =>
  typeof value === 'string' ? (value as BankValue) : (value as { editing: BankValue }).editing;

/** What each refusal of the paths must leave (written out). */
const REFUSALS = new Map<unknown, { errors: BankAccountErrors; failure: ErrorEntry[] }>([
  [
    REFUSED.bankUnknown,
    {
      errors: { bank_name: 'Bank name is not known' },
      failure: [{ code: 'ER-VALIDATION', title: 'bank_name', detail: 'Bank name is not known' }],
    },
  ],
  [REFUSED.offline, { errors: {}, failure: [{ code: 'ERROR', detail: 'Failed to fetch' }] }],
]);

const mask = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 11);
const looksUp = (ifsc: string) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc);

function expectedProblems(values: BankAccountForm): BankAccountErrors {
  const found: BankAccountErrors = {};
  for (const field of [
    'account_name',
    'account_number',
    'account_type',
    'ifsc',
    'bank_name',
    'branch_name',
    'region',
  ] as const) {
    if (values[field].trim() === '') found[field] = MESSAGES[field];
  }
  if (!found.ifsc && !looksUp(values.ifsc)) found.ifsc = MESSAGES.ifscInvalid;
  if (!found.account_number && !/^\d{9,18}$/.test(values.account_number)) found.account_number = MESSAGES.accountNumber;
  return found;
}

const emptyContext = (): AddBankAccountContext => ({
  values: { ...EMPTY_BANK_ACCOUNT },
  errors: {},
  failure: null,
  locked: false,
});

class BankModel {
  value: BankValue = 'idle';
  context = emptyContext();
  lookups: string[] = [];
  sent: BankAccountForm[] = [];
  refreshed = 0;

  private get editing() {
    return this.value === 'idle' || this.value === 'lookingUp';
  }

  send(event: AnyEventObject) {
    const e = event as AddBankAccountEvent;
    const outcome = effectOutcome(event);
    const c = this.context;
    const without = (errors: BankAccountErrors, ...fields: BankAccountField[]) =>
      Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k as BankAccountField)));
    if (this.editing && e.type === 'CHANGE') {
      if (c.locked && (e.field === 'bank_name' || e.field === 'branch_name')) return;
      if (e.field === 'ifsc') {
        const ifsc = mask(e.value);
        if (ifsc === c.values.ifsc) return;
        const cleared = c.locked ? { bank_name: '', branch_name: '' } : {};
        this.context = {
          ...c,
          values: { ...c.values, ifsc, ...cleared },
          errors: without(c.errors, 'ifsc'),
          locked: false,
        };
        if (ifsc.length === 11 && looksUp(ifsc)) {
          this.value = 'lookingUp';
          this.lookups.push(ifsc);
        } else {
          this.value = 'idle';
        }
        return;
      }
      this.context = { ...c, values: { ...c.values, [e.field]: e.value }, errors: without(c.errors, e.field) };
    } else if (this.editing && e.type === 'SUBMIT') {
      const problems = expectedProblems(c.values);
      this.context = { ...c, errors: problems, failure: null };
      if (Object.keys(problems).length === 0) {
        this.value = 'sending';
        this.sent.push(c.values);
      }
    } else if ((this.editing || this.value === 'done') && e.type === 'RESET') {
      this.value = 'idle';
      this.context = emptyContext();
    } else if (this.value === 'lookingUp' && outcome?.id === 'lookupBank') {
      this.value = 'idle';
      const found = outcome.ok ? (outcome.output as BankLookupResult) : null;
      if (found && found.BANK !== '' && found.BRANCH !== '') {
        this.context = {
          ...c,
          values: { ...c.values, bank_name: found.BANK, branch_name: found.BRANCH },
          errors: without(c.errors, 'bank_name', 'branch_name'),
          locked: true,
        };
      }
    } else if (this.value === 'sending' && outcome?.id === 'createBankAccount') {
      if (outcome.ok) {
        this.value = 'done';
        this.context = { ...c, failure: null };
        this.refreshed++;
      } else {
        this.value = 'idle';
        this.context = { ...c, ...REFUSALS.get(outcome.error)! };
      }
    }
  }
}

const { foundNothing, lookupFailed } = EFFECT_EVENTS;

async function replayBank(
  path: GraphPath<{ value: unknown; context: AddBankAccountContext }>,
  prefix: AddBankAccountEvent[] = [],
) {
  const name = pathName(path);
  const h = harness();
  const model = new BankModel();
  for (const event of prefix) {
    h.send(event);
    model.send(event);
  }
  await replay(path, {
    effects: { lookupBank: h.lookup, createBankAccount: h.create },
    send: (event) => {
      h.actor.send(event as AddBankAccountEvent);
      if (event.type === 'SUBMIT') h.actor.send({ type: 'SUBMIT' }); // a double click
    },
    check: (expected, index, event) => {
      if (index > 0) {
        model.send(event);
        if (event.type === 'SUBMIT') model.send(event);
      }
      const at = `${name} @${index}`;
      const snapshot = h.snapshot();
      expect(bankState(snapshot), at).toBe(bankState(expected as never));
      expect(valueOf(snapshot.value), at).toBe(model.value);
      expect(snapshot.context, at).toEqual(model.context);
      expect(
        h.lookup.calls.map((c) => c.input.ifsc),
        at,
      ).toEqual(model.lookups);
      // One lookup at most is alive: every earlier one was answered or cancelled.
      expect(h.lookup.pending(), at).toHaveLength(model.value === 'lookingUp' ? 1 : 0);
      expect(
        h.create.calls.map((c) => c.input),
        at,
      ).toEqual(model.sent);
      expect(h.create.pending(), at).toHaveLength(model.value === 'sending' ? 1 : 0);
      expect(h.refreshBankAccounts, at).toHaveBeenCalledTimes(model.refreshed);
    },
  });
  h.actor.stop();
  return model;
}

describe('add bank account: every state by its shortest path', () => {
  it(
    'the whole form from empty: every message, the masked IFSC looked up, sent, refused',
    { timeout: 60_000 },
    async () => {
      const paths = getShortestPaths(addBankAccountPaths.machine, addBankAccountPaths.graphs.fromEmpty);
      expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
        new Set(['{"editing":"idle"}', '{"editing":"lookingUp"}', '"sending"', '"done"']),
      );
      const messages = new Set(paths.flatMap((p) => Object.values(p.state.context.errors)));
      expect(messages).toEqual(new Set([...Object.values(MESSAGES), 'Bank name is not known']));
      expect(paths.length).toBeGreaterThan(300);
      expect(paths.some((p) => p.steps.some((s) => (s.event.type as string) === 'xstate.error.actor.lookupBank'))).toBe(
        true,
      );
      const ends = new Set<BankValue>();
      for (const path of paths) ends.add((await replayBank(path)).value);
      expect(ends).toEqual(new Set(['idle', 'lookingUp', 'sending', 'done']));
    },
  );

  // A failed lookup and an empty answer leave the same state: each gets its own graph, so its paths are generated.
  for (const [label, unanswered, graph] of [
    ['failed', lookupFailed, addBankAccountPaths.graphs.ifscLookupFailed],
    ['found nothing', foundNothing, addBankAccountPaths.graphs.ifscFoundNothing],
  ] as const) {
    it(
      `the IFSC, its lookup (answered, or ${label}) and the bank fields once the rest is filled`,
      { timeout: 60_000 },
      async () => {
        const prefix = FILL_PLAIN;
        const paths = getShortestPaths(addBankAccountPaths.machine, graph);
        expect(paths.length).toBeGreaterThan(150);
        // The graph holds a lookup replaced by another, a lookup left unanswered, a locked bank sent, typed bank details sent.
        expect(
          paths.some((p) =>
            p.steps.some(
              (s, i) =>
                i > 0 &&
                valueOf(p.steps[i - 1]!.state.value) === 'lookingUp' &&
                s.event.type === 'CHANGE' &&
                valueOf(s.state.value) === 'lookingUp',
            ),
          ),
        ).toBe(true);
        expect(paths.some((p) => p.steps.some((s) => (s.event as AnyEventObject) === unanswered))).toBe(true);
        expect(paths.some((p) => p.state.value === 'done' && p.state.context.locked)).toBe(true);
        expect(paths.some((p) => p.state.value === 'done' && p.state.context.values.bank_name === 'Typed Bank')).toBe(
          true,
        );
        for (const path of paths) await replayBank(path, prefix);
      },
    );
  }
});
