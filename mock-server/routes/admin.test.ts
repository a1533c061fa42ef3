import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatValidationErrors } from '../../src/api/errors';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenData } from '../../src/api/client';
import {
  AdminUserAnswer,
  AdminUserList,
  AnchorSettings,
  BankAccountAnswer,
  BankAccountList,
  BankLookup,
} from '../../src/api/codecs/admin';
import { MessageResponse } from '../../src/api/codecs/common';
import { CustomerContactList } from '../../src/api/codecs/customers';
import { UserResponse } from '../../src/api/codecs/session';
import { BANK_MESSAGES, isIfsc, MANAGE_ANCHOR, SETTING_NAMES, USER_MESSAGES, USER_TEXTS } from '../../src/domain/admin';
import { withProduct } from '../../src/domain/product';
import { REGIONS } from '../../src/domain/regions';
import { createMockServer, type MockServerOptions, type RunningMock } from '../app';
import { BANK_BRANCHES } from '../bank-branches';
import type { DistributorCompany } from '../db';
import { DEMO_LOGINS, DEMO_PASSWORD, QA_LOGINS } from '../seed';
import { demoAuthToken } from '../test-login';
import { NOT_SYSTEM_GENERATED_CODE, PERMISSION_CODE, SELF_DELETE_CODE, SYSTEM_USER_CODE } from './admin';

/**
 * The admin routes (routes/admin.ts) and the virtual-account list, every answer decoded with the app's codecs
 * (src/api/codecs/admin.ts). The mock's clock is settable, so the audit log's times are known.
 */

const PRODUCT = 'provider';
let now = new Date('2026-11-22T10:00:00.000Z');
const options: MockServerOptions = { clock: () => now, log: () => {}, product: PRODUCT, tokenTtl: 7 * 24 * 3600 };
const mock = createMockServer(options);
let running: RunningMock;
/** t1 (Asha Verma): anchor 1, system generated, manage_anchor. */
let t1 = '';
/** t2 (Rohan Iyer): anchor 1, manage_anchor. */
let t2 = '';
/** qa.profile: anchor 1, without manage_anchor. */
let qa = '';
/** anchor1551 (Vikram Rao): anchor 1551, not system generated, manage_anchor. */
let special = '';
/** The seeded users' ids (users added by the tests are not among them). */
let seeded = new Set<number>();

beforeAll(async () => {
  seeded = new Set(mock.db().users.map((u) => u.id));
  running = await mock.listen(0);
  [t1, t2, qa, special] = await Promise.all([
    demoAuthToken(running.url, 't1@anchor.test'),
    demoAuthToken(running.url, 't2@anchor.test'),
    demoAuthToken(running.url, 'qa.profile@anchor.test'),
    demoAuthToken(running.url, 'anchor1551@anchor.test'),
  ]);
});
afterAll(() => running.close());

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

type Send = { json: unknown } | { form: FormData } | { urlencoded: string } | undefined;

