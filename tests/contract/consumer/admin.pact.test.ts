import { MatchersV3, type Matcher } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  addBankAccountMachine,
  type BankLookupResult,
} from '../../../machines/add-bank-account/add-bank-account.machine';
import {
  createBankAccount,
  createUser,
  deleteUser,
  fetchAnchorSettings,
  fetchBankAccounts,
  fetchUsers,
  fetchVirtualAccounts,
  lookupBank,
  settingWireName,
  updateAnchorSetting,
  updateUserFlag,
  virtualAccountsQuery,
} from '../../../src/api/admin';
import type { ApiClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import {
  BANK_MESSAGES,
  SETTING_NAMES,
  USER_TEXTS,
  type BankAccountForm,
  type NewUserForm,
} from '../../../src/domain/admin';
import { DEFAULT_PRODUCT } from '../../../src/domain/product';
import { REGIONS } from '../../../src/domain/regions';
import { DEFAULT_TABLE_STATE, type TableState } from '../../../src/lib/table-state';
import { authHeaders, clientFor, exactly, failureOf, JSON_CONTENT, newPact, nonEmptyId, oneOf } from '../pact';

/**
 * The admin area (spec 2 §3-§7): users (list, add, the newsletter toggle, delete), the anchor's bank accounts
 * and the IFSC lookup, the configuration, and the virtual accounts, each through the app's own call. The
 * refusals the screens act on are pinned with their codes: a field error names its field in `title` (the
 * form shows it under that field), a 403 has the code that says why.
 *
 * As in lending.pact.test.ts, a value a filter fixes is pinned on every row (a regex inside `eachLike`, where
 * a plain value is matched by type only); outside `eachLike` a plain value is matched by equality.
 *
 * Ids the paths and bodies carry (a user, an anchor) come from the provider state (fromProviderState); the
 * states that add or change data take it away again on teardown (mock-server/pact-states/admin.ts).
 */

const { boolean, eachLike, equal, fromProviderState, integer, regex, string } = MatchersV3;
const pact = newPact();

const region = regex(oneOf(REGIONS), 'west');
const EMAIL = regex('^[^@\\s]+@[^@\\s]+$', 'asha.verma@anchor.test');
const TIMESTAMP = regex(
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
  '2026-11-22T10:00:00.000Z',
);
/** Some text, not blank (the add-bank-account form only locks a bank and branch that say something). */
const NOT_BLANK = (example: string) => regex('^.*\\S.*$', example);

const loggedIn = (description: string, state?: string, user = 't1@anchor.test') => {
  const interaction = pact.addInteraction().given(`${user} is logged in`);
  return (state ? interaction.given(state) : interaction).uponReceiving(description);
};
const tableState = (state: Partial<TableState>): TableState => ({ ...DEFAULT_TABLE_STATE, ...state });
const jsonHeaders = () => authHeaders({ 'Content-Type': 'application/json' });

/** The provider's error body: exactly one entry with this code (and `title`, the field, when given). */
const refusal = (code: string, detail: string, title?: string) => ({
  errors: [{ code, ...(title === undefined ? {} : { title }), detail: string(detail) }],
});

// ---------------------------------------------------------------------------------------------------
// Users: GET, POST, PUT (multipart), DELETE /users
// ---------------------------------------------------------------------------------------------------

const T1_ANCHOR_STATE = 't1@anchor.test’s anchor is system generated';
const SPECIAL_ANCHOR_STATE = 'anchor1551@anchor.test’s anchor is not system generated and has a portal user';

/** A user row; `pins` replaces what an interaction fixes. */
const userAttributes = (pins: Record<string, unknown> = {}) => ({
  id: integer(12),
  name: string('Nisha Kapoor'),
  email: EMAIL,
  news_letter: boolean(false),
  send_email: boolean(false),
  designation: string('portal_user'),
  virtual_id: nonEmptyId('5'),
  is_system_generated: boolean(false),
  ...pins,
});

const NEW_USER: NewUserForm = {
  first_name: 'Pact',
  last_name: 'Newcomer',
  email: 'pact.new.user@anchor.test',
  phone_number: '+91 9876500099',
  designation: 'portal_user',
};
/** What POST /users sends for a form (spec 2 §6: the trimmed fields and role_id '5'). */
const newUserRequest = (form: NewUserForm) => ({ user: { ...form, role_id: '5' } });

describe('users', () => {
  it('GET /users: the first page of the anchor’s users', () =>
    loggedIn('the first page of the anchor’s users')
      .withRequest('GET', '/users', (b) => b.headers(authHeaders()).query({ page: '1' }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('1'),
            type: 'user',
            attributes: userAttributes({
              id: integer(1),
              name: string('Asha Verma'),
              news_letter: boolean(true),
              is_system_generated: boolean(true),
            }),
          }),
          // `next` is left out: null when the anchor has ten users or fewer, and Pact has no 'number or null'.
          pagy: {
            count: integer(12),
            page: 1,
            items: integer(10),
            pages: integer(2),
            from: integer(1),
            to: integer(10),
            prev: null,
          },
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchUsers(clientFor(server.url), 1);
        expect(list.data[0]).toEqual({
          id: '1',
          name: 'Asha Verma',
          email: 'asha.verma@anchor.test',
          news_letter: true,
          send_email: false,
          designation: 'portal_user',
          virtual_id: '5',
          is_system_generated: true,
        });
        expect(list.pagy).toMatchObject({ count: 12, page: 1, prev: null });
      }));

  it('POST /users adds a portal user', () =>
    loggedIn('a new portal user', 'no user has the e-mail pact.new.user@anchor.test')
      .withRequest('POST', '/users', (b) => b.headers(jsonHeaders()).jsonBody(newUserRequest(NEW_USER)))
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            id: nonEmptyId('13'),
            type: 'user',
            attributes: userAttributes({
              id: integer(13),
              name: 'Pact Newcomer',
              email: 'pact.new.user@anchor.test',
              designation: 'portal_user',
              is_system_generated: false,
            }),
          },
        }),
      )
      .executeTest(async (server) => {
        const user = await createUser(clientFor(server.url), NEW_USER);
        expect(user).toEqual({
          id: '13',
          name: 'Pact Newcomer',
          email: 'pact.new.user@anchor.test',
          news_letter: false,
          send_email: false,
          designation: 'portal_user',
          virtual_id: '5',
          is_system_generated: false,
        });
      }));

  it('POST /users refuses an e-mail address already taken (422 ER-VALIDATION on email)', () =>
    loggedIn('a new user with the e-mail of an existing user', 'the demo users exist')
      .withRequest('POST', '/users', (b) =>
        b.headers(jsonHeaders()).jsonBody(newUserRequest({ ...NEW_USER, email: 't2@anchor.test' })),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody(refusal('ER-VALIDATION', 'Email has already been taken', 'email')),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(createUser(clientFor(server.url), { ...NEW_USER, email: 't2@anchor.test' }));
        expect(failure).toMatchObject({ status: 422, code: 'ER-VALIDATION' });
        // The add-user form shows it under the e-mail field.
        expect(failure.fieldErrors()).toEqual({ email: 'Email has already been taken' });
      }));

  it('POST /users needs the manage_anchor permission (403 ER-PERMISSION)', () =>
    loggedIn('a new user from a user who may not manage the anchor', undefined, 'qa.profile@anchor.test')
      .withRequest('POST', '/users', (b) =>
        b.headers(jsonHeaders()).jsonBody(newUserRequest({ ...NEW_USER, email: 'pact.refused.user@anchor.test' })),
      )
      .willRespondWith(403, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(refusal('ER-PERMISSION', 'You may not add users (it needs the manage_anchor permission).')),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          createUser(clientFor(server.url), { ...NEW_USER, email: 'pact.refused.user@anchor.test' }),
        );
        expect(failure).toMatchObject({ status: 403, code: 'ER-PERMISSION' });
        expect(failure.fieldErrors()).toEqual({});
      }));
});

