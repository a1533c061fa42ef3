import { randomBytes } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { currentUser } from '../auth/middleware';
import { hashPassword } from '../auth/passwords';
import { branchOf } from '../bank-branches';
import type { MockContext } from '../context';
import {
  type AdminChange,
  type AnchorBankAccount,
  type AnchorSettings,
  nextId,
  type SettingDefinition,
  type User,
  type ReadonlyDb,
} from '../db';
import type { Repository } from '../store/repository';
import { voidResetLinks } from './sessions';
import { bodyObject, HttpError, isRecord, notFound, resource, route, throwIfProblems, validationError } from '../http';
import { filterValue, paginate, pageParams } from '../paging';
import { regionFilter } from './distributors';
import {
  type AccountType,
  BANK_MESSAGES,
  bankAccountProblems,
  type BankAccountForm,
  canManageAnchor,
  isIfsc,
  NEW_USER_ROLE_ID,
  newUserProblems,
  type NewUserForm,
  SETTING_NAMES,
  USER_TEXTS,
} from '../../src/domain/admin';
import { withProduct } from '../../src/domain/product';
import type { Region } from '../../src/domain/regions';

/** 403: the user lacks the kernel's MANAGE_ANCHOR ('manage_anchor') permission. */
export const PERMISSION_CODE = 'ER-PERMISSION';
/** 403: the change is only possible for a system-generated anchor (spec 2 §6). */
export const NOT_SYSTEM_GENERATED_CODE = 'ER-NOT-SYSTEM-GENERATED';
/** 403: a user whose own is_system_generated is true cannot be deleted (spec 2 §6). */
export const SYSTEM_USER_CODE = 'ER-SYSTEM-USER';
/** 422: a user cannot delete themself. */
export const SELF_DELETE_CODE = 'ER-SELF-DELETE';

const forbidden = (code: string, detail: string) => new HttpError(403, [{ code, detail }]);

/** 403 ER-PERMISSION unless the user may manage the anchor (`action`: 'add users', ...). */
function mayManage(me: User, action: string): void {
  if (!canManageAnchor(me))
    throw forbidden(PERMISSION_CODE, `You may not ${action} (it needs the manage_anchor permission).`);
}

/** 403 ER-NOT-SYSTEM-GENERATED unless the user's anchor is system generated (`what`: 'Users can be changed', ...). */
function systemAnchor(db: ReadonlyDb, me: User, what: string): void {
  const anchor = db.anchors.find((a) => a.id === me.anchor_id);
  if (!anchor?.is_system_generated)
    throw forbidden(
      NOT_SYSTEM_GENERATED_CODE,
      `${what} only for system-generated anchors, and ${anchor?.name ?? 'this anchor'} is not one.`,
    );
}