async function callAt(url: string, method: string, path: string, token: string | null, send?: Send): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = token;
  let body: string | FormData | undefined;
  if (send && 'json' in send) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(send.json);
  } else if (send && 'form' in send) {
    body = send.form;
  } else if (send && 'urlencoded' in send) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = send.urlencoded;
  }
  const response = await fetch(`${url}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    body: /json/.test(response.headers.get('content-type') ?? '') ? (JSON.parse(text) as unknown) : null,
    text,
  };
}

const call = (method: string, path: string, token: string | null, send?: Send) =>
  callAt(running.url, method, path, token, send);
const json = (value: unknown): Send => ({ json: value });

function decode<A>(codec: t.Decoder<unknown, A>, answer: Answer, status = 200): A {
  expect(answer.status, answer.text.slice(0, 500)).toBe(status);
  const result = codec.decode(flattenData(answer.body));
  if (isLeft(result)) throw new Error(formatValidationErrors(result.left).join('\n'));
  return result.right;
}

const errorsOf = (answer: Answer) =>
  (answer.body as { errors: { code: string; title?: string; detail: string }[] }).errors;

/** Expects a 422 with one ER-VALIDATION entry per field, each with the given detail. */
function expect422(answer: Answer, fields: Record<string, string | RegExp>): void {
  expect(answer.status, answer.text).toBe(422);
  const errors = errorsOf(answer);
  expect(errors.map((e) => e.code)).toEqual(Object.keys(fields).map(() => 'ER-VALIDATION'));
  expect(errors.map((e) => e.title)).toEqual(Object.keys(fields));
  errors.forEach((e, i) => {
    const expected = Object.values(fields)[i]!;
    if (typeof expected === 'string') expect(e.detail).toBe(expected);
    else expect(e.detail).toMatch(expected);
  });
}

function expectError(answer: Answer, status: number, code: string, detail?: RegExp): void {
  expect(answer.status, answer.text).toBe(status);
  const errors = errorsOf(answer);
  expect(errors.map((e) => e.code)).toEqual([code]);
  if (detail) expect(errors[0]!.detail).toMatch(detail);
}

const db = () => mock.db();
const userByEmail = (email: string) => db().users.find((u) => u.email === email)!;
/** Seeded staff of an anchor who are not system generated (the only users that can be deleted). */
const staffOf = (anchorId: number) =>
  db().users.filter((u) => seeded.has(u.id) && u.anchor_id === anchorId && !u.is_system_generated);
const changes = () => db().admin_changes;
const newUser = (over: Record<string, unknown> = {}) => ({
  user: {
    email: 'new.person@anchor.test',
    first_name: 'Nisha',
    last_name: 'Kapoor',
    phone_number: '+91 9876543210',
    designation: 'portal_user',
    role_id: '5',
    ...over,
  },
});
const account = (over: Record<string, unknown> = {}) => ({
  anchor_account_detail: {
    account_name: 'Sarvodaya Kolkata Receipts',
    account_number: '123456789012',
    account_type: 'CA',
    ifsc: 'SBIN0000001',
    bank_name: 'State Bank of India',
    branch_name: 'KOLKATA MAIN',
    region: 'east',
    ...over,
  },
});
const toggleForm = (fields: Record<string, string>): Send => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return { form };
};
const wire = (name: string) => withProduct(name, PRODUCT);

describe('the manage_anchor permission', () => {
  it('belongs to the demo logins, not to the QA logins or other staff', () => {
    for (const login of DEMO_LOGINS) expect(userByEmail(login.email).permissions).toContain(MANAGE_ANCHOR);
    for (const login of QA_LOGINS) expect(userByEmail(login.email).permissions ?? []).not.toContain(MANAGE_ANCHOR);
    for (const user of staffOf(1)) expect(user.permissions ?? []).not.toContain(MANAGE_ANCHOR);
  });

  it('is in the profile', async () => {
    const me = decode(UserResponse, await call('GET', `/users/${userByEmail('t1@anchor.test').id}`, t1));
    expect(me.data.permissions).toEqual(expect.arrayContaining(['create_payment_links', MANAGE_ANCHOR]));
    const other = decode(UserResponse, await call('GET', `/users/${userByEmail('qa.profile@anchor.test').id}`, qa));
    expect(other.data.permissions).not.toContain(MANAGE_ANCHOR);
  });
});

describe('GET /users', () => {
  it('lists the anchor’s own users, newest first, paged, without password hashes', async () => {
    const answer = await call('GET', '/users?page=1&items=100', t1);
    const list = decode(AdminUserList, answer);
    const own = db().users.filter((u) => u.anchor_id === 1);
    expect(list.data.map((u) => Number(u.id)).sort((a, b) => a - b)).toEqual(
      own.map((u) => u.id).sort((a, b) => a - b),
    );
    expect(list.pagy).toMatchObject({ count: own.length, page: 1 });
    const created = list.data.map((u) => own.find((o) => String(o.id) === u.id)!.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const t1Row = list.data.find((u) => u.email === 't1@anchor.test')!;
    expect(t1Row).toEqual({
      id: t1Row.id,
      name: 'Asha Verma',
      email: 't1@anchor.test',
      news_letter: true,
      send_email: true,
      designation: 'admin',
      virtual_id: '1',
      is_system_generated: true,
    });
    expect(answer.text).not.toMatch(/password|scrypt/);
  });

  it('pages with items, and another anchor sees only its own users', async () => {
    const page2 = decode(AdminUserList, await call('GET', '/users?page=2&items=5', t1));
    expect(page2.data).toHaveLength(5);
    expect(page2.pagy).toMatchObject({ page: 2, items: 5, from: 6, to: 10, prev: 1 });
    const theirs = decode(AdminUserList, await call('GET', '/users', special));
    expect(theirs.data.map((u) => Number(u.id)).sort((a, b) => a - b)).toEqual(
      db()
        .users.filter((u) => u.anchor_id === 1551)
        .map((u) => u.id),
    );
  });

  it('needs a login', async () => {
    expectError(await call('GET', '/users', null), 401, 'ER-AUTH-102');
  });
});

describe('POST /users', () => {
  it('adds a portal user to the caller’s anchor, with no usable password, and logs it', async () => {
    now = new Date('2026-11-22T10:05:00.000Z');
    const before = changes().length;
    const created = decode(
      AdminUserAnswer,
      await call('POST', '/users', t1, json(newUser({ email: ' New.Person@Anchor.test ' }))),
      201,
    );
    expect(created.data).toEqual({
      id: created.data.id,
      name: 'Nisha Kapoor',
      email: 'new.person@anchor.test',
      news_letter: false,
      send_email: false,
      designation: 'portal_user',
      virtual_id: '5',
      is_system_generated: false,
    });
    const row = db().users.find((u) => String(u.id) === created.data.id)!;
    expect(row).toMatchObject({
      anchor_id: 1,
      role_id: 5,
      role: 'Portal User',
      event: null,
      permissions: [],
      phone_number: '+91 9876543210',
      created_at: now.toISOString(),
    });
    // Nobody knows the password: the demo one does not log in (a reset link sets one).
    expect(
      (
        await call(
          'POST',
          '/sessions',
          null,
          json({ user: { email: 'new.person@anchor.test', password: DEMO_PASSWORD } }),
        )
      ).status,
    ).toBe(401);
    // Newest first: on page 1 of the list.
    expect(decode(AdminUserList, await call('GET', '/users', t1)).data[0]!.id).toBe(created.data.id);
    expect(changes().slice(before)).toEqual([
      {
        id: changes().at(-1)!.id,
        anchor_id: 1,
        user_id: userByEmail('t1@anchor.test').id,
        user_name: 'Asha Verma',
        at: now.toISOString(),
        kind: 'user_added',
        target_id: row.id,
        target_label: 'Nisha Kapoor <new.person@anchor.test>',
      },
    ]);
  });

  it('takes role_id as a number, no designation, and works for an anchor that is not system generated', async () => {
    const created = decode(
      AdminUserAnswer,
      await call(
        'POST',
        '/users',
        special,
        json(newUser({ email: 'meridian.new@anchor.test', role_id: 5, designation: '' })),
      ),
      201,
    );
    expect(created.data.designation).toBe('portal_user');
    expect(db().users.find((u) => String(u.id) === created.data.id)!.anchor_id).toBe(1551);
  });

  it('checks every field with the kernel’s messages, and role_id', async () => {
    expect422(await call('POST', '/users', t1, json({ user: {} })), {
      first_name: USER_MESSAGES.name,
      last_name: USER_MESSAGES.name,
      email: USER_MESSAGES.emailRequired,
      phone_number: USER_MESSAGES.phoneRequired,
      role_id: 'role_id must be 5',
    });
    expect422(
      await call(
        'POST',
        '/users',
        t1,
        json(
          newUser({ first_name: 'N', email: 'not-an-email', phone_number: '98765', designation: 'boss', role_id: '1' }),
        ),
      ),
      {
        first_name: USER_MESSAGES.name,
        email: USER_MESSAGES.emailInvalid,
        phone_number: USER_MESSAGES.phoneInvalid,
        designation: USER_MESSAGES.designation,
        role_id: 'role_id must be 5',
      },
    );
    expect422(await call('POST', '/users', t1, json({})), { user: 'user is required' });
  });

  it('refuses an e-mail address already taken, at any anchor', async () => {
    const count = db().users.length;
    expect422(await call('POST', '/users', t1, json(newUser({ email: 'T2@anchor.test' }))), {
      email: 'Email has already been taken',
    });
    expect422(await call('POST', '/users', t1, json(newUser({ email: 'anchor1551@anchor.test' }))), {
      email: 'Email has already been taken',
    });
    expect(db().users.length).toBe(count);
  });

  it('needs the manage_anchor permission', async () => {
    const count = db().users.length;
    expectError(
      await call('POST', '/users', qa, json(newUser({ email: 'nope@anchor.test' }))),
      403,
      PERMISSION_CODE,
      /may not add users/,
    );
    expect(db().users.length).toBe(count);
  });

  it('refuses a name or e-mail with an invisible or direction-changing character (U+202E shows evil as live)', async () => {
    const count = db().users.length;
    expect422(
      await call(
        'POST',
        '/users',
        t1,
        json(newUser({ email: 'rlo@anchor.test', first_name: '\u202Eevil', last_name: 'Kapoor\u2066' })),
      ),
      {
        first_name: 'First name contains an invisible or direction-changing character (U+202E)',
        last_name: 'Last name contains an invisible or direction-changing character (U+2066)',
      },
    );
    expect422(await call('POST', '/users', t1, json(newUser({ email: 'rlo\u202E@anchor.test' }))), {
      email: USER_MESSAGES.emailInvalid,
    });
    expect(db().users.length).toBe(count);
  });

  it('takes names in Hindi and Arabic, with an apostrophe or a joiner a spelling needs', async () => {
    const names = [
      { first_name: 'अनुराग', last_name: 'शर्मा', email: 'anurag.sharma@anchor.test', name: 'अनुराग शर्मा' },
      { first_name: 'محمد', last_name: 'علي', email: 'mohammed.ali@anchor.test', name: 'محمد علي' },
      { first_name: 'Ravi', last_name: "D'Souza", email: 'ravi.dsouza@anchor.test', name: "Ravi D'Souza" },
      { first_name: 'مهرداد', last_name: 'می\u200Cرزایی', email: 'mehrdad@anchor.test', name: 'مهرداد می\u200Cرزایی' },
    ];
    for (const { name, ...fields } of names) {
      const created = decode(AdminUserAnswer, await call('POST', '/users', t1, json(newUser(fields))), 201);
      expect(created.data.name).toBe(name);
    }
  });
});

describe('PUT /users/{id}', () => {
  it('sets the toggles from the multipart form (and from JSON or a url-encoded form), and logs each', async () => {
    now = new Date('2026-11-22T10:10:00.000Z');
    const target = staffOf(1)[0]!;
    const before = changes().length;
    const answer = decode(
      AdminUserAnswer,
      await call(
        'PUT',
        `/users/${target.id}`,
        t1,
        toggleForm({ 'user[news_letter]': 'false', 'user[send_email]': 'true' }),
      ),
    );
    expect(answer.data).toMatchObject({ id: String(target.id), news_letter: false, send_email: true });
    expect(db().users.find((u) => u.id === target.id)).toMatchObject({ news_letter: false, send_email: true });
    expect(
      changes()
        .slice(before)
        .map((c) => [c.kind, c.user_name, c.at, c.target_id, c.field, c.after]),
    ).toEqual([
      ['user_flag_changed', 'Asha Verma', now.toISOString(), target.id, 'news_letter', false],
      ['user_flag_changed', 'Asha Verma', now.toISOString(), target.id, 'send_email', true],
    ]);
    expect(
      decode(AdminUserAnswer, await call('PUT', `/users/${target.id}`, t1, json({ user: { news_letter: true } }))).data
        .news_letter,
    ).toBe(true);
    expect(
      decode(
        AdminUserAnswer,
        await call('PUT', `/users/${target.id}`, t1, { urlencoded: 'user%5Bsend_email%5D=false' }),
      ).data.send_email,
    ).toBe(false);
    expect(changes().at(-1)).toMatchObject({ field: 'send_email', before: true, after: false });
  });

  it('refuses a form without a toggle, a value other than true or false, and other fields', async () => {
    const target = staffOf(1)[0]!;
    expect422(await call('PUT', `/users/${target.id}`, t1, toggleForm({})), {
      user: /user\[news_letter\] or user\[send_email\]/,
    });
    expect422(await call('PUT', `/users/${target.id}`, t1, toggleForm({ 'user[news_letter]': 'yes' })), {
      news_letter: 'news_letter must be true or false',
    });
    expect422(await call('PUT', `/users/${target.id}`, t1, json({ user: { email: 'x@anchor.test' } })), {
      email: /cannot be changed here/,
    });
    const file = new FormData();
    file.append('user[news_letter]', new File(['x'], 'x.txt'));
    expect((await call('PUT', `/users/${target.id}`, t1, { form: file })).status).toBe(422);
  });

  it('needs manage_anchor and a system-generated anchor; another anchor’s user is not there', async () => {
    const target = staffOf(1)[0]!;
    expectError(
      await call('PUT', `/users/${target.id}`, qa, toggleForm({ 'user[news_letter]': 'true' })),
      403,
      PERMISSION_CODE,
      /may not change users/,
    );
    const theirs = staffOf(1551)[0]!;
    expectError(
      await call('PUT', `/users/${theirs.id}`, special, toggleForm({ 'user[news_letter]': 'true' })),
      403,
      NOT_SYSTEM_GENERATED_CODE,
      /system-generated anchors/,
    );
    expectError(
      await call('PUT', `/users/${theirs.id}`, t1, toggleForm({ 'user[news_letter]': 'true' })),
      404,
      'ER-NOT-FOUND',
    );
    expectError(
      await call('PUT', '/users/999999', t1, toggleForm({ 'user[news_letter]': 'true' })),
      404,
      'ER-NOT-FOUND',
    );
  });

  it('leaves PUT /users/set_password to the session routes', async () => {
    const token = await demoAuthToken(running.url, 'qa.reset@anchor.test');
    const answer = await call(
      'PUT',
      '/users/set_password',
      token,
      json({ current_password: 'Demo@1234', password: 'Changed@1234', password_confirmation: 'Changed@1234' }),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(decode(MessageResponse, answer).message).toBe('Password Changed Successfully!');
  });
});

describe('DELETE /users/{id}', () => {
  it('deletes a user of the anchor, ends their sessions and logs it', async () => {
    now = new Date('2026-11-22T10:15:00.000Z');
    const target = staffOf(1).at(-1)!;
    const theirToken = await demoAuthToken(running.url, target.email);
    expect((await call('GET', `/users/${target.id}`, theirToken)).status).toBe(200);
    const before = changes().length;
    const answer = decode(MessageResponse, await call('DELETE', `/users/${target.id}`, t1));
    expect(answer.message).toBe(USER_TEXTS.deleted);
    expect(db().users.some((u) => u.id === target.id)).toBe(false);
    expect(mock.tokens.verify(theirToken)).toEqual({ ok: false, reason: 'invalid' });
    expectError(await call('GET', '/users', theirToken), 401, 'ER-AUTH-102');
    expect(
      decode(AdminUserList, await call('GET', '/users?items=100', t1)).data.some((u) => u.id === String(target.id)),
    ).toBe(false);
    expect(changes().slice(before)).toEqual([
      expect.objectContaining({
        kind: 'user_deleted',
        user_name: 'Asha Verma',
        at: now.toISOString(),
        target_id: target.id,
        target_label: `${target.first_name} ${target.last_name} <${target.email}>`,
      }),
    ]);
    expectError(await call('DELETE', `/users/${target.id}`, t1), 404, 'ER-NOT-FOUND');
  });

  it('never gives a deleted user’s id to a new user', async () => {
    const first = decode(
      AdminUserAnswer,
      await call('POST', '/users', t1, json(newUser({ email: 'short.lived@anchor.test' }))),
      201,
    );
    decode(MessageResponse, await call('DELETE', `/users/${first.data.id}`, t1));
    const second = decode(
      AdminUserAnswer,
      await call('POST', '/users', t1, json(newUser({ email: 'next.one@anchor.test' }))),
      201,
    );
    expect(Number(second.data.id)).toBeGreaterThan(Number(first.data.id));
  });

  it('refuses the caller themself and a system-generated user', async () => {
    const me = userByEmail('t1@anchor.test');
    expectError(await call('DELETE', `/users/${me.id}`, t1), 422, SELF_DELETE_CODE, /yourself/);
    const system = userByEmail('t2@anchor.test');
    expectError(
      await call('DELETE', `/users/${system.id}`, t1),
      403,
      SYSTEM_USER_CODE,
      /Rohan Iyer is a system-generated user/,
    );
    expect(db().users.some((u) => u.id === me.id) && db().users.some((u) => u.id === system.id)).toBe(true);
  });

  it('needs manage_anchor and a system-generated anchor; another anchor’s user is not there', async () => {
    const target = staffOf(1)[0]!;
    expectError(await call('DELETE', `/users/${target.id}`, qa), 403, PERMISSION_CODE, /may not delete users/);
    const theirs = staffOf(1551)[0]!;
    expectError(await call('DELETE', `/users/${theirs.id}`, special), 403, NOT_SYSTEM_GENERATED_CODE);
    expectError(await call('DELETE', `/users/${theirs.id}`, t1), 404, 'ER-NOT-FOUND');
    expect(db().users.some((u) => u.id === target.id) && db().users.some((u) => u.id === theirs.id)).toBe(true);
  });
});

describe('anchor bank accounts', () => {
  it('lists the anchor’s accounts, newest first, by region', async () => {
    const list = decode(BankAccountList, await call('GET', '/anchor_account_details?page=1', t1));
    const own = db().anchor_account_details.filter((a) => a.anchor_id === 1);
    expect(list.data.map((a) => a.id).sort()).toEqual(own.map((a) => String(a.id)).sort());
    expect(list.data[0]).toMatchObject({
      account_name: own.at(-1)!.account_name,
      account_type: own.at(-1)!.account_type,
    });
    const west = decode(BankAccountList, await call('GET', '/anchor_account_details?filter[region]=west', t1));
    expect(west.data.map((a) => a.region)).toEqual(own.filter((a) => a.region === 'west').map(() => 'west'));
    expect422(await call('GET', '/anchor_account_details?filter[region]=central', t1), {
      region: /region must be one of/,
    });
    expectError(await call('GET', '/anchor_account_details', null), 401, 'ER-AUTH-102');
  });

  it('adds an account, shows it first and logs it', async () => {
    now = new Date('2026-11-22T10:20:00.000Z');
    const before = changes().length;
    const created = decode(BankAccountAnswer, await call('POST', '/anchor_account_details', t2, json(account())), 201);
    expect(created.data).toMatchObject({
      account_name: 'Sarvodaya Kolkata Receipts',
      account_number: '123456789012',
      account_type: 'CA',
      ifsc: 'SBIN0000001',
      region: 'east',
      created_at: now.toISOString(),
    });
    expect(decode(BankAccountList, await call('GET', '/anchor_account_details', t1)).data[0]!.id).toBe(created.data.id);
    expect(changes().slice(before)).toEqual([
      expect.objectContaining({
        kind: 'bank_account_added',
        user_name: 'Rohan Iyer',
        at: now.toISOString(),
        target_id: Number(created.data.id),
        target_label: 'Sarvodaya Kolkata Receipts, account ending 9012, SBIN0000001',
      }),
    ]);
  });

  it('checks the fields with the kernel’s rules: a malformed IFSC is ‘Invalid Ifsc code.’', async () => {
    expect422(await call('POST', '/anchor_account_details', t1, json(account({ ifsc: 'SBIN000001' }))), {
      ifsc: BANK_MESSAGES.ifsc,
    });
    expect422(await call('POST', '/anchor_account_details', t1, json(account({ ifsc: 'sbin0000001' }))), {
      ifsc: BANK_MESSAGES.ifsc,
    });
    expect422(
      await call(
        'POST',
        '/anchor_account_details',
        t1,
        json(account({ account_number: '12ab', account_type: 'SB', region: 'central' })),
      ),
      {
        account_number: BANK_MESSAGES.accountNumber,
        account_type: 'Account type must be CA or CC',
        region: `Region must be one of ${REGIONS.join(', ')}`,
      },
    );
    expect422(await call('POST', '/anchor_account_details', t1, json({ anchor_account_detail: {} })), {
      account_name: 'Account name is required',
      account_number: 'Account number is required',
      account_type: 'Account type is required',
      ifsc: 'IFSC is required',
      bank_name: 'Bank name is required',
      branch_name: 'Branch name is required',
      region: 'Region is required',
    });
  });

  it('refuses the same account number and IFSC twice for an anchor (another anchor may have it)', async () => {
    const body = account({ account_number: '998877665544', ifsc: 'HDFC0000001' });
    decode(BankAccountAnswer, await call('POST', '/anchor_account_details', t1, json(body)), 201);
    expect422(await call('POST', '/anchor_account_details', t1, json(body)), {
      account_number: 'Account 998877665544 with IFSC HDFC0000001 is already added',
    });
    decode(BankAccountAnswer, await call('POST', '/anchor_account_details', special, json(body)), 201);
  });

  it('needs the manage_anchor permission to add one', async () => {
    const count = db().anchor_account_details.length;
    expectError(
      await call('POST', '/anchor_account_details', qa, json(account({ account_number: '111122223333' }))),
      403,
      PERMISSION_CODE,
      /may not add bank accounts/,
    );
    expect(db().anchor_account_details.length).toBe(count);
  });

  it('refuses a holder, bank or branch name with an invisible or direction-changing character', async () => {
    const count = db().anchor_account_details.length;
    expect422(
      await call(
        'POST',
        '/anchor_account_details',
        t1,
        json(
          account({
            account_number: '555566667777',
            account_name: 'Receipts\u202E',
            bank_name: 'State\u200BBank',
            branch_name: 'MAIN\u0000',
          }),
        ),
      ),
      {
        account_name: 'Account name contains an invisible or direction-changing character (U+202E)',
        bank_name: 'Bank name contains an invisible or direction-changing character (U+200B)',
        branch_name: 'Branch name contains an invisible or direction-changing character (U+0000)',
      },
    );
    expect(db().anchor_account_details.length).toBe(count);
    const created = decode(
      BankAccountAnswer,
      await call(
        'POST',
        '/anchor_account_details',
        t1,
        json(account({ account_number: '555566667777', account_name: 'शर्मा ट्रेडर्स' })),
      ),
      201,
    );
    expect(created.data.account_name).toBe('शर्मा ट्रेडर्स');
  });
});

describe('GET /bank_details_by_ifsc', () => {
  it('answers the bank and branch of a known code', async () => {
    expect(decode(BankLookup, await call('GET', '/bank_details_by_ifsc?ifsc=SBIN0000001', t1))).toEqual({
      BANK: 'State Bank of India',
      BRANCH: 'KOLKATA MAIN',
      IFSC: 'SBIN0000001',
    });
    expect(decode(BankLookup, await call('GET', '/bank_details_by_ifsc?ifsc=BARB0VADODA', special))).toMatchObject({
      BANK: 'Bank of Baroda',
      BRANCH: 'VADODARA',
    });
  });

  it('is 404 for a well-formed code it does not know, 422 for a malformed one', async () => {
    expectError(await call('GET', '/bank_details_by_ifsc?ifsc=ABCD0123456', t1), 404, 'ER-NOT-FOUND');
    expect422(await call('GET', '/bank_details_by_ifsc?ifsc=SBIN000001', t1), { ifsc: BANK_MESSAGES.ifsc });
    expect422(await call('GET', '/bank_details_by_ifsc?ifsc=SBIN1000001', t1), { ifsc: BANK_MESSAGES.ifsc });
    expect422(await call('GET', '/bank_details_by_ifsc', t1), { ifsc: 'IFSC is required' });
  });

  it('needs a login', async () => {
    expectError(await call('GET', '/bank_details_by_ifsc?ifsc=SBIN0000001', null), 401, 'ER-AUTH-102');
  });

  it('holds only well-formed codes', () => {
    expect(Object.keys(BANK_BRANCHES).length).toBeGreaterThanOrEqual(15);
    for (const code of Object.keys(BANK_BRANCHES)) expect(isIfsc(code), code).toBe(true);
  });
});

describe('the configuration', () => {
  const settingsOf = (anchorId: number) => db().anchor_settings.find((s) => s.anchor_id === anchorId)!;
  const put = (
    token: string,
    anchorId: number,
    setting: Record<string, unknown>,
    extra: Record<string, unknown> = { anchor_id: String(anchorId) },
  ) => call('PUT', `/anchor_settings/${anchorId}/settings`, token, json({ anchor_setting: setting, ...extra }));

  it('answers the own anchor’s settings under their wire names, with the last updater', async () => {
    const answer = decode(AnchorSettings, await call('GET', '/anchor_settings/1', t1));
    expect(Object.keys(answer.data.settings)).toEqual(SETTING_NAMES.map(wire));
    expect(answer.data.settings[wire('show_{product}_credit_option')]).toMatchObject({
      type: 'boolean',
      default: true,
    });
    expect(answer.data.settings.default_drawdown_status).toMatchObject({
      type: 'dropdown',
      default: 'Verified',
      options: ['Verified', 'Draft'],
    });
    expect(answer.meta).toEqual({
      is_system_generated: true,
      setting_updated_by: 'Asha Verma',
      setting_updated_at: settingsOf(1).updated_at,
    });
    const theirs = decode(AnchorSettings, await call('GET', '/anchor_settings/1551', special));
    expect(theirs.meta).toEqual({ is_system_generated: false, setting_updated_by: null, setting_updated_at: null });
    expectError(await call('GET', '/anchor_settings/1551', t1), 404, 'ER-NOT-FOUND');
  });

  it('changes one setting, records who and when, and GET reads it back', async () => {
    now = new Date('2026-11-22T10:30:00.000Z');
    const name = wire('show_{product}_credit_option');
    const before = changes().length;
    const answer = decode(AnchorSettings, await put(t2, 1, { [name]: false }));
    expect(answer.data.settings[name]!.default).toBe(false);
    expect(answer.meta).toEqual({
      is_system_generated: true,
      setting_updated_by: 'Rohan Iyer',
      setting_updated_at: now.toISOString(),
    });
    // Stored under the product-neutral name, which the pay page reads.
    expect(settingsOf(1).settings.show_credit_option!.default).toBe(false);
    expect(changes().slice(before)).toEqual([
      {
        id: changes().at(-1)!.id,
        anchor_id: 1,
        user_id: userByEmail('t2@anchor.test').id,
        user_name: 'Rohan Iyer',
        at: now.toISOString(),
        kind: 'setting_changed',
        target_id: settingsOf(1).id,
        target_label: name,
        field: 'show_credit_option',
        before: true,
        after: false,
      },
    ]);
    now = new Date('2026-11-22T10:35:00.000Z');
    const read = decode(AnchorSettings, await call('GET', '/anchor_settings/1', qa));
    expect(read.meta).toEqual({
      is_system_generated: true,
      setting_updated_by: 'Rohan Iyer',
      setting_updated_at: '2026-11-22T10:30:00.000Z',
    });
    expect(read.data.settings[name]!.default).toBe(false);
    // 'true' / 'false' as text too.
    expect(decode(AnchorSettings, await put(t1, 1, { [name]: 'true' })).data.settings[name]!.default).toBe(true);
  });

  it('takes one of a dropdown’s options', async () => {
    expect(
      decode(AnchorSettings, await put(t1, 1, { default_drawdown_status: 'Draft' })).data.settings
        .default_drawdown_status!.default,
    ).toBe('Draft');
    expect422(await put(t1, 1, { default_drawdown_status: 'Pending' }), {
      default_drawdown_status: 'default_drawdown_status must be one of Verified, Draft',
    });
    expect422(await put(t1, 1, { default_drawdown_status: true }), {
      default_drawdown_status: 'default_drawdown_status must be one of Verified, Draft',
    });
    decode(AnchorSettings, await put(t1, 1, { default_drawdown_status: 'Verified' }));
  });

  it('refuses a value of the wrong type, an unknown name, and anything but exactly one setting', async () => {
    const before = changes().length;
    expect422(await put(t1, 1, { require_otp: 'yes' }), { require_otp: 'require_otp must be true or false' });
    expect422(await put(t1, 1, { require_otp: 1 }), { require_otp: 'require_otp must be true or false' });
    // The stored name is not the wire name.
    expect422(await put(t1, 1, { show_credit_option: false }), {
      show_credit_option: 'show_credit_option is not a setting of this anchor',
    });
    expect422(await put(t1, 1, { nope: true }), { nope: 'nope is not a setting of this anchor' });
    expect422(await put(t1, 1, { require_otp: true, sms_blocked: true }), {
      anchor_setting: 'anchor_setting must name exactly one setting (it names require_otp, sms_blocked)',
    });
    expect422(await put(t1, 1, {}), { anchor_setting: 'anchor_setting must name exactly one setting' });
    expect422(await put(t1, 1, { require_otp: false }, { anchor_id: '1551' }), {
      anchor_id: 'anchor_id must be 1, the anchor of the path',
    });
    expect(changes().length).toBe(before);
    expect(settingsOf(1).settings.require_otp!.default).toBe(true);
  });

  it('needs manage_anchor, a system-generated anchor, and the own anchor', async () => {
    expectError(await put(qa, 1, { require_otp: false }), 403, PERMISSION_CODE, /may not change the configuration/);
    expectError(
      await put(special, 1551, { require_otp: false }),
      403,
      NOT_SYSTEM_GENERATED_CODE,
      /Meridian Agro Industries is not one/,
    );
    expectError(await put(t1, 1551, { require_otp: false }), 404, 'ER-NOT-FOUND');
    expect(settingsOf(1).settings.require_otp!.default).toBe(true);
    expect(settingsOf(1551).settings.require_otp!.default).toBe(true);
  });
});

describe('the virtual accounts (GET /distributor_companies with require_account_details)', () => {
  const query = (extra = '') =>
    `/distributor_companies?filter[admin_panel]=true&filter[require_account_details]=true&page=1&items=100${extra}`;

  it('lists only customers with account details or a virtual account, each with its virtual account number', async () => {
    const own = db().distributor_companies.filter((c) => c.anchor_id === 1);
    // The list's first two (newest first), so both would be on its first page.
    const [bare, vaOnly] = [...own].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id) as [
      DistributorCompany,
      DistributorCompany,
    ];
    const saved = {
      bare: { details: bare.account_details, va: bare.virtual_account_number },
      vaOnly: vaOnly.account_details,
    };
    mock.repository.update('distributor_companies', bare, { account_details: [], virtual_account_number: '' });
    mock.repository.update('distributor_companies', vaOnly, { account_details: [] });
    try {
      const list = decode(CustomerContactList, await call('GET', query(), t1));
      expect(list.pagy?.count).toBe(own.length - 1);
      const ids = list.data.map((c) => c.id);
      expect(ids).not.toContain(String(bare.id));
      expect(ids).toContain(String(vaOnly.id));
      for (const row of list.data)
        expect(row.virtual_account_number).toBe(own.find((c) => String(c.id) === row.id)!.virtual_account_number);
      // Without the filter the list is as before: every customer.
      expect(decode(CustomerContactList, await call('GET', '/distributor_companies?items=100', t1)).pagy?.count).toBe(
        own.length,
      );
      expect422(await call('GET', '/distributor_companies?filter[require_account_details]=yes', t1), {
        require_account_details: 'require_account_details must be true or false',
      });
    } finally {
      mock.repository.update('distributor_companies', bare, {
        account_details: saved.bare.details,
        virtual_account_number: saved.bare.va,
      });
      mock.repository.update('distributor_companies', vaOnly, { account_details: saved.vaOnly });
    }
  });
});

describe('durability', () => {
  it('keeps users, toggles, deletions, accounts, settings and the audit log across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-admin-'));
    const at = new Date('2026-11-22T10:00:00.000Z');
    const start = async () => {
      const server = createMockServer({ ...options, clock: () => at, dataDir: dir, scale: 0.1 });
      return { server, running: await server.listen(0) };
    };
    try {
      const first = await start();
      const url = first.running.url;
      const token = await demoAuthToken(url, 't1@anchor.test');
      const rohan = await demoAuthToken(url, 't2@anchor.test');
      const staff = first.server.db().users.filter((u) => u.anchor_id === 1 && !u.is_system_generated);
      const victim = staff[0]!;
      const victimToken = await demoAuthToken(url, victim.email);
      const sendEmail = !staff[1]!.send_email;
      const added = decode(
        AdminUserAnswer,
        await callAt(url, 'POST', '/users', token, json(newUser({ email: 'durable@anchor.test' }))),
        201,
      );
      decode(
        AdminUserAnswer,
        await callAt(
          url,
          'PUT',
          `/users/${staff[1]!.id}`,
          token,
          toggleForm({ 'user[send_email]': String(sendEmail) }),
        ),
      );
      decode(MessageResponse, await callAt(url, 'DELETE', `/users/${victim.id}`, token));
      const bank = decode(
        BankAccountAnswer,
        await callAt(url, 'POST', '/anchor_account_details', token, json(account({ account_number: '555566667777' }))),
        201,
      );
      decode(
        AnchorSettings,
        await callAt(
          url,
          'PUT',
          '/anchor_settings/1/settings',
          rohan,
          json({ anchor_setting: { sms_blocked: true }, anchor_id: '1' }),
        ),
      );
      const log = first.server.db().admin_changes.map((c) => c.kind);
      expect(log).toEqual(['user_added', 'user_flag_changed', 'user_deleted', 'bank_account_added', 'setting_changed']);
      await first.running.close();

      const second = await start();
      const again = second.running.url;
      const db2 = second.server.db();
      expect(db2.admin_changes.map((c) => c.kind)).toEqual(log);
      expect(db2.users.some((u) => u.id === victim.id)).toBe(false);
      expect(db2.users.find((u) => u.id === staff[1]!.id)!.send_email).toBe(sendEmail);
      // The logins survive the restart, the deleted user's does not.
      expectError(await callAt(again, 'GET', '/users', victimToken, undefined), 401, 'ER-AUTH-102');
      const users = decode(AdminUserList, await callAt(again, 'GET', '/users?items=100', token));
      expect(users.data[0]!.id).toBe(added.data.id);
      expect(decode(BankAccountList, await callAt(again, 'GET', '/anchor_account_details', token)).data[0]!.id).toBe(
        bank.data.id,
      );
      const settings = decode(AnchorSettings, await callAt(again, 'GET', '/anchor_settings/1', token));
      expect(settings.data.settings.sms_blocked!.default).toBe(true);
      expect(settings.meta).toMatchObject({ setting_updated_by: 'Rohan Iyer', setting_updated_at: at.toISOString() });
      await second.running.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