/**
 * PUT /users/{id} is multipart/form-data with the one toggle `user[news_letter]` (spec 2 §7). The example body
 * is written out with a fixed boundary, the Content-Type header matched by a regex (the client's FormData
 * picks its own boundary), and the part pinned at `$['user[news_letter]']` (see pay.pact.test.ts).
 */
const BOUNDARY = 'anchor-portal-pact-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const multipartHeaders = () =>
  authHeaders({ 'Content-Type': regex('^multipart/form-data;\\s*boundary=.+$', MULTIPART) as unknown as string });
const formBody = (fields: Record<string, string>) =>
  Buffer.from(
    `${Object.entries(fields)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')}--${BOUNDARY}--\r\n`,
  );
const partRules = (fields: Record<string, Matcher<unknown>>) => ({
  body: Object.entries(fields).map(([name, matcher]) => ({ path: `$['${name}']`, rules: [matcher] })),
});
const newsLetterForm = (value: 'true' | 'false') => ({
  body: formBody({ 'user[news_letter]': value }),
  rules: partRules({ 'user[news_letter]': equal(value) }),
});

describe('the newsletter toggle and deleting a user', () => {
  const userPath = (example: string) => fromProviderState('/users/${userId}', `/users/${example}`);

  it('PUT /users/{id} turns a user’s newsletter on', () => {
    const form = newsLetterForm('true');
    return loggedIn('a user’s newsletter turned on', 't1@anchor.test’s anchor has a portal user without the newsletter')
      .withRequest('PUT', userPath('9'), (b) =>
        b.headers(multipartHeaders()).body(MULTIPART, form.body).matchingRules(form.rules),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            id: nonEmptyId('9'),
            type: 'user',
            attributes: userAttributes({ id: integer(9), news_letter: true, is_system_generated: false }),
          },
        }),
      )
      .executeTest(async (server) => {
        const user = await updateUserFlag(clientFor(server.url), '9', 'news_letter', true);
        expect(user).toMatchObject({ id: '9', news_letter: true, is_system_generated: false });
      });
  });

  it('PUT /users/{id} is only for system-generated anchors (403 ER-NOT-SYSTEM-GENERATED)', () => {
    const form = newsLetterForm('true');
    return loggedIn(
      'a user’s newsletter turned on at an anchor that is not system generated',
      SPECIAL_ANCHOR_STATE,
      'anchor1551@anchor.test',
    )
      .withRequest('PUT', userPath('11'), (b) =>
        b.headers(multipartHeaders()).body(MULTIPART, form.body).matchingRules(form.rules),
      )
      .willRespondWith(403, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(
            refusal(
              'ER-NOT-SYSTEM-GENERATED',
              'Users can be changed only for system-generated anchors, and Meridian Agro Industries is not one.',
            ),
          ),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(updateUserFlag(clientFor(server.url), '11', 'news_letter', true));
        expect(failure).toMatchObject({ status: 403, code: 'ER-NOT-SYSTEM-GENERATED' });
      });
  });

  it('DELETE /users/{id} deletes a user', () =>
    loggedIn('the deletion of a portal user', 'a portal user was just added to t1@anchor.test’s anchor')
      .withRequest('DELETE', userPath('14'), (b) => b.headers(authHeaders()))
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ message: string(USER_TEXTS.deleted) }))
      .executeTest(async (server) => {
        expect(await deleteUser(clientFor(server.url), '14')).toEqual({ message: 'Succesfully deleted.' });
      }));

  it('DELETE /users/{id} refuses a system-generated user (403 ER-SYSTEM-USER)', () =>
    loggedIn(
      'the deletion of a system-generated user',
      't2@anchor.test is a system-generated user of t1@anchor.test’s anchor',
    )
      .withRequest('DELETE', userPath('2'), (b) => b.headers(authHeaders()))
      .willRespondWith(403, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(refusal('ER-SYSTEM-USER', 'Rohan Iyer is a system-generated user and cannot be deleted.')),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(deleteUser(clientFor(server.url), '2'));
        expect(failure).toMatchObject({
          status: 403,
          code: 'ER-SYSTEM-USER',
          text: 'Rohan Iyer is a system-generated user and cannot be deleted.',
        });
      }));
});

