import { describe, expect, it } from 'vitest';
import { generateDb } from '../seed';
import { type Edit, Repository } from './repository';

const NOW = new Date('2026-11-20T10:00:00Z');
const fresh = (freeze = true) => new Repository(generateDb({ seed: 7, scale: 0.05, today: NOW }), { freeze });

describe('the repository', () => {
  it('hands out frozen rows: an edit that bypasses it throws at once', () => {
    const repo = fresh();
    const invoice = repo.data.invoices[0]!;
    expect(() => {
      (invoice as { amount_paid: number }).amount_paid += 100;
    }).toThrow(TypeError);
    expect(() => {
      (invoice.ddr_status_date as unknown[]).push({ ddr_status: 'draft', date: '2026-11-20' });
    }).toThrow(TypeError);
    expect(repo.hasChanges()).toBe(false);
  });

  it('updates by putting a new frozen row in place; the old one is left as it was', () => {
    const repo = fresh();
    const before = repo.data.invoices[3]!;
    const after = repo.update('invoices', before, { amount_paid: before.amount_paid + 1 });
    expect(after).not.toBe(before);
    expect(repo.data.invoices[3]).toBe(after);
    expect(repo.get('invoices', before.id)).toBe(after);
    expect(after.amount_paid).toBe(before.amount_paid + 1);
    expect(Object.isFrozen(after)).toBe(true);
    expect(() => repo.update('invoices', before.id, { id: -1 })).toThrow(/may not change the key/);
    expect(() => repo.update('invoices', -5, { amount_paid: 0 })).toThrow(/no row -5/);
  });

  it('journals each write once, as its latest value; removals and replacements as the whole collection', () => {
    const repo = fresh();
    const first = repo.data.users[0]!;
    repo.update('users', first, { first_name: 'A' });
    repo.update('users', first.id, { first_name: 'B' });
    const row = { id: 9_999, anchor_id: 1, resource_type: 'Invoice' as const, resource_id: 1, starred: true };
    repo.insert('resources', row);
    expect(() => repo.insert('resources', row)).toThrow(/already has a row 9999/);
    repo.insert('mails', { id: 1, to: 'x@y.z', subject: 's', body: 'b', link: null, sent_at: NOW.toISOString() });
    expect(repo.takeChanges()).toEqual([
      { c: 'users', op: 'put', v: { ...first, first_name: 'B' } },
      { c: 'resources', op: 'put', v: row },
    ]);
    expect(repo.hasChanges()).toBe(false);

    expect(repo.remove('resources', (r) => r.id === 9_999)).toBe(1);
    expect(repo.remove('resources', (r) => r.id === 9_999)).toBe(0);
    repo.update('anchors', repo.data.anchors[0]!, { name: 'Renamed' });
    const ops = repo.takeChanges();
    expect(ops.map((op) => [op.c, op.op])).toEqual([
      ['anchors', 'put'],
      ['resources', 'set'],
    ]);
    expect(repo.get('resources', 9_999)).toBeUndefined();
  });

  it('tells edits to its listeners and counts them; inserts only lengthen the collection', () => {
    const repo = fresh();
    const edits: Edit[] = [];
    repo.onEdit((edit) => edits.push(edit));
    const payments = repo.data.payments.length;
    repo.insert('payments', { ...repo.data.payments[0]!, id: 999_999 });
    expect(repo.data.payments).toHaveLength(payments + 1);
    expect(edits).toEqual([]);
    const invoice = repo.data.invoices[0]!;
    const after = repo.update('invoices', invoice, { status: 'paid' });
    repo.replace('otps', []);
    expect(edits).toEqual([
      { collection: 'invoices', before: invoice, after },
      { collection: 'otps', whole: true },
    ]);
    expect(repo.edits('invoices')).toBe(1);
    expect(repo.edits('payments')).toBe(0);
  });

  it('leaves rows writable when asked not to freeze (production)', () => {
    const repo = fresh(false);
    expect(Object.isFrozen(repo.data.invoices[0])).toBe(false);
    expect(Object.isFrozen(repo.update('invoices', repo.data.invoices[0]!, { amount_paid: 0 }))).toBe(false);
  });
});
