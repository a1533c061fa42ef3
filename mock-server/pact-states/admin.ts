import { branchOf } from '../bank-branches';
import { nextId, type AnchorSettings, type User, type ReadonlyDb } from '../db';
import type { Repository } from '../store/repository';
import { DEMO_PASSWORD } from '../seed';
import { MANAGE_ANCHOR } from '../../src/domain/admin';

/**
 * Provider states of the admin interactions (tests/contract/consumer/admin.pact.test.ts), for the embedded
 * mock. Each interaction also names '<user> is logged in' for its token.
 *
 * The verification runs every interaction against one mock, so a state that lets its interaction add or
 * change something (a user, a newsletter flag, a bank account, a setting) takes it away again on teardown,
 * with the audit-log entries (`admin_changes`) written since its setup. States hand over the ids the pact
 * injects (fromProviderState): a user, an anchor. A state fails, saying what is missing, when the mock's
 * seed does not hold what the interaction needs.
 */
export interface AdminStateDeps {
  /** The mock's live database. */
  db: () => ReadonlyDb;
  /** Writes go through it. */
  repository: Repository;
  /** Where the mock listens (read when a state runs, after it started). */
  url: () => string;
}

type StateResult = Record<string, string> | undefined;

/**
 * A state with a setup and a teardown. Pact's verifier takes `{ setup, teardown }`; it is a function
 * too (the setup), so it also fits the verifier options' type, which asks for functions.
 */
type StateHandler = (() => Promise<StateResult>) & {
  setup: () => Promise<StateResult>;
  teardown: () => Promise<undefined>;
};

/** The e-mail the add-user interaction sends. */
const NEW_USER_EMAIL = 'pact.new.user@anchor.test';
/** The user the delete interaction's state adds (through POST /users) for the interaction to delete. */
const SHORT_LIVED_USER = {
  email: 'pact.short.lived@anchor.test',
  first_name: 'Pact',
  last_name: 'Shortlived',
  phone_number: '+91 9876500098',
  designation: 'portal_user',
  role_id: '5',
};
/** The account the add-bank-account interaction sends. */
const NEW_ACCOUNT = { account_number: '123456789012', ifsc: 'SBIN0000001' };
/** The setting the change interaction turns off, by its stored (product-neutral) name. */
const CREDIT_OPTION = 'show_credit_option';

const fail = (what: string): never => {
  throw new Error(`Provider state: ${what}`);
};
const fullName = (user: User) => `${user.first_name} ${user.last_name}`.trim();