// ---------------------------------------------------------------------------------------------------
// Bank accounts and the IFSC lookup
// ---------------------------------------------------------------------------------------------------

const bankAccountAttributes = (pins: Record<string, unknown> = {}) => ({
  id: integer(1),
  account_name: string('Sarvodaya Collections'),
  account_number: regex('^\\d{9,18}$', '50200012345678'),
  account_type: regex('^(CA|CC)$', 'CA'),
  ifsc: regex('^[A-Z]{4}0[A-Z0-9]{6}$', 'HDFC0123456'),
  bank_name: string('HDFC Bank'),
  branch_name: string('Mumbai'),
  region,
  created_at: TIMESTAMP,
  ...pins,
});

const NEW_ACCOUNT: BankAccountForm = {
  account_name: 'Pact Kolkata Receipts',
  account_number: '123456789012',
  account_type: 'CA',
  ifsc: 'SBIN0000001',
  bank_name: 'State Bank of India',
  branch_name: 'KOLKATA MAIN',
  region: 'east',
};

/**
 * The add-bank-account flow as the app runs it (useAddBankAccount): its lookup effect is the real call.
 * `answers` and `failures` collect what the call decoded and how it failed.
 */
function bankAccountFlow(client: ApiClient) {
  const answers: BankLookupResult[] = [];
  const failures: unknown[] = [];
  const machine = addBankAccountMachine.provide({
    actors: {
      lookupBank: fromPromise<BankLookupResult, { ifsc: string }>(({ input, signal }) =>
        lookupBank(client, input.ifsc, signal).then(
          (answer) => {
            answers.push(answer);
            return answer;
          },
          (failure: unknown) => {
            failures.push(failure);
            throw failure;
          },
        ),
      ),
    },
  });
  return { flow: createActor(machine).start(), answers, failures };
}

