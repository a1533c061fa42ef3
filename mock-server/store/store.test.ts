import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServerOptions } from '../app';
import type { TokenFamily } from '../auth/tokens';
import type { ReadonlyDb } from '../db';
import { DEMO_PASSWORD } from '../seed';
import { decodeLine, encodeLine } from './journal';
import { copyStore } from './store';

/** A fixed day and a small seed: every test here starts at least one mock on a folder of its own. */
const NOW = new Date('2026-11-22T10:00:00');
const SCALE = 0.1;
const V1 = 'application/vnd.provider.v1+json';
const V2 = 'application/vnd.provider.v2+json';

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mock-store-'));
  dirs.push(dir);
  return dir;
}

interface Answer {
  status: number;
  body: Record<string, unknown> & { errors?: { code: string; detail: string }[] };
}

async function start(dir: string, options: MockServerOptions = {}) {
  const logs: string[] = [];
  const mock = createMockServer({
    dataDir: dir,
    scale: SCALE,
    clock: () => NOW,
    log: (line) => logs.push(line),
    ...options,
  });
  const running = await mock.listen(0);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await running.close();
  };
  closers.push(close);
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: { Accept: V1, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (/json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : {}) as Answer['body'],
    };
  };
  const login = async (email = 't1@anchor.test', password = DEMO_PASSWORD) => {
    const answer = await call('POST', '/sessions', { user: { email, password } });
    expect(answer.status).toBe(201);
    return (answer.body.data as { attributes: { auth_token: string; refresh_token: string } }).attributes;
  };
  const upload = async (
    token: string,
    text: string,
    path = '/invoices/upload',
    fields: Record<string, string> = { csvtype: 'invoice' },
  ) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new File([text], 'file.csv', { type: 'text/csv' }));
    const response = await fetch(`${running.url}${path}`, {
      method: 'POST',
      body: form,
      headers: { Authorization: token },
    });
    return { status: response.status, body: (await response.json()) as { meta?: { accepted_rows: number } } };
  };
  return { mock, running, logs, call, login, upload, close, db: () => mock.db() };
}

/** The files of a folder with their bytes and modification times, to show a refused start changed nothing. */
function filesOf(dir: string): Record<string, { bytes: string; mtime: number }> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [
        name,
        { bytes: readFileSync(join(dir, name)).toString('base64'), mtime: statSync(join(dir, name)).mtimeMs },
      ]),
  );
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const journalLines = (dir: string, segment = 'journal-000001.ndjson') =>
  readFileSync(join(dir, segment))
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map(
      (line) =>
        decodeLine(Buffer.from(line)) as {
          seq?: number;
          db?: { c: string; op: string; v: Record<string, unknown> }[];
          s?: { op: string; v?: { id: string; revoked: boolean } }[];
        },
    );

const star = (call: Awaited<ReturnType<typeof start>>['call'], token: string, id: number, starred = true) =>
  call(
    'POST',
    '/resources/create_or_update',
    { resource: { resource_type: 'Invoice', resource_id: id, starred } },
    { Authorization: token },
  );

const anchorOneInvoice = (db: ReadonlyDb, n = 0) => db.invoices.filter((inv) => inv.anchor_id === 1)[n]!;