const fullName = (user: Pick<User, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();

/** A form value as text: strings as they are, numbers written out, anything else empty (so the kernel says it is required). */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** Adds an entry to the audit log (db.admin_changes): who (the caller), when (the mock's clock) and what. */
function record(
  repo: Repository,
  me: User,
  now: number,
  change: Pick<AdminChange, 'kind' | 'target_id' | 'target_label'> &
    Partial<Pick<AdminChange, 'field' | 'before' | 'after'>>,
): void {
  repo.insert('admin_changes', {
    id: nextId(repo.data.admin_changes),
    anchor_id: me.anchor_id,
    user_id: me.id,
    user_name: fullName(me),
    at: new Date(now).toISOString(),
    ...change,
  });
}

// ---------------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------------

/** A row of GET /users (spec 2 §3's user). */
function adminUserRow(user: User) {
  return {
    id: user.id,
    name: fullName(user),
    email: user.email,
    news_letter: user.news_letter,
    send_email: user.send_email,
    designation: user.designation,
    virtual_id: user.virtual_id,
    is_system_generated: user.is_system_generated,
  };
}

/** A new user's id: past every id in use and every id a deleted user had, so an id never names two people. */
function newUserId(db: ReadonlyDb): number {
  let id = nextId(db.users);
  for (const change of db.admin_changes) {
    if ((change.kind === 'user_added' || change.kind === 'user_deleted') && change.target_id >= id)
      id = change.target_id + 1;
  }
  return id;
}

const USER_FLAGS = ['news_letter', 'send_email'] as const;
type UserFlag = (typeof USER_FLAGS)[number];

/** `user` of the body: nested (JSON, or multipart read by multer) or flat `user[...]` keys (url-encoded). */
function userFields(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return {};
  if (isRecord(body.user)) return body.user;
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^user\[(\w+)\]$/.exec(key);
    if (match) flat[match[1]!] = value;
  }
  return flat;
}

const flagValue = (value: unknown): boolean | undefined =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

/** The toggles of PUT /users/{id}: news_letter and/or send_email, each true or false ('true' / 'false' in a form). */
function userFlags(body: unknown): Partial<Record<UserFlag, boolean>> {
  const fields = userFields(body);
  const problems: Record<string, string> = {};
  const flags: Partial<Record<UserFlag, boolean>> = {};
  for (const [key, raw] of Object.entries(fields)) {
    if (!(USER_FLAGS as readonly string[]).includes(key)) {
      problems[key] = `${key} cannot be changed here: send user[news_letter] or user[send_email]`;
      continue;
    }
    const value = flagValue(raw);
    if (value === undefined) problems[key] = `${key} must be true or false`;
    else flags[key as UserFlag] = value;
  }
  if (Object.keys(fields).length === 0) problems.user = 'Send user[news_letter] or user[send_email], true or false';
  throwIfProblems(problems);
  return flags;
}

/** multer for PUT /users/{id}'s small multipart form: text fields only; its refusals as the provider's errors. */
function receiveForm(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { files: 0, fields: 10, fieldSize: 256, parts: 10 },
  }).none();
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (error === undefined || error === null) next();
      else if (error instanceof multer.MulterError)
        next(
          new HttpError(422, [
            {
              code: 'ER-VALIDATION',
              title: 'user',
              detail: `The form could not be read (${error.message}): send text fields only.`,
            },
          ]),
        );
      else next(new HttpError(400, [{ code: 'ER-BAD-REQUEST', detail: 'The multipart body could not be read.' }]));
    });
  };
}

// ---------------------------------------------------------------------------------------------------
// Bank accounts
// ---------------------------------------------------------------------------------------------------

/** A row of GET /anchor_account_details (spec 2 §3's bank account). */
function bankAccountRow(account: AnchorBankAccount) {
  return {
    id: account.id,
    account_name: account.account_name,
    account_number: account.account_number,
    account_type: account.account_type,
    ifsc: account.ifsc,
    bank_name: account.bank_name,
    branch_name: account.branch_name,
    region: account.region,
    created_at: account.created_at,
  };
}

// ---------------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------------

/** The kernel's settings with their stored (product-neutral) and wire names: show_credit_option / show_provider_credit_option. */
function settingNames(product: string): { stored: string; wire: string }[] {
  return SETTING_NAMES.map((name) => ({ stored: name.replace('{product}_', ''), wire: withProduct(name, product) }));
}

/** The anchor's last configuration change in the audit log. */
function lastSettingChange(db: ReadonlyDb, anchorId: number): AdminChange | undefined {
  const log = db.admin_changes;
  for (let i = log.length - 1; i >= 0; i--)
    if (log[i]!.kind === 'setting_changed' && log[i]!.anchor_id === anchorId) return log[i];
  return undefined;
}

/** A setting's new value: a boolean (or 'true' / 'false') for a switch, one of the options for a dropdown. */
function settingValue(name: string, definition: SettingDefinition, raw: unknown): boolean | string {
  if (definition.type === 'boolean') {
    const value = flagValue(raw);
    if (value === undefined) throw validationError({ [name]: `${name} must be true or false` });
    return value;
  }
  const options = definition.options ?? [];
  if (typeof raw !== 'string' || !options.includes(raw))
    throw validationError({ [name]: `${name} must be one of ${options.join(', ')}` });
  return raw;
}