describe('bank accounts', () => {
  it('GET /anchor_account_details: the accounts in one region', () =>
    loggedIn('the first page of the anchor’s bank accounts in the west', 't1@anchor.test has bank accounts in the west')
      .withRequest('GET', '/anchor_account_details', (b) =>
        b.headers(authHeaders()).query({ 'filter[region]': 'west', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('1'),
            type: 'anchor_account_detail',
            attributes: bankAccountAttributes({ region: exactly('west') }),
          }),
          pagy: { count: integer(1), page: 1, items: integer(10), prev: null },
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchBankAccounts(clientFor(server.url), tableState({ region: 'west' }));
        expect(list.data[0]).toEqual({
          id: '1',
          account_name: 'Sarvodaya Collections',
          account_number: '50200012345678',
          account_type: 'CA',
          ifsc: 'HDFC0123456',
          bank_name: 'HDFC Bank',
          branch_name: 'Mumbai',
          region: 'west',
          created_at: '2026-11-22T10:00:00.000Z',
        });
      }));

  it('POST /anchor_account_details adds an account', () =>
    loggedIn(
      'a new bank account',
      'no bank account 123456789012 with IFSC SBIN0000001 is on record for t1@anchor.test’s anchor',
    )
      .withRequest('POST', '/anchor_account_details', (b) =>
        b.headers(jsonHeaders()).jsonBody({ anchor_account_detail: NEW_ACCOUNT }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          // What was sent comes back as it was sent (equality outside eachLike).
          data: {
            id: nonEmptyId('4'),
            type: 'anchor_account_detail',
            attributes: { ...NEW_ACCOUNT, id: integer(4), created_at: TIMESTAMP },
          },
        }),
      )
      .executeTest(async (server) => {
        const account = await createBankAccount(clientFor(server.url), NEW_ACCOUNT);
        expect(account).toEqual({ ...NEW_ACCOUNT, id: '4', created_at: '2026-11-22T10:00:00.000Z' });
      }));

  it('POST /anchor_account_details refuses a malformed IFSC (422 ‘Invalid Ifsc code.’ on ifsc)', () =>
    loggedIn('a new bank account with a malformed IFSC')
      .withRequest('POST', '/anchor_account_details', (b) =>
        b.headers(jsonHeaders()).jsonBody({ anchor_account_detail: { ...NEW_ACCOUNT, ifsc: 'SBIN000001' } }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ errors: [{ code: 'ER-VALIDATION', title: 'ifsc', detail: string(BANK_MESSAGES.ifsc) }] }),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          createBankAccount(clientFor(server.url), { ...NEW_ACCOUNT, ifsc: 'SBIN000001' }),
        );
        expect(failure).toMatchObject({ status: 422, code: 'ER-VALIDATION' });
        expect(failure.fieldErrors()).toEqual({ ifsc: 'Invalid Ifsc code.' });
      }));

  it('GET /bank_details_by_ifsc: a known IFSC fills and locks the bank and branch', () =>
    loggedIn('the bank and branch of a known IFSC', 'SBIN0000001 is a known IFSC')
      .withRequest('GET', '/bank_details_by_ifsc', (b) => b.headers(authHeaders()).query({ ifsc: 'SBIN0000001' }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ BANK: NOT_BLANK('State Bank of India'), BRANCH: NOT_BLANK('KOLKATA MAIN') }),
      )
      .executeTest(async (server) => {
        const { flow, answers } = bankAccountFlow(clientFor(server.url));
        flow.send({ type: 'CHANGE', field: 'ifsc', value: 'SBIN0000001' });
        const done = await waitFor(flow, (s) => s.matches({ editing: 'idle' }), { timeout: 5_000 });
        expect(answers).toEqual([{ BANK: 'State Bank of India', BRANCH: 'KOLKATA MAIN' }]);
        expect(done.context).toMatchObject({
          locked: true,
          values: { bank_name: 'State Bank of India', branch_name: 'KOLKATA MAIN' },
        });
        // Locked: typing over the looked-up names is ignored.
        flow.send({ type: 'CHANGE', field: 'bank_name', value: 'Something Else' });
        expect(flow.getSnapshot().context.values.bank_name).toBe('State Bank of India');
        flow.stop();
      }));

  it('GET /bank_details_by_ifsc: an unknown IFSC is 404 ER-NOT-FOUND, and the bank and branch stay editable', () =>
    loggedIn('the bank and branch of an IFSC no bank has', 'ABCD0123456 is no known IFSC')
      .withRequest('GET', '/bank_details_by_ifsc', (b) => b.headers(authHeaders()).query({ ifsc: 'ABCD0123456' }))
      .willRespondWith(404, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(
            refusal('ER-NOT-FOUND', 'No branch is known for IFSC ABCD0123456: enter the bank and branch names.'),
          ),
      )
      .executeTest(async (server) => {
        const { flow, answers, failures } = bankAccountFlow(clientFor(server.url));
        flow.send({ type: 'CHANGE', field: 'ifsc', value: 'ABCD0123456' });
        const done = await waitFor(flow, (s) => s.matches({ editing: 'idle' }), { timeout: 5_000 });
        // Spec 2 §8: no message, nothing locked; the user types the names.
        expect(answers).toEqual([]);
        expect(failures).toHaveLength(1);
        expect(failures[0]).toBeInstanceOf(ApiError);
        expect(failures[0]).toMatchObject({ status: 404, code: 'ER-NOT-FOUND' });
        expect(done.context).toMatchObject({
          locked: false,
          errors: {},
          failure: null,
          values: { ifsc: 'ABCD0123456', bank_name: '', branch_name: '' },
        });
        flow.send({ type: 'CHANGE', field: 'bank_name', value: 'Abcd Co-operative Bank' });
        expect(flow.getSnapshot().context.values.bank_name).toBe('Abcd Co-operative Bank');
        flow.stop();
      }));
});