describe('the journal', () => {
  it('answers a write once its line is on disk, and a start after a crash replays it', async () => {
    const dir = folder();
    const first = await start(dir);
    const { auth_token } = await first.login();
    const invoice = anchorOneInvoice(first.db());
    expect((await star(first.call, auth_token, invoice.id)).status).toBe(200);
    // The answer came back, so the line is there (the store fsyncs before answering).
    const lines = journalLines(dir);
    const last = lines.at(-1)?.db ?? [];
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({ c: 'resources', op: 'put', v: { resource_id: invoice.id, starred: true } });

    // A crash: the first mock never closes. A second one starts on the same folder.
    const second = await start(dir);
    expect(
      second.db().resources.find((r) => r.resource_type === 'Invoice' && r.resource_id === invoice.id)?.starred,
    ).toBe(true);
    expect((await second.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(200);
    expect(second.logs.join('\n')).toContain('replayed 2 journal lines');
  });

  it('lets concurrent writes share one fsync (group commit)', async () => {
    const dir = folder();
    // 40 logins in flight at once count against the login limits until each is answered (express-rate-limit
    // takes a success back only then): lift them for this test.
    const mock = await start(dir, { rateLimits: { loginPerAccount: 100, loginPerAddress: 100 } });
    const before = mock.mock.store!.status();
    await Promise.all(Array.from({ length: 40 }, () => mock.login()));
    const after = mock.mock.store!.status();
    expect(after.seq - before.seq).toBe(40);
    expect(after.syncs - before.syncs).toBeLessThan(40);
    expect(journalLines(dir).filter((line) => line.s !== undefined)).toHaveLength(40);
  });

  it('writes a password change and the sessions it ends as one line, so they commit together', async () => {
    const dir = folder();
    const mock = await start(dir);
    const keep = await mock.login();
    const other = await mock.login();
    const change = await mock.call(
      'PUT',
      '/users/set_password',
      { current_password: DEMO_PASSWORD, password: 'Changed@123', password_confirmation: 'Changed@123' },
      { Authorization: keep.auth_token },
    );
    expect(change.status).toBe(200);
    const line = journalLines(dir).at(-1)!;
    expect(line.db?.map((op) => op.c)).toContain('users');
    expect(line.s).toHaveLength(1);
    expect(line.s![0]).toMatchObject({ op: 'put', v: { revoked: true } });

    const second = await start(dir);
    expect((await second.call('GET', '/users/1', undefined, { Authorization: other.auth_token })).status).toBe(401);
    expect((await second.call('GET', '/users/1', undefined, { Authorization: keep.auth_token })).status).toBe(200);
    expect(
      (await second.call('POST', '/sessions', { user: { email: 't1@anchor.test', password: 'Changed@123' } })).status,
    ).toBe(201);
  });

  it('replays every kind of write exactly as it was made', async () => {
    const dir = folder();
    const first = await start(dir);
    const { auth_token } = await first.login();
    const db = first.db();

    // Stars: a new star row, then an edit of it.
    const invoice = anchorOneInvoice(db, 3);
    await star(first.call, auth_token, invoice.id);
    await star(first.call, auth_token, invoice.id, false);
    // Uploads: invoices (and the anchor's last upload), the customer master (an update and a new customer), history.
    const company = db.distributor_companies.find((c) => c.anchor_id === 1)!;
    const invoices = await first.upload(
      auth_token,
      `invoice_number,customer_code,invoice_date,due_date,amount\r\nREPLAY-001,${company.customer_code},2026-11-01,2026-12-01,1500.50\r\n`,
    );
    expect(invoices.body.meta?.accepted_rows).toBe(1);
    const master = await first.upload(
      auth_token,
      `customer_code,name,region,primary_user_name,primary_user_email,primary_user_mobile,city\r\n${company.customer_code},Renamed Traders,south,Asha,asha@example.in,9876543210,Pune\r\nREPLAY-NEW,New Traders,east,Ravi,ravi@example.in,9876543211,\r\n`,
      '/distributor_companies/upload',
      { type: 'demographic_data' },
    );
    expect(master.body.meta?.accepted_rows).toBe(2);
    expect(db.distributor_companies.find((c) => c.id === company.id)?.name).toBe('Renamed Traders');
    // Passwords: a reset link, its use (the link is used up, the password changes, sessions end), a change.
    await first.call('POST', '/users/forgot_password', { user: { email: 'qa.reset@anchor.test' } });
    const link = /token=([\w-]+)/.exec(db.mails.at(-1)!.body)![1]!;
    expect(
      (
        await first.call('POST', '/users/reset_password', {
          token: link,
          password: 'Reset@1234',
          password_confirmation: 'Reset@1234',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await first.call(
          'PUT',
          '/users/set_password',
          { current_password: DEMO_PASSWORD, password: 'Other@1234', password_confirmation: 'Other@1234' },
          { Authorization: auth_token },
        )
      ).status,
    ).toBe(200);
    // The pay page: OTPs (a superseded one, a wrong answer, a right one), a credit draw, a gateway payment and a failed one.
    const token = 'demo-otp';
    const payLink = db.payment_links.find((l) => l.token === token)!;
    const loanId = String(
      db.distributor_companies.find((c) => c.id === payLink.distributor_company_id)!.loan_application_id,
    );
    const sendOtp = async () => {
      const answer = await first.call(
        'POST',
        '/communications/send_otp',
        { data: { attributes: { loan_application_id: loanId } } },
        { Authorization: token, Accept: V2 },
      );
      expect(answer.status).toBe(200);
      return {
        reference: (answer.body.data as { otp_reference_id: string }).otp_reference_id,
        otp: /\b(\d{6})\b/.exec(db.mails.at(-1)!.body)![1]!,
      };
    };
    const verify = (reference: string, otp: string) =>
      first.call(
        'POST',
        '/communications/verify_otp',
        { data: { attributes: { loan_application_id: loanId, otp, otp_reference_id: reference } } },
        { Authorization: token, Accept: V2 },
      );
    await sendOtp();
    const { reference, otp } = await sendOtp();
    expect((await verify(reference, otp === '000000' ? '111111' : '000000')).status).toBe(422);
    expect((await verify(reference, otp)).status).toBe(200);
    const openOf = (linkToken: string) => {
      const l = db.payment_links.find((x) => x.token === linkToken)!;
      return db.invoices.filter(
        (inv) =>
          inv.distributor_company_id === l.distributor_company_id &&
          inv.status === 'open' &&
          inv.ddr_status_date.length === 0 &&
          inv.due_date >= '2026-10-01',
      );
    };
    const credited = openOf(token)[0]!;
    const draw = await first.call(
      'POST',
      '/avail_credit',
      {
        source: 'anchor_portal',
        payment_gateway: { invoice_details: [{ id: credited.id, user_requested_amount: 10 }] },
      },
      { Authorization: token, 'Idempotency-Key': 'replay-credit' },
    );
    expect(draw.status).toBe(201);
    const [paid, declined] = openOf('demo-no-credit');
    const order = async (id: number) => {
      const answer = await first.call(
        'POST',
        '/direct_payments/cc_avenue',
        { direct_payment: { invoice_details: [{ id, user_requested_amount: 12.5 }], payment_method: 'upi' } },
        { Authorization: 'demo-no-credit', 'Idempotency-Key': `replay-order-${id}` },
      );
      expect(answer.status).toBe(201);
      return (
        (answer.body.data as { payment_link_url: string } | undefined)?.payment_link_url ??
        (answer.body as { payment_link_url: string }).payment_link_url
      );
    };
    const submit = (url: string, outcome: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `outcome=${outcome}`,
        redirect: 'manual',
      });
    expect((await submit(await order(paid!.id), 'success')).status).toBe(303);
    expect((await submit(await order(declined!.id), 'failure')).status).toBe(303);
    expect(db.payments.at(-1)?.invoice_id).toBe(paid!.id);

    // A crash after the last answer: the second mock must hold exactly the same data and sessions; the dev
    // outbox is never stored, so it starts empty.
    const second = await start(dir);
    expect(plain(second.db())).toEqual(plain({ ...db, mails: [] }));
    expect(plain(second.mock.store!.sessions)).toEqual(plain(first.mock.store!.sessions));
  });
});

describe('recovery', () => {
  it('drops a torn last journal line with a warning naming it, and carries on', async () => {
    const dir = folder();
    const first = await start(dir);
    const { auth_token } = await first.login();
    const invoice = anchorOneInvoice(first.db());
    await star(first.call, auth_token, invoice.id);
    await first.close();
    const segment = join(dir, 'journal-000001.ndjson');
    const whole = readFileSync(segment);
    // A crash in the middle of appending the next line.
    appendFileSync(segment, '{"seq":3,"at":"2026-11-22T10:00:00.000Z","db":[{"c":"resources","op":"put","v":{"id":9');

    const second = await start(dir);
    const warning = second.logs.find((line) => line.includes('cut off mid-write'));
    expect(warning).toContain('journal-000001.ndjson');
    expect(warning).toContain('line 4');
    expect(warning).toContain('the write of seq 3 (changing resources)');
    expect(warning).toContain('never acknowledged');
    expect(readFileSync(segment).equals(whole)).toBe(true);
    expect(
      second.db().resources.find((r) => r.resource_id === invoice.id && r.resource_type === 'Invoice')?.starred,
    ).toBe(true);
    // It goes on writing after the good lines.
    await star(second.call, auth_token, invoice.id, false);
    await second.close();
    const third = await start(dir);
    expect(third.logs.join('\n')).not.toContain('cut off');
    expect(
      third.db().resources.find((r) => r.resource_id === invoice.id && r.resource_type === 'Invoice')?.starred,
    ).toBe(false);
  });

  it('refuses to start on a damaged journal line, naming the file and the ways out, and changes nothing', async () => {
    const dir = folder();
    const first = await start(dir);
    const { auth_token } = await first.login();
    await star(first.call, auth_token, anchorOneInvoice(first.db()).id);
    await star(first.call, auth_token, anchorOneInvoice(first.db(), 1).id);
    await first.close();
    const segment = join(dir, 'journal-000001.ndjson');
    writeFileSync(segment, readFileSync(segment, 'utf8').replace('"starred":true', '"starred":fals'));
    const before = filesOf(dir);
    expect(() => createMockServer({ dataDir: dir, scale: SCALE, clock: () => NOW, log: () => {} })).toThrow(
      /journal-000001\.ndjson is damaged at line 3[\s\S]*npm run mock:reset/,
    );
    expect(filesOf(dir)).toEqual(before);
  });

  it('refuses a truncated snapshot with a message, and leaves the files as they are', async () => {
    const dir = folder();
    await (await start(dir)).close();
    const snapshot = join(dir, 'db.ndjson');
    truncateSync(snapshot, Math.floor(statSync(snapshot).size / 2));
    const before = filesOf(dir);
    let message = '';
    try {
      createMockServer({ dataDir: dir, scale: SCALE, clock: () => NOW, log: () => {} });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`The mock cannot start: ${snapshot} is cut short`);
    expect(message).toContain('npm run mock:reset');
    expect(message).toContain('no previous snapshot is kept yet');
    expect(filesOf(dir)).toEqual(before);
  });

  it('refuses data made with another seed or scale, and changes nothing', async () => {
    const dir = folder();
    await (await start(dir)).close();
    const before = filesOf(dir);
    const open = (options: MockServerOptions) => () =>
      createMockServer({ dataDir: dir, scale: SCALE, clock: () => NOW, log: () => {}, ...options });
    expect(open({ seed: 7 })).toThrow(
      /holds data made with seed 1551 and scale 0\.1, and this start asks for seed 7 and scale 0\.1[\s\S]*--seed 1551 --scale 0\.1[\s\S]*npm run mock:reset -- --seed 7 --scale 0\.1/,
    );
    expect(open({ scale: 0.2 })).toThrow(/asks for seed 1551 and scale 0\.2/);
    expect(filesOf(dir)).toEqual(before);
    // --reset is the way to start over.
    const reset = await start(dir, { seed: 7, reset: true });
    expect(reset.db().meta.seed).toBe(7);
  });

  it('refuses a folder another running mock uses, and takes over the lock of one that crashed', async () => {
    const dir = folder();
    await (await start(dir)).close();
    // The parent of this test process is alive: as if another mock held the folder.
    writeFileSync(join(dir, 'mock.lock'), String(process.ppid));
    const before = filesOf(dir);
    expect(() => createMockServer({ dataDir: dir, scale: SCALE, clock: () => NOW, log: () => {} })).toThrow(
      `another mock (process ${process.ppid}) is using ${dir}`,
    );
    expect(filesOf(dir)).toEqual(before);
    // A process id that no longer runs: the lock a crash left behind.
    writeFileSync(join(dir, 'mock.lock'), '2147483');
    const again = await start(dir);
    expect(readFileSync(join(dir, 'mock.lock'), 'utf8')).toBe(String(process.pid));
    await again.close();
    expect(existsSync(join(dir, 'mock.lock'))).toBe(false);
  });

  it('removes temporary files a crash left behind', async () => {
    const dir = folder();
    await (await start(dir)).close();
    writeFileSync(join(dir, 'db.ndjson.4242.tmp'), '{"snapshot":');
    const again = await start(dir);
    expect(again.logs.join('\n')).toContain('removed temporary files a crash left');
    expect(existsSync(join(dir, 'db.ndjson.4242.tmp'))).toBe(false);
  });

  it('carries a db.json of an earlier version over, and refuses one cut short', async () => {
    const dir = folder();
    const made = createMockServer({ scale: SCALE, clock: () => NOW, log: () => {} });
    made.repository.update('users', made.db().users[0]!, { first_name: 'Migrated' });
    const source = made.db();
    writeFileSync(join(dir, 'db.json'), JSON.stringify(source));
    const migrated = await start(dir);
    expect(migrated.db().users[0]!.first_name).toBe('Migrated');
    expect(readdirSync(dir).sort()).toEqual([
      'db.json.migrated',
      'db.ndjson',
      'journal-000001.ndjson',
      'mock.lock',
      'sessions.json',
    ]);

    const cut = folder();
    writeFileSync(join(cut, 'db.json'), JSON.stringify(source).slice(0, 5000));
    expect(() => createMockServer({ dataDir: cut, scale: SCALE, clock: () => NOW, log: () => {} })).toThrow(
      /db\.json \(the database file of an earlier version of the mock\) is not complete JSON/,
    );
    expect(readdirSync(cut)).toEqual(['db.json']);
  });
});

describe('a copy for a test', () => {
  it('opens with the same rows and sessions, and what is written to it leaves the source as it was', async () => {
    const dir = folder();
    const source = await start(dir);
    const { auth_token } = await source.login();
    await star(source.call, auth_token, anchorOneInvoice(source.db()).id);
    await source.close();
    const before = filesOf(dir);

    const copy = folder();
    copyStore(dir, copy);
    const copied = await start(copy);
    expect(plain(copied.db())).toEqual(plain({ ...source.db(), mails: [] }));
    expect((await copied.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(200);
    expect((await star(copied.call, auth_token, anchorOneInvoice(copied.db(), 1).id)).status).toBe(200);
    await copied.close();
    expect(filesOf(dir)).toEqual(before);
  });
});

describe('snapshots', () => {
  it('writes a snapshot off the request path, keeps the one before as the backup, and restarts the journal', async () => {
    const dir = folder();
    const first = await start(dir);
    const { auth_token } = await first.login();
    await star(first.call, auth_token, anchorOneInvoice(first.db()).id);
    const original = readFileSync(join(dir, 'db.ndjson'));
    await first.mock.store!.compact('snapshot');
    expect(readdirSync(dir).sort()).toEqual([
      'db.ndjson',
      'db.prev.ndjson',
      'journal-000002.ndjson',
      'mock.lock',
      'sessions.json',
    ]);
    expect(readFileSync(join(dir, 'db.prev.ndjson')).equals(original)).toBe(true);
    await star(first.call, auth_token, anchorOneInvoice(first.db(), 1).id);

    const second = await start(dir);
    expect(plain(second.db())).toEqual(plain(first.db()));
    expect(second.logs.join('\n')).toContain('replayed 1 journal line');
  });

  it('starts a snapshot by itself once the journal holds enough database changes', async () => {
    const dir = folder();
    const mock = await start(dir, { snapshotBytes: 1 });
    const { auth_token } = await mock.login();
    expect(mock.mock.store!.status().snapshotBase).toBe(1);
    await star(mock.call, auth_token, anchorOneInvoice(mock.db()).id);
    await mock.mock.store!.compact('rotate'); // waits for the snapshot under way
    expect(mock.mock.store!.status().snapshotBase).toBe(2);
    expect(existsSync(join(dir, 'db.prev.ndjson'))).toBe(true);
  });

  it('never writes a database snapshot for session changes: the journal moves on, carrying the changes not yet in one', async () => {
    const dir = folder();
    const first = await start(dir, { rotateBytes: 4096 });
    const { auth_token } = await first.login();
    const invoice = anchorOneInvoice(first.db());
    await star(first.call, auth_token, invoice.id);
    const snapshot = filesOf(dir)['db.ndjson'];
    for (let i = 0; i < 20; i++) await first.login();
    await first.mock.store!.compact('rotate'); // waits for the rotations the logins started
    const status = first.mock.store!.status();
    expect(status.snapshotBase).toBe(1);
    expect(status.segment).toBeGreaterThan(1);
    expect(filesOf(dir)['db.ndjson']).toEqual(snapshot);
    expect(existsSync(join(dir, 'journal-000001.ndjson'))).toBe(false);
    const current = readdirSync(dir).filter((name) => name.startsWith('journal-'));
    expect(current).toHaveLength(1);
    const header = journalLines(dir, current[0])[0] as unknown as { carry_from: number; db: { c: string }[] };
    expect(header.carry_from).toBe(1);
    expect(header.db.map((op) => op.c)).toEqual(['resources']);

    const second = await start(dir);
    expect(plain(second.db())).toEqual(plain(first.db()));
    expect(plain(second.mock.store!.sessions)).toEqual(plain(first.mock.store!.sessions));
  });

  it('goes back to the kept backup when asked, moving the damaged files aside', async () => {
    const dir = folder();
    const first = await start(dir);
    const { auth_token } = await first.login();
    await star(first.call, auth_token, anchorOneInvoice(first.db()).id);
    await first.mock.store!.compact('snapshot');
    await star(first.call, auth_token, anchorOneInvoice(first.db(), 1).id);
    await first.mock.store!.compact('snapshot');
    const backupStars = first.db().resources.filter((r) => r.starred).length - 1;
    await first.close();
    truncateSync(join(dir, 'db.ndjson'), 1000);

    expect(() => createMockServer({ dataDir: dir, scale: SCALE, clock: () => NOW, log: () => {} })).toThrow(
      /db\.ndjson is cut short[\s\S]*npm run mock -- --restore-backup/,
    );
    const restored = await start(dir, { restoreBackup: true });
    expect(restored.db().resources.filter((r) => r.starred)).toHaveLength(backupStars);
    const aside = readdirSync(dir).find((name) => name.startsWith('damaged-'))!;
    expect(readdirSync(join(dir, aside)).sort()).toEqual(['db.ndjson', 'journal-000003.ndjson', 'sessions.json']);
    expect(restored.logs.join('\n')).toContain('--restore-backup: moved');
    // Every session ended with the restore.
    expect((await restored.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(401);
  });
});

describe('sessions in the data folder', () => {
  /** Every file under the folder, as text. */
  const texts = (dir: string) =>
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((name) => statSync(join(dir, name)).isFile())
      .map((name) => readFileSync(join(dir, name), 'latin1'));
  const pairOf = (answer: Answer) =>
    (answer.body.data as { attributes: { auth_token: string; refresh_token: string } }).attributes;

  it('keeps no token and no signing key: what a copy of the folder holds opens no session, the real tokens still work', async () => {
    const dir = folder();
    const mock = await start(dir);
    const first = await mock.login();
    const rotated = await mock.call('POST', '/auth', { auth: { refresh_token: first.refresh_token } });
    expect(rotated.status).toBe(200);
    const second = pairOf(rotated);
    await mock.mock.store!.compact('rotate'); // sessions.json rewritten, with the family in it
    for (const text of texts(dir)) {
      for (const token of [first.refresh_token, second.refresh_token, first.auth_token, second.auth_token])
        expect(text).not.toContain(token);
    }

    // The attacker's copy: a mock started on it has what the folder holds, and nothing more.
    const copy = folder();
    cpSync(dir, copy, { recursive: true });
    const stolen = await start(copy);
    const stored = JSON.parse(readFileSync(join(copy, 'sessions.json'), 'utf8')) as {
      secret?: string;
      families: Record<string, TokenFamily>;
    };
    expect(stored).not.toHaveProperty('secret');
    const family = Object.values(stored.families)[0]!;
    for (const value of [
      family.refresh_hash,
      ...family.rotated_hashes,
      family.last_rotation!.sealed,
      family.last_rotation!.from,
    ]) {
      expect((await stolen.call('POST', '/auth', { auth: { refresh_token: value } })).status).toBe(401);
    }
    // An auth token signed with any key but the mock's own is refused, whatever it claims.
    const payload = `${family.id}.${NOW.getTime() + 3_600_000}.0`;
    const forged = `at_${payload}.${sign(null, Buffer.from(payload), generateKeyPairSync('ed25519').privateKey).toString('base64url')}`;
    expect((await stolen.call('GET', '/users/1', undefined, { Authorization: forged })).status).toBe(401);

    // The holder of the real tokens: the auth token is still checked after the restart, the lost answer is
    // forgiven with the same pair, the next rotation works, and reusing a rotated token revokes the family.
    expect((await stolen.call('GET', '/users/1', undefined, { Authorization: second.auth_token })).status).toBe(200);
    expect(pairOf(await stolen.call('POST', '/auth', { auth: { refresh_token: first.refresh_token } }))).toMatchObject(
      second,
    );
    const third = pairOf(await stolen.call('POST', '/auth', { auth: { refresh_token: second.refresh_token } }));
    expect((await stolen.call('GET', '/users/1', undefined, { Authorization: third.auth_token })).status).toBe(200);
    const reuse = await stolen.call('POST', '/auth', { auth: { refresh_token: first.refresh_token } });
    expect(reuse.body.errors?.[0]?.code).toBe('ER-AUTH-102');
    expect((await stolen.call('GET', '/users/1', undefined, { Authorization: third.auth_token })).status).toBe(401);
  });

  it('keeps no reset link and no OTP: the dev outbox lives in memory only, and the holders can still use them after a restart', async () => {
    const dir = folder();
    const mock = await start(dir);
    await mock.call('POST', '/users/forgot_password', { user: { email: 'qa.reset@anchor.test' } });
    const resetToken = /token=([\w-]+)/.exec(mock.db().mails.at(-1)!.body)![1]!;
    const token = 'demo-otp';
    const link = mock.db().payment_links.find((l) => l.token === token)!;
    const loanId = String(
      mock.db().distributor_companies.find((c) => c.id === link.distributor_company_id)!.loan_application_id,
    );
    const sent = await mock.call(
      'POST',
      '/communications/send_otp',
      { data: { attributes: { loan_application_id: loanId } } },
      { Authorization: token, Accept: V2 },
    );
    expect(sent.status).toBe(200);
    const reference = (sent.body.data as { otp_reference_id: string }).otp_reference_id;
    const otp = /\b(\d{6})\b/.exec(mock.db().mails.at(-1)!.body)![1]!;
    // Every kind of file: the journal, a snapshot taken with the mails in memory, its backup, a rewritten sessions.json.
    await mock.mock.flush();
    await mock.mock.store!.compact('snapshot');
    await mock.mock.store!.compact('rotate');
    await mock.close();
    // Six digits alone may occur anywhere in a snapshot by chance: the OTP is looked for as its mail says it.
    for (const text of texts(dir)) {
      expect(text).not.toContain(resetToken);
      expect(text).not.toContain(`${otp} is your OTP`);
      expect(text).not.toContain('reset-password?token=');
    }

    const again = await start(dir);
    expect(again.db().mails).toEqual([]);
    const verify = { data: { attributes: { loan_application_id: loanId, otp, otp_reference_id: reference } } };
    expect(
      (await again.call('POST', '/communications/verify_otp', verify, { Authorization: token, Accept: V2 })).status,
    ).toBe(200);
    expect(
      (
        await again.call('POST', '/users/reset_password', {
          token: resetToken,
          password: 'Reset@1234',
          password_confirmation: 'Reset@1234',
        })
      ).status,
    ).toBe(200);
  });

  it('starts on files an earlier version wrote with the dev outbox in them, and drops it', async () => {
    const dir = folder();
    await (await start(dir)).close();
    const mail = {
      id: 1,
      to: 't1@anchor.test',
      subject: 'Reset',
      body: 'reset-password?token=kept-in-clear',
      link: 'reset-password?token=kept-in-clear',
      sent_at: NOW.toISOString(),
    };
    // The snapshot with a mails collection, its closing line recounted.
    const snapshot = join(dir, 'db.ndjson');
    const rows = readFileSync(snapshot, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .slice(0, -1);
    const text = [...rows, JSON.stringify({ snapshot_collection: 'mails' }), JSON.stringify(mail)]
      .map((line) => `${line}\n`)
      .join('');
    writeFileSync(
      snapshot,
      `${text}${JSON.stringify({ snapshot_end: { lines: rows.length + 2, sha256: createHash('sha256').update(text).digest('hex') } })}\n`,
    );
    // A journal line putting one.
    const segment = join(dir, 'journal-000001.ndjson');
    const [header, ...written] = journalLines(dir);
    const next = header!.seq! + written.length;
    appendFileSync(
      segment,
      encodeLine({ seq: next, at: NOW.toISOString(), db: [{ c: 'mails', op: 'put', v: { ...mail, id: 2 } }] }),
    );

    const again = await start(dir);
    expect(again.db().mails).toEqual([]);
    // The next snapshot leaves them out (the backup keeps the earlier one until the snapshot after).
    await again.mock.store!.compact('snapshot');
    expect(readFileSync(snapshot, 'utf8')).not.toContain('kept-in-clear');
  });

  it('ends the sessions an earlier version stored with refresh tokens in clear, once, and starts', async () => {
    const dir = folder();
    await (await start(dir)).close();
    const file = join(dir, 'sessions.json');
    const old = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const clear = {
      id: '0123456789abcdef',
      user_id: 1,
      refresh_token: 'rt_kept-in-clear',
      refresh_expires_at: NOW.getTime() + 86_400_000,
      rotated: [],
      revoked: false,
    };
    writeFileSync(file, JSON.stringify({ ...old, secret: 'ab'.repeat(32), families: { [clear.id]: clear } }));

    const again = await start(dir);
    expect(again.logs.join('\n')).toContain(
      'ended 1 session stored by an earlier version of the mock, which kept refresh tokens in clear',
    );
    expect((await again.call('POST', '/auth', { auth: { refresh_token: clear.refresh_token } })).status).toBe(401);
    await again.close();
    const third = await start(dir);
    expect(third.logs.join('\n')).not.toContain('earlier version');
  });
});

describe('a folder the mock cannot write', () => {
  const ROOT = fileURLToPath(new URL('../..', import.meta.url));

  it('says so when a part of the path is a file, with the ways out', () => {
    const file = join(folder(), 'a-file');
    writeFileSync(file, '');
    const dir = join(file, 'data');
    let message = '';
    try {
      createMockServer({ dataDir: dir, scale: SCALE, clock: () => NOW, log: () => {} });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`The mock cannot write to ${dir}: a part of its path is a file, not a folder (ENOTDIR)`);
    expect(message).toContain('--data-dir <another folder>');
    expect(message).toContain('--memory');
  });

  it('says so for a read-only folder, as `npm run mock` prints it', async () => {
    const dir = folder();
    await (await start(dir)).close();
    chmodSync(dir, 0o555);
    try {
      // root writes to a read-only folder anyway: the mock runs as nobody then.
      const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'mock-server/main.ts', '--data-dir', dir, '--scale', String(SCALE)],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000, ...user },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `The mock cannot write to ${dir}: this user may not write there (EACCES, on ${join(dir, 'mock.lock')}).`,
      );
      expect(run.stderr).toContain(`chmod u+w ${dir}`);
      expect(run.stderr).toContain('--data-dir <another folder>');
      expect(run.stderr).not.toContain('ENOENT');
    } finally {
      chmodSync(dir, 0o755);
    }
  }, 60_000);
});

describe('--recover', () => {
  it('offers to keep the journal before a damaged line; with it the writes before stay, the rest is moved aside and reported', async () => {
    const dir = folder();
    let now = NOW.getTime();
    const minute = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();
    const first = await start(dir, { clock: () => new Date(now) });
    const { auth_token, refresh_token } = await first.login();
    const ids = [0, 1, 2, 3].map((n) => anchorOneInvoice(first.db(), n).id);
    for (const id of ids) {
      now += 60_000;
      expect((await star(first.call, auth_token, id)).status).toBe(200);
    }
    await first.close();
    // A second segment after it, as a crash during a compaction leaves one.
    const segment = join(dir, 'journal-000001.ndjson');
    const lines = readFileSync(segment, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const header = decodeLine(Buffer.from(lines[0]!)) as Record<string, unknown>;
    const lastLine = decodeLine(Buffer.from(lines.at(-1)!)) as { seq: number };
    writeFileSync(
      join(dir, 'journal-000002.ndjson'),
      encodeLine({ ...header, segment: 2, seq: lastLine.seq + 1 }) +
        encodeLine({ ...lastLine, seq: lastLine.seq + 1, at: minute(5) }),
    );
    // Line 4 (the second star) no longer matches its CRC: damage in the middle of the journal, not a torn end.
    const original =
      lines.map((line, i) => (i === 3 ? line.replace('"starred":true', '"starred":fals') : line)).join('\n') + '\n';
    writeFileSync(segment, original);

    const before = filesOf(dir);
    let message = '';
    try {
      createMockServer({ dataDir: dir, scale: SCALE, clock: () => NOW, log: () => {} });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('journal-000001.ndjson is damaged at line 4');
    expect(message).toContain('npm run mock -- --recover');
    expect(message).toContain(`4 journal lines (writes), written from ${minute(2)} to ${minute(5)}`);
    expect(filesOf(dir)).toEqual(before);

    const recovered = await start(dir, { recover: true });
    const starred = (mock: typeof recovered, id: number) =>
      mock.db().resources.find((r) => r.resource_type === 'Invoice' && r.resource_id === id)?.starred === true;
    expect(ids.map((id) => starred(recovered, id))).toEqual([true, false, false, false]);
    const log = recovered.logs.find((line) => line.startsWith('[mock] --recover:'));
    expect(log).toContain('journal-000001.ndjson is damaged at line 4');
    expect(log).toContain(`Lost: 4 journal lines (writes), written from ${minute(2)} to ${minute(5)}`);
    expect(log).toContain('every session has ended');
    const aside = join(
      dir,
      readdirSync(dir).find((name) => name.startsWith('damaged-'))!,
    );
    expect(readdirSync(aside).sort()).toEqual(['journal-000001.ndjson', 'journal-000002.ndjson', 'sessions.json']);
    expect(readFileSync(join(aside, 'journal-000001.ndjson'), 'utf8')).toBe(original);
    expect(readFileSync(segment, 'utf8')).toBe(`${lines.slice(0, 3).join('\n')}\n`);
    expect((await recovered.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(401);
    expect((await recovered.call('POST', '/auth', { auth: { refresh_token } })).status).toBe(401);

    // It goes on from there, and the next start needs no flag.
    const { auth_token: again } = await recovered.login();
    expect((await star(recovered.call, again, ids[3]!)).status).toBe(200);
    await recovered.close();
    const next = await start(dir);
    expect(ids.map((id) => starred(next, id))).toEqual([true, false, false, true]);
    await next.close();
    await expect(start(dir, { recover: true })).rejects.toThrow('has no damaged line to cut at');
  });

  /**
   * A snapshot of three stars whose old segment 1 (with the first star and the login) a crash during the
   * compaction left behind, damaged; with `sessionsToo`, sessions.json was not rewritten yet either.
   */
  async function coveredSegmentLeft(sessionsToo: boolean) {
    const dir = folder();
    const first = await start(dir);
    const { auth_token } = await first.login();
    const ids = [0, 1, 2].map((n) => anchorOneInvoice(first.db(), n).id);
    await star(first.call, auth_token, ids[0]!);
    const covered = readFileSync(join(dir, 'journal-000001.ndjson'), 'utf8');
    const sessions = readFileSync(join(dir, 'sessions.json'));
    await first.mock.store!.compact('snapshot');
    await star(first.call, auth_token, ids[1]!);
    await star(first.call, auth_token, ids[2]!);
    await first.close();
    writeFileSync(join(dir, 'journal-000001.ndjson'), covered.replace('"starred":true', '"starred":fals'));
    if (sessionsToo) writeFileSync(join(dir, 'sessions.json'), sessions);
    const starred = (mock: Awaited<ReturnType<typeof start>>) =>
      ids.map(
        (id) =>
          mock.db().resources.find((r) => r.resource_type === 'Invoice' && r.resource_id === id)?.starred === true,
      );
    return { dir, auth_token, starred };
  }

  it('never cuts in a segment the snapshot already holds: a plain start removes it, --recover cuts only later damage', async () => {
    const { dir, auth_token, starred } = await coveredSegmentLeft(false);
    const copy = folder();
    cpSync(dir, copy, { recursive: true });
    await expect(start(dir, { recover: true })).rejects.toThrow('has no damaged line to cut at');

    const plainStart = await start(dir);
    expect(starred(plainStart)).toEqual([true, true, true]);
    expect((await plainStart.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(200);
    expect(existsSync(join(dir, 'journal-000001.ndjson'))).toBe(false);

    // Damage in the journal the snapshot lacks too (the last star): --recover cuts there, and only that write is lost.
    const live = join(copy, 'journal-000002.ndjson');
    const lines = readFileSync(live, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    writeFileSync(
      live,
      lines
        .map((line, i) => (i === lines.length - 1 ? line.replace('"starred":true', '"starred":fals') : line))
        .join('\n') + '\n',
    );
    const recovered = await start(copy, { recover: true });
    expect(starred(recovered)).toEqual([true, true, false]);
    expect(recovered.logs.find((line) => line.startsWith('[mock] --recover:'))).toContain(
      'journal-000002.ndjson is damaged at line 3',
    );
    expect(recovered.logs.join('\n')).toContain('Lost: 1 journal line (writes)');
    const aside = join(
      copy,
      readdirSync(copy).find((name) => name.startsWith('damaged-'))!,
    );
    expect(readdirSync(aside).sort()).toEqual(['journal-000002.ndjson', 'sessions.json']);
  });

  it('ends every session when a damaged segment the snapshot holds is one sessions.json still needs, and loses no write', async () => {
    const { dir, auth_token, starred } = await coveredSegmentLeft(true);
    const second = await start(dir);
    expect(starred(second)).toEqual([true, true, true]);
    expect(second.logs.find((line) => line.includes('every session has ended'))).toContain(
      'journal-000001.ndjson is damaged at line 3',
    );
    expect((await second.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(401);
    expect(existsSync(join(dir, 'journal-000001.ndjson'))).toBe(false);
    const { auth_token: again } = await second.login();
    await second.close();
    const third = await start(dir);
    expect(third.logs.join('\n')).not.toContain('warning');
    expect(starred(third)).toEqual([true, true, true]);
    expect((await third.call('GET', '/users/1', undefined, { Authorization: again })).status).toBe(200);
  });
});
