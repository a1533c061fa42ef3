import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed';
import { startChildMock } from '../child-mock';

/**
 * `kill -9` in the middle of a burst of writes: the mock runs as `npm run mock` runs it (a child process on
 * a data folder), several clients star invoices, upload one-row CSV files and log in, the mock is killed
 * with SIGKILL while requests are in flight, started again on the same folder, and every write it had
 * acknowledged must be there.
 */
const CLIENTS = 6;
const BURST_MS = 1500;

/** Small thresholds, so snapshots and new journal segments happen during the burst (and the kill may hit one). */
// The burst logs in from many clients at once: lift the login limits, which count logins in flight.
const ENV = {
  MOCK_SNAPSHOT_BYTES: '65536',
  MOCK_ROTATE_BYTES: '16384',
  MOCK_RATE_LIMITS: 'login-account=100000,login-address=100000',
};

const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'mock-crash-'));
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function startMock(): Promise<{ child: ChildProcess; url: string }> {
  const started = await startChildMock(
    'mock-server/main.ts',
    ['--port', '{port}', '--data-dir', dir, '--scale', '0.1'],
    ENV,
  );
  children.push(started.child);
  return started;
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: { email: 't1@anchor.test', password: DEMO_PASSWORD } }),
  });
  if (response.status !== 201) throw new Error(`login: HTTP ${response.status}`);
  return ((await response.json()) as { data: { attributes: { auth_token: string } } }).data.attributes.auth_token;
}

const ALL_STATUSES = ['open', 'partially_paid', 'paid', 'in-progress']
  .map((s) => `filter%5Bstatus_in%5D%5B%5D=${s}`)
  .join('&');

/** Every invoice of the list a query names, page by page. */
async function listAll(
  url: string,
  token: string,
  query: string,
): Promise<{ id: number; document_number: string; customer_code: string; starred: boolean }[]> {
  const out: { id: number; document_number: string; customer_code: string; starred: boolean }[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${url}/invoices?${query}&items=100&page=${page}`, {
      headers: { Authorization: token },
    });
    if (response.status !== 200) throw new Error(`list: HTTP ${response.status} ${await response.text()}`);
    const body = (await response.json()) as {
      data: {
        attributes: { id: number; document_number: string; customer_code: string; resource: { starred: boolean } };
      }[];
      pagy: { pages: number };
    };
    out.push(
      ...body.data.map(({ attributes: a }) => ({
        id: Number(a.id),
        document_number: a.document_number,
        customer_code: a.customer_code,
        starred: a.resource.starred,
      })),
    );
    if (page >= body.pagy.pages) return out;
  }
}

describe('a mock killed with SIGKILL during a burst of writes', () => {
  it('keeps every write it acknowledged', async () => {
    const first = await startMock();
    const token = await login(first.url);
    const invoices = (await listAll(first.url, token, ALL_STATUSES)).filter((inv) => !inv.starred);
    const codes = [...new Set(invoices.map((inv) => inv.customer_code))];
    expect(invoices.length).toBeGreaterThan(100);

    const acknowledged = { stars: [] as number[], uploads: [] as string[], logins: [] as string[] };
    const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    let stop = false;
    let nextInvoice = 0;
    const client = async (c: number) => {
      for (let n = 0; !stop; n++) {
        try {
          if (n % 3 === 0) {
            const invoice = invoices[nextInvoice++ % invoices.length]!;
            const response = await fetch(`${first.url}/resources/create_or_update`, {
              method: 'POST',
              headers: { Authorization: token, 'Content-Type': 'application/json' },
              body: JSON.stringify({ resource: { resource_type: 'Invoice', resource_id: invoice.id, starred: true } }),
            });
            if (response.status === 200) acknowledged.stars.push(invoice.id);
          } else if (n % 3 === 1) {
            const number = `CRASH${c}X${n}`;
            const form = new FormData();
            form.append('csvtype', 'invoice');
            form.append(
              'file',
              new File(
                [
                  `invoice_number,customer_code,invoice_date,due_date,amount\r\n${number},${codes[n % codes.length]},${today},${today},100\r\n`,
                ],
                'one.csv',
                { type: 'text/csv' },
              ),
            );
            const response = await fetch(`${first.url}/invoices/upload`, {
              method: 'POST',
              body: form,
              headers: { Authorization: token },
            });
            const body = (await response.json()) as { meta?: { accepted_rows: number } };
            if (response.status === 200 && body.meta?.accepted_rows === 1) acknowledged.uploads.push(number);
          } else {
            acknowledged.logins.push(await login(first.url));
          }
        } catch {
          // In flight when the mock died: never acknowledged.
          return;
        }
      }
    };
    const burst = Array.from({ length: CLIENTS }, (_, c) => client(c));
    await new Promise((resolve) => setTimeout(resolve, BURST_MS));
    const died = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await died;
    stop = true;
    await Promise.all(burst);
    const total = acknowledged.stars.length + acknowledged.uploads.length + acknowledged.logins.length;
    expect(total).toBeGreaterThan(30);

    // The burst went through snapshots and new journal segments.
    const files = readdirSync(dir);
    expect(files).toContain('db.prev.ndjson');
    expect(files.some((name) => /^journal-\d+\.ndjson$/.test(name) && name !== 'journal-000001.ndjson')).toBe(true);

    const second = await startMock();
    const after = await login(second.url);
    const stored = await listAll(second.url, after, ALL_STATUSES);
    const starred = new Set(stored.filter((inv) => inv.starred).map((inv) => inv.id));
    const numbers = new Set(stored.map((inv) => inv.document_number));
    const lost = {
      stars: acknowledged.stars.filter((id) => !starred.has(id)),
      uploads: acknowledged.uploads.filter((number) => !numbers.has(number)),
      logins: [] as string[],
    };
    for (const auth of acknowledged.logins) {
      const response = await fetch(`${second.url}/users/1`, { headers: { Authorization: auth } });
      if (response.status !== 200) lost.logins.push(auth);
    }
    console.log(
      `acknowledged before SIGKILL: ${acknowledged.stars.length} stars, ${acknowledged.uploads.length} uploads, ${acknowledged.logins.length} logins; ` +
        `lost: ${lost.stars.length + lost.uploads.length + lost.logins.length}`,
    );
    expect(lost).toEqual({ stars: [], uploads: [], logins: [] });
    second.child.kill('SIGTERM');
  }, 60_000);
});