// ---------------------------------------------------------------------------------------------------
// The configuration: GET /anchor_settings/{id}, PUT /anchor_settings/{id}/settings
// ---------------------------------------------------------------------------------------------------

const wire = (name: string) => settingWireName(name, DEFAULT_PRODUCT);
const CREDIT_OPTION = wire('show_{product}_credit_option');
const DRAWDOWN_STATUS = 'default_drawdown_status';

/**
 * Every setting under its wire name (`show_{product}_credit_option` is `show_provider_credit_option`): a switch
 * is a boolean; the drawdown status is a dropdown of exactly Verified and Draft. `pins` replaces settings.
 */
function settingsOnTheWire(pins: Record<string, unknown> = {}) {
  const settings: Record<string, unknown> = {};
  for (const name of SETTING_NAMES.map(wire)) {
    settings[name] =
      name === DRAWDOWN_STATUS
        ? { type: 'dropdown', default: regex('^(Verified|Draft)$', 'Verified'), options: ['Verified', 'Draft'] }
        : { type: 'boolean', default: boolean(true) };
  }
  return { ...settings, ...pins };
}

const settingsAnswer = (meta: Record<string, unknown>, pins: Record<string, unknown> = {}) => ({
  data: { id: nonEmptyId('1'), type: 'anchor_setting', attributes: { settings: settingsOnTheWire(pins) } },
  meta: { is_system_generated: boolean(true), ...meta },
});

