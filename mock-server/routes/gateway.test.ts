import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from '../app';
import { readCollectionsPayload } from './gateway';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('the fake collections page', () => {
  let running: RunningMock;
  beforeAll(async () => {
    running = await createMockServer({ clock: () => new Date('2026-11-22T10:00:00'), log: () => {} }).listen(0);
  });
  afterAll(() => running.close());

  it('reads the pay page payload and refuses anything else', () => {
    expect(readCollectionsPayload(encode({ loan_id: '12', loan_amount: 42500 }))).toEqual({
      loan_id: '12',
      loan_amount: 42500,
    });
    expect(readCollectionsPayload(encode({ loan_id: 12, loan_amount: 42500 }))).toBeNull();
    expect(readCollectionsPayload(encode({ loan_id: '12', loan_amount: -1 }))).toBeNull();
    expect(readCollectionsPayload('not base64 json')).toBeNull();
  });

  it('shows the loan and the overdue amount, escaped', async () => {
    const ok = await fetch(
      `${running.url}/fake-collections?payload=${encodeURIComponent(encode({ loan_id: '<b>x</b>', loan_amount: 42500.5 }))}`,
    );
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain('₹42,500.50');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect((await fetch(`${running.url}/fake-collections?payload=oops`)).status).toBe(400);
  });
});