/**
 * The admin area (spec 2 §3, §6, §7): users, bank accounts, the bank lookup and the configuration. Every change
 * goes into the audit log (`admin_changes`).
 *
 * - GET /users: the caller's anchor's users, newest first (a user just added is on page 1), paged.
 * - POST /users, DELETE /users/{id}, PUT /users/{id} (news_letter, send_email): need the manage_anchor permission
 *   (403 ER-PERMISSION); PUT and DELETE also a system-generated anchor (403 ER-NOT-SYSTEM-GENERATED). Users of
 *   another anchor are 404. A system-generated user cannot be deleted (403 ER-SYSTEM-USER), nor the caller
 *   (422 ER-SELF-DELETE); deleting ends the user's sessions.
 * - GET and POST /anchor_account_details: the anchor's bank accounts, newest first; adding needs manage_anchor.
 * - GET /bank_details_by_ifsc: the branch of an IFSC from the offline table (mock-server/bank-branches.ts).
 * - GET /anchor_settings/{id}, PUT /anchor_settings/{id}/settings: the own anchor's configuration, settings under
 *   their wire names; a change needs manage_anchor and a system-generated anchor.
 *
 * Registered after sessionRoutes: PUT /users/set_password is theirs (the ids here are digits only anyway).
 */
export function adminRoutes(ctx: MockContext): Router {
  const router = Router();
  const { auth } = ctx;
  const names = settingNames(ctx.product);
  const nowIso = () => new Date(ctx.now()).toISOString();

  const ownUser = (db: ReadonlyDb, me: User, id: string): User => {
    const user = db.users.find((u) => String(u.id) === id);
    if (!user || user.anchor_id !== me.anchor_id) throw notFound(`User ${id} not found.`);
    return user;
  };

  const ownSettings = (db: ReadonlyDb, me: User, id: string): AnchorSettings => {
    const row = db.anchor_settings.find((s) => String(s.anchor_id) === id);
    if (!row || row.anchor_id !== me.anchor_id) throw notFound(`Anchor settings ${id} not found.`);
    return row;
  };

  const settingsAnswer = (db: ReadonlyDb, row: AnchorSettings) => {
    const settings: Record<string, SettingDefinition> = {};
    for (const { stored, wire } of names) {
      const definition = row.settings[stored];
      if (definition) settings[wire] = definition;
    }
    const last = lastSettingChange(db, row.anchor_id);
    return {
      data: resource('anchor_setting', row.anchor_id, { settings }),
      meta: {
        is_system_generated: db.anchors.find((a) => a.id === row.anchor_id)?.is_system_generated ?? false,
        // The seed's settings name an updater without a log entry; every change since is in the log.
        setting_updated_by: last?.user_name ?? row.setting_updated_by,
        setting_updated_at: last?.at ?? (row.setting_updated_by === null ? null : row.updated_at),
      },
    };
  };

  router.get(
    '/users',
    auth,
    route((req, res) => {
      const me = currentUser(req);
      const { page, items } = pageParams(req);
      const rows = ctx
        .db()
        .users.filter((u) => u.anchor_id === me.anchor_id)
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
      const { rows: pageRows, pagy } = paginate(rows, page, items);
      res.json({ data: pageRows.map((u) => resource('user', u.id, adminUserRow(u))), pagy });
    }),
  );

  router.post(
    '/users',
    auth,
    route((req, res) => {
      const me = currentUser(req);
      mayManage(me, 'add users');
      const body = bodyObject(req.body, 'user');
      const form: NewUserForm = {
        first_name: text(body.first_name),
        last_name: text(body.last_name),
        email: text(body.email),
        phone_number: text(body.phone_number),
        designation: text(body.designation).trim(),
      };
      const problems: Record<string, string> = { ...newUserProblems(form) };
      if (text(body.role_id).trim() !== NEW_USER_ROLE_ID) problems.role_id = `role_id must be ${NEW_USER_ROLE_ID}`;
      const db = ctx.db();
      const email = form.email.trim().toLowerCase();
      // E-mail addresses log in, so one may belong to one user of any anchor.
      if (!problems.email && db.users.some((u) => u.email.toLowerCase() === email))
        problems.email = 'Email has already been taken';
      throwIfProblems(problems);
      const user: User = {
        id: newUserId(db),
        anchor_id: me.anchor_id,
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        email,
        phone_number: form.phone_number.trim(),
        designation: form.designation === '' ? 'portal_user' : form.designation,
        role: 'Portal User',
        role_id: Number(NEW_USER_ROLE_ID),
        virtual_id: NEW_USER_ROLE_ID,
        // Spec 2 §6: all access; no access type behaves like every type.
        event: null,
        // Nobody knows this password: the user sets one through 'Forgot password'.
        password_hash: hashPassword(randomBytes(24).toString('base64url')),
        news_letter: false,
        send_email: false,
        is_system_generated: false,
        created_at: nowIso(),
        permissions: [],
      };
      ctx.repository.insert('users', user);
      record(ctx.repository, me, ctx.now(), {
        kind: 'user_added',
        target_id: user.id,
        target_label: `${fullName(user)} <${user.email}>`,
      });
      res.status(201).json({ data: resource('user', user.id, adminUserRow(user)) });
    }),
  );

  router.put(
    '/users/:id(\\d+)',
    auth,
    receiveForm(),
    route((req, res) => {
      const me = currentUser(req);
      mayManage(me, 'change users');
      const db = ctx.db();
      systemAnchor(db, me, 'Users can be changed');
      let user = ownUser(db, me, req.params.id ?? '');
      const flags = userFlags(req.body);
      for (const flag of USER_FLAGS) {
        const value = flags[flag];
        if (value === undefined) continue;
        const before = user[flag];
        user = ctx.repository.update('users', user, { [flag]: value });
        record(ctx.repository, me, ctx.now(), {
          kind: 'user_flag_changed',
          target_id: user.id,
          target_label: `${fullName(user)} <${user.email}>`,
          field: flag,
          before,
          after: value,
        });
      }
      res.json({ data: resource('user', user.id, adminUserRow(user)) });
    }),
  );

  router.delete(
    '/users/:id(\\d+)',
    auth,
    route((req, res) => {
      const me = currentUser(req);
      mayManage(me, 'delete users');
      const db = ctx.db();
      systemAnchor(db, me, 'Users can be deleted');
      const user = ownUser(db, me, req.params.id ?? '');
      if (user.id === me.id)
        throw new HttpError(422, [{ code: SELF_DELETE_CODE, detail: 'You cannot delete yourself.' }]);
      if (user.is_system_generated)
        throw forbidden(SYSTEM_USER_CODE, `${fullName(user)} is a system-generated user and cannot be deleted.`);
      ctx.repository.remove('users', (u) => u.id === user.id);
      // Reset links out for the user stop working, and so do the user's sessions (one journal line with the delete).
      voidResetLinks(ctx.repository, user.id, ctx.now());
      ctx.tokens.revokeUser(user.id);
      record(ctx.repository, me, ctx.now(), {
        kind: 'user_deleted',
        target_id: user.id,
        target_label: `${fullName(user)} <${user.email}>`,
      });
      res.json({ message: USER_TEXTS.deleted });
    }),
  );

  router.get(
    '/anchor_account_details',
    auth,
    route((req, res) => {
      const me = currentUser(req);
      const region = regionFilter(filterValue(req, 'region'));
      const { page, items } = pageParams(req);
      const rows = ctx
        .db()
        .anchor_account_details.filter((a) => a.anchor_id === me.anchor_id && (region === null || a.region === region))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
      const { rows: pageRows, pagy } = paginate(rows, page, items);
      res.json({ data: pageRows.map((a) => resource('anchor_account_detail', a.id, bankAccountRow(a))), pagy });
    }),
  );

  router.post(
    '/anchor_account_details',
    auth,
    route((req, res) => {
      const me = currentUser(req);
      mayManage(me, 'add bank accounts');
      const body = bodyObject(req.body, 'anchor_account_detail');
      const form: BankAccountForm = {
        account_name: text(body.account_name),
        account_number: text(body.account_number),
        account_type: text(body.account_type).trim(),
        ifsc: text(body.ifsc),
        bank_name: text(body.bank_name),
        branch_name: text(body.branch_name),
        region: text(body.region).trim(),
      };
      const problems: Record<string, string> = { ...bankAccountProblems(form) };
      const db = ctx.db();
      const accountNumber = form.account_number.trim();
      const ifsc = form.ifsc.trim();
      if (
        !problems.account_number &&
        !problems.ifsc &&
        db.anchor_account_details.some(
          (a) => a.anchor_id === me.anchor_id && a.account_number === accountNumber && a.ifsc === ifsc,
        )
      ) {
        problems.account_number = `Account ${accountNumber} with IFSC ${ifsc} is already added`;
      }
      throwIfProblems(problems);
      const account: AnchorBankAccount = {
        id: nextId(db.anchor_account_details),
        anchor_id: me.anchor_id,
        account_name: form.account_name.trim(),
        account_number: accountNumber,
        account_type: form.account_type as AccountType,
        ifsc,
        bank_name: form.bank_name.trim(),
        branch_name: form.branch_name.trim(),
        region: form.region as Region,
        created_at: nowIso(),
      };
      ctx.repository.insert('anchor_account_details', account);
      record(ctx.repository, me, ctx.now(), {
        kind: 'bank_account_added',
        target_id: account.id,
        target_label: `${account.account_name}, account ending ${accountNumber.slice(-4)}, ${ifsc}`,
      });
      res.status(201).json({ data: resource('anchor_account_detail', account.id, bankAccountRow(account)) });
    }),
  );

  router.get(
    '/bank_details_by_ifsc',
    auth,
    route((req, res) => {
      const raw = req.query.ifsc;
      const ifsc = typeof raw === 'string' ? raw.trim() : '';
      if (ifsc === '') throw validationError({ ifsc: 'IFSC is required' });
      if (!isIfsc(ifsc)) throw validationError({ ifsc: BANK_MESSAGES.ifsc });
      const branch = branchOf(ifsc);
      if (!branch) throw notFound(`No branch is known for IFSC ${ifsc}: enter the bank and branch names.`);
      res.json({ BANK: branch.bank, BRANCH: branch.branch, IFSC: ifsc });
    }),
  );

  router.get(
    '/anchor_settings/:id',
    auth,
    route((req, res) => {
      const db = ctx.db();
      res.json(settingsAnswer(db, ownSettings(db, currentUser(req), req.params.id ?? '')));
    }),
  );

  router.put(
    '/anchor_settings/:id/settings',
    auth,
    route((req, res) => {
      const me = currentUser(req);
      mayManage(me, 'change the configuration');
      const db = ctx.db();
      systemAnchor(db, me, 'The configuration can be changed');
      let row = ownSettings(db, me, req.params.id ?? '');
      const root = bodyObject(req.body);
      const anchorId = root.anchor_id;
      if (anchorId !== undefined && text(anchorId).trim() !== String(row.anchor_id))
        throw validationError({ anchor_id: `anchor_id must be ${row.anchor_id}, the anchor of the path` });
      const body = bodyObject(req.body, 'anchor_setting');
      const keys = Object.keys(body);
      if (keys.length !== 1)
        throw validationError({
          anchor_setting: `anchor_setting must name exactly one setting${keys.length > 1 ? ` (it names ${keys.join(', ')})` : ''}`,
        });
      const wire = keys[0]!;
      const stored = names.find((n) => n.wire === wire)?.stored;
      const definition = stored === undefined ? undefined : row.settings[stored];
      if (stored === undefined || definition === undefined)
        throw validationError({ [wire]: `${wire} is not a setting of this anchor` });
      const value = settingValue(wire, definition, body[wire]);
      row = ctx.repository.update('anchor_settings', row, {
        settings: { ...row.settings, [stored]: { ...definition, default: value } },
        setting_updated_by: fullName(me),
        updated_at: nowIso(),
      });
      record(ctx.repository, me, ctx.now(), {
        kind: 'setting_changed',
        target_id: row.id,
        target_label: wire,
        field: stored,
        before: definition.default,
        after: value,
      });
      res.json(settingsAnswer(db, row));
    }),
  );

  return router;
}