export function adminStates(
  deps: AdminStateDeps,
): Record<string, ((params?: unknown) => Promise<StateResult>) | StateHandler> {
  const userByEmail = (email: string): User =>
    deps.db().users.find((u) => u.email === email) ?? fail(`the mock has no user ${email}.`);
  const anchorOf = (email: string) => {
    const user = userByEmail(email);
    return (
      deps.db().anchors.find((a) => a.id === user.anchor_id) ??
      fail(`the anchor of ${email} is missing from the mock's seed.`)
    );
  };
  const settingsOf = (anchorId: number): AnchorSettings =>
    deps.db().anchor_settings.find((s) => s.anchor_id === anchorId) ?? fail(`anchor ${anchorId} has no settings.`);
  const removeUsers = (email: string) => {
    deps.repository.remove('users', (u) => u.email.toLowerCase() === email);
  };

  /**
   * A state whose setup may change data, and whose teardown runs `undo` and drops the audit-log entries
   * written since the setup (the interaction's own among them).
   */
  function undoable(setup: () => Promise<StateResult> | StateResult, undo: () => void): StateHandler {
    // The first audit-log id written after the setup began.
    let firstNew: number | null = null;
    const handlers = {
      setup: async (): Promise<StateResult> => {
        firstNew = nextId(deps.db().admin_changes);
        return await setup();
      },
      teardown: (): Promise<undefined> => {
        undo();
        const from = firstNew;
        if (from !== null) deps.repository.remove('admin_changes', (change) => change.id >= from);
        firstNew = null;
        return Promise.resolve(undefined);
      },
    };
    return Object.assign(() => handlers.setup(), handlers);
  }

  const check = (assert: () => StateResult) => (): Promise<StateResult> => Promise.resolve(assert());

  async function login(email: string): Promise<string> {
    const response = await fetch(`${deps.url()}/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { email, password: DEMO_PASSWORD } }),
    });
    if (!response.ok) fail(`the login of ${email} answered ${response.status}`);
    return ((await response.json()) as { data: { attributes: { auth_token: string } } }).data.attributes.auth_token;
  }

  // The newsletter interaction's user and its flags as they were.
  let flagged: { user: User; news_letter: boolean; send_email: boolean } | null = null;
  // The setting the change interaction turns off, as it was.
  let savedSettings: {
    row: AnchorSettings;
    settings: AnchorSettings['settings'];
    updatedBy: string | null;
    updatedAt: string;
  } | null = null;

  return {
    'no user has the e-mail pact.new.user@anchor.test': undoable(
      () => {
        removeUsers(NEW_USER_EMAIL);
        return undefined;
      },
      () => removeUsers(NEW_USER_EMAIL),
    ),

    /** A portal user of t1's anchor (not system generated, so it is staff, not a demo login) with the newsletter off. */
    't1@anchor.test’s anchor has a portal user without the newsletter': undoable(
      () => {
        const anchorId = userByEmail('t1@anchor.test').anchor_id;
        const user =
          deps.db().users.find((u) => u.anchor_id === anchorId && !u.is_system_generated) ??
          fail(`anchor ${anchorId} has no portal user who is not system generated.`);
        flagged = { user, news_letter: user.news_letter, send_email: user.send_email };
        deps.repository.update('users', user, { news_letter: false });
        return { userId: String(user.id) };
      },
      () => {
        if (flagged)
          deps.repository.update('users', flagged.user.id, {
            news_letter: flagged.news_letter,
            send_email: flagged.send_email,
          });
        flagged = null;
      },
    ),

    'anchor1551@anchor.test’s anchor is not system generated and has a portal user': check(() => {
      const anchor = anchorOf('anchor1551@anchor.test');
      if (anchor.is_system_generated) fail(`anchor ${anchor.id} of anchor1551@anchor.test is system generated.`);
      const me = userByEmail('anchor1551@anchor.test');
      const user =
        deps.db().users.find((u) => u.anchor_id === anchor.id && u.id !== me.id) ??
        fail(`anchor ${anchor.id} has no user but anchor1551@anchor.test.`);
      return { anchorId: String(anchor.id), userId: String(user.id) };
    }),

    /** Added through the provider's own POST /users, as an admin would; teardown takes it away if the interaction did not. */
    'a portal user was just added to t1@anchor.test’s anchor': undoable(
      async () => {
        removeUsers(SHORT_LIVED_USER.email);
        const response = await fetch(`${deps.url()}/users`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: await login('t1@anchor.test') },
          body: JSON.stringify({ user: SHORT_LIVED_USER }),
        });
        const answer = (await response.json()) as { data?: { id?: string } };
        if (response.status !== 201 || !answer.data?.id)
          fail(`POST /users answered ${response.status}: ${JSON.stringify(answer)}`);
        return { userId: String(answer.data?.id) };
      },
      () => removeUsers(SHORT_LIVED_USER.email),
    ),

    't2@anchor.test is a system-generated user of t1@anchor.test’s anchor': check(() => {
      const t2 = userByEmail('t2@anchor.test');
      if (!t2.is_system_generated || t2.anchor_id !== userByEmail('t1@anchor.test').anchor_id)
        fail('t2@anchor.test is not a system-generated user of the anchor of t1@anchor.test.');
      return { userId: String(t2.id) };
    }),

    't1@anchor.test has bank accounts in the west': check(() => {
      const anchorId = userByEmail('t1@anchor.test').anchor_id;
      if (!deps.db().anchor_account_details.some((a) => a.anchor_id === anchorId && a.region === 'west'))
        fail(`anchor ${anchorId} has no bank account in the west.`);
      return undefined;
    }),

    'no bank account 123456789012 with IFSC SBIN0000001 is on record for t1@anchor.test’s anchor': (() => {
      const remove = () => {
        const anchorId = userByEmail('t1@anchor.test').anchor_id;
        deps.repository.remove(
          'anchor_account_details',
          (a) =>
            a.anchor_id === anchorId && a.account_number === NEW_ACCOUNT.account_number && a.ifsc === NEW_ACCOUNT.ifsc,
        );
      };
      return undoable(() => {
        remove();
        return undefined;
      }, remove);
    })(),

    'SBIN0000001 is a known IFSC': check(() => {
      if (!branchOf('SBIN0000001')) fail('the mock knows no branch for SBIN0000001.');
      return undefined;
    }),
    'ABCD0123456 is no known IFSC': check(() => {
      if (branchOf('ABCD0123456')) fail('the mock knows a branch for ABCD0123456.');
      return undefined;
    }),

    't1@anchor.test’s anchor is system generated': check(() => {
      const anchor = anchorOf('t1@anchor.test');
      if (!anchor.is_system_generated) fail(`anchor ${anchor.id} of t1@anchor.test is not system generated.`);
      settingsOf(anchor.id);
      return { anchorId: String(anchor.id) };
    }),

    /**
     * The pact pins who changed the setting last: the logged-in user, Asha Verma. The credit option is on, so
     * turning it off is a change; teardown puts the settings, who changed them and when back.
     */
    't1@anchor.test (Asha Verma) may change the credit option of its anchor': undoable(
      () => {
        const t1 = userByEmail('t1@anchor.test');
        if (fullName(t1) !== 'Asha Verma') fail(`t1@anchor.test is ${fullName(t1)}, not Asha Verma.`);
        if (!(t1.permissions ?? []).includes(MANAGE_ANCHOR))
          fail(`t1@anchor.test lacks the ${MANAGE_ANCHOR} permission.`);
        const anchor = anchorOf('t1@anchor.test');
        if (!anchor.is_system_generated) fail(`anchor ${anchor.id} of t1@anchor.test is not system generated.`);
        const row = settingsOf(anchor.id);
        const setting = row.settings[CREDIT_OPTION] ?? fail(`anchor ${anchor.id} has no ${CREDIT_OPTION} setting.`);
        savedSettings = {
          row,
          settings: structuredClone(row.settings),
          updatedBy: row.setting_updated_by,
          updatedAt: row.updated_at,
        };
        deps.repository.update('anchor_settings', row, {
          settings: { ...row.settings, [CREDIT_OPTION]: { ...setting, default: true } },
        });
        return { anchorId: String(anchor.id) };
      },
      () => {
        if (savedSettings)
          deps.repository.update('anchor_settings', savedSettings.row.id, {
            settings: savedSettings.settings,
            setting_updated_by: savedSettings.updatedBy,
            updated_at: savedSettings.updatedAt,
          });
        savedSettings = null;
      },
    ),

    't1@anchor.test has customers with a virtual account': check(() => {
      const anchorId = userByEmail('t1@anchor.test').anchor_id;
      if (
        !deps.db().distributor_companies.some((c) => c.anchor_id === anchorId && c.virtual_account_number.trim() !== '')
      )
        fail(`anchor ${anchorId} has no customer with a virtual account.`);
      return undefined;
    }),
  };
}