const settingsPath = (suffix = '') =>
  fromProviderState(`/anchor_settings/\${anchorId}${suffix}`, `/anchor_settings/1${suffix}`);
const settingRequest = (name: string, value: boolean | string, anchorExample = '1') => ({
  anchor_setting: { [name]: value },
  anchor_id: fromProviderState('${anchorId}', anchorExample),
});

describe('the configuration', () => {
  it('GET /anchor_settings/{id}: every setting by its wire name, and whether the anchor is system generated', () =>
    loggedIn('the configuration of the user’s anchor', T1_ANCHOR_STATE)
      .withRequest('GET', settingsPath(), (b) => b.headers(authHeaders()))
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(settingsAnswer({ setting_updated_by: string('Asha Verma'), setting_updated_at: TIMESTAMP })),
      )
      .executeTest(async (server) => {
        const answer = await fetchAnchorSettings(clientFor(server.url), '1');
        expect(answer.meta).toEqual({
          is_system_generated: true,
          setting_updated_by: 'Asha Verma',
          setting_updated_at: '2026-11-22T10:00:00.000Z',
        });
        expect(Object.keys(answer.data.settings)).toEqual(SETTING_NAMES.map(wire));
        expect(answer.data.settings.show_provider_credit_option).toEqual({ type: 'boolean', default: true });
        expect(answer.data.settings[DRAWDOWN_STATUS]).toEqual({
          type: 'dropdown',
          default: 'Verified',
          options: ['Verified', 'Draft'],
        });
      }));

  it('PUT /anchor_settings/{id}/settings changes one setting and names who changed it', () =>
    loggedIn(
      'a change of the credit option by the logged-in user',
      't1@anchor.test (Asha Verma) may change the credit option of its anchor',
    )
      .withRequest('PUT', settingsPath('/settings'), (b) =>
        b.headers(jsonHeaders()).jsonBody(settingRequest(CREDIT_OPTION, false)),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          // The one who changed it last is the logged-in user (the state says t1@anchor.test is Asha Verma).
          .jsonBody(
            settingsAnswer(
              { is_system_generated: true, setting_updated_by: 'Asha Verma', setting_updated_at: TIMESTAMP },
              { [CREDIT_OPTION]: { type: 'boolean', default: false } },
            ),
          ),
      )
      .executeTest(async (server) => {
        const answer = await updateAnchorSetting(clientFor(server.url), '1', CREDIT_OPTION, false);
        expect(answer.data.settings[CREDIT_OPTION]).toEqual({ type: 'boolean', default: false });
        expect(answer.meta).toMatchObject({ is_system_generated: true, setting_updated_by: 'Asha Verma' });
      }));

  it('PUT /anchor_settings/{id}/settings refuses a setting the anchor does not have (422 on its name)', () =>
    loggedIn('a change of a setting that does not exist', T1_ANCHOR_STATE)
      .withRequest('PUT', settingsPath('/settings'), (b) =>
        b.headers(jsonHeaders()).jsonBody(settingRequest('no_such_setting', true)),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(refusal('ER-VALIDATION', 'no_such_setting is not a setting of this anchor', 'no_such_setting')),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(updateAnchorSetting(clientFor(server.url), '1', 'no_such_setting', true));
        expect(failure).toMatchObject({ status: 422, code: 'ER-VALIDATION' });
        expect(failure.fieldErrors()).toEqual({ no_such_setting: 'no_such_setting is not a setting of this anchor' });
      }));

  it('PUT /anchor_settings/{id}/settings is only for system-generated anchors (403 ER-NOT-SYSTEM-GENERATED)', () =>
    loggedIn(
      'a change of the configuration of an anchor that is not system generated',
      SPECIAL_ANCHOR_STATE,
      'anchor1551@anchor.test',
    )
      .withRequest(
        'PUT',
        fromProviderState('/anchor_settings/${anchorId}/settings', '/anchor_settings/1551/settings'),
        (b) => b.headers(jsonHeaders()).jsonBody(settingRequest('require_otp', false, '1551')),
      )
      .willRespondWith(403, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(
            refusal(
              'ER-NOT-SYSTEM-GENERATED',
              'The configuration can be changed only for system-generated anchors, and Meridian Agro Industries is not one.',
            ),
          ),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(updateAnchorSetting(clientFor(server.url), '1551', 'require_otp', false));
        expect(failure).toMatchObject({ status: 403, code: 'ER-NOT-SYSTEM-GENERATED' });
      }));
});

// ---------------------------------------------------------------------------------------------------
// The virtual accounts: GET /distributor_companies with require_account_details
// ---------------------------------------------------------------------------------------------------

describe('the virtual accounts', () => {
  it('GET /distributor_companies with require_account_details: customers with their virtual account numbers', () =>
    loggedIn(
      'the first page of the customers with a virtual account',
      't1@anchor.test has customers with a virtual account',
    )
      .withRequest('GET', '/distributor_companies', (b) =>
        b
          .headers(authHeaders())
          .query({ 'filter[admin_panel]': 'true', 'filter[require_account_details]': 'true', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('12'),
            type: 'distributor_company',
            attributes: {
              id: integer(12),
              name: string('Sharma Traders'),
              customer_code: string('CS000012'),
              region,
              virtual_account_number: string('VA11234567890'),
            },
          }),
          pagy: { count: integer(320), page: 1, items: integer(10), prev: null },
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchVirtualAccounts(clientFor(server.url), virtualAccountsQuery(DEFAULT_TABLE_STATE));
        expect(list.data[0]).toEqual({
          id: '12',
          name: 'Sharma Traders',
          customer_code: 'CS000012',
          region: 'west',
          virtual_account_number: 'VA11234567890',
        });
      }));
});
