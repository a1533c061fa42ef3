import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { currentUser } from '../auth/middleware';
import { hashPassword, passwordProblem, sha256, verifyPassword } from '../auth/passwords';
import { weakPasswordProblem } from '../auth/password-strength';
import type { MockContext } from '../context';
import { type Anchor, nextId, type User } from '../db';
import type { Repository } from '../store/repository';
import { isEmailAddress, PASSWORD_MISMATCH } from '../../src/domain/validation';
import {
  HttpError,
  bodyObject,
  notFound,
  resource,
  route,
  stringField,
  throwIfProblems,
  validationError,
} from '../http';

const RESET_TTL_MS = 60 * 60 * 1000;

/** The user as the API shows it: never the password hash. */
function publicUser(user: User, anchor: Anchor | undefined, baseUrl: string) {
  const logo = anchor?.logo_url ?? null;
  return {
    id: user.id,
    name: `${user.first_name} ${user.last_name}`.trim(),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    designation: user.designation,
    role: user.role,
    role_id: user.role_id,
    virtual_id: user.virtual_id,
    event: user.event,
    news_letter: user.news_letter,
    send_email: user.send_email,
    is_system_generated: user.is_system_generated,
    permissions: user.permissions ?? [],
    anchor: anchor
      ? {
          id: anchor.id,
          name: anchor.name,
          logo_url: logo && logo.startsWith('/') ? `${baseUrl}${logo}` : logo,
          is_system_generated: anchor.is_system_generated,
        }
      : null,
  };
}

function checkEmail(body: Record<string, unknown>, problems: Record<string, string>): string {
  const email = stringField(body, 'email', problems).toLowerCase();
  if (email !== '' && !isEmailAddress(email)) problems.email = 'email is not a valid e-mail address';
  return email;
}

/**
 * password + password_confirmation, with the portal's rules (length, then not easy to guess given the user's
 * own name and e-mail) and the spec's mismatch message; `problems` may already hold other fields' problems.
 */
async function checkNewPassword(
  body: Record<string, unknown>,
  user: User | undefined,
  problems: Record<string, string> = {},
): Promise<string> {
  const password = stringField(body, 'password', problems, { trim: false });
  const confirmation = stringField(body, 'password_confirmation', problems, { trim: false });
  const userWords = user ? [user.email, user.first_name, user.last_name] : [];
  const weak = password === '' ? null : (passwordProblem(password) ?? (await weakPasswordProblem(password, userWords)));
  if (weak) problems.password = weak;
  if (password !== '' && confirmation !== '' && password !== confirmation)
    problems.password_confirmation = PASSWORD_MISMATCH;
  throwIfProblems(problems);
  return password;
}

/** A hash no password matches in practice: an unknown e-mail is checked against it, so it takes as long. */
const UNKNOWN_USER_HASH = hashPassword(randomBytes(32).toString('hex'));

/** Once a password is set (by a reset link or a change), every reset link still out there stops working. */
export function voidResetLinks(repo: Repository, userId: number, now: number): void {
  for (const link of repo.data.reset_tokens) {
    if (link.user_id === userId && link.used_at === null)
      repo.update('reset_tokens', link, { used_at: new Date(now).toISOString() });
  }
}

export function sessionRoutes(ctx: MockContext): Router {
  const router = Router();
  const { tokens, auth } = ctx;

  router.post(
    '/sessions',
    route((req, res) => {
      const body = bodyObject(req.body, 'user');
      const problems: Record<string, string> = {};
      const email = checkEmail(body, problems);
      const password = typeof body.password === 'string' ? body.password : '';
      if (password === '') problems.password = 'password is required';
      throwIfProblems(problems);
      const user = ctx.db().users.find((u) => u.email.toLowerCase() === email);
      // The same work whether or not the account exists: the answer time must not tell which e-mails are known.
      const matches = verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH);
      if (!user || !matches) {
        throw new HttpError(401, [{ code: 'ER-AUTH-101', detail: 'Invalid email or password.' }]);
      }
      const issued = tokens.login(user.id);
      res.status(201).json({ data: resource('session', user.id, { ...issued, user_id: user.id, event: user.event }) });
    }),
  );

  router.post(
    '/auth',
    route((req, res) => {
      const body = bodyObject(req.body, 'auth');
      const problems: Record<string, string> = {};
      const refreshToken = stringField(body, 'refresh_token', problems);
      throwIfProblems(problems);
      const result = tokens.refresh(refreshToken);
      if (!result.ok) {
        const detail =
          result.reason === 'reused'
            ? 'Refresh token was already used; every session of this login has been revoked.'
            : 'Refresh token is invalid, expired or revoked.';
        throw new HttpError(401, [{ code: 'ER-AUTH-102', detail }]);
      }
      res.json({ data: resource('auth', result.userId, result.tokens) });
    }),
  );

  router.post(
    '/users/logout',
    auth,
    route((req, res) => {
      tokens.revokeFamily(req.tokenFamilyId ?? '');
      res.json({ message: 'Logged out successfully.' });
    }),
  );

  router.post(
    '/users/forgot_password',
    route((req, res) => {
      const body = bodyObject(req.body, 'user');
      const problems: Record<string, string> = {};
      const email = checkEmail(body, problems);
      throwIfProblems(problems);
      const db = ctx.db();
      const user = db.users.find((u) => u.email.toLowerCase() === email);
      if (user) {
        const token = randomBytes(24).toString('base64url');
        ctx.repository.insert('reset_tokens', {
          token_hash: sha256(token),
          user_id: user.id,
          expires_at: new Date(ctx.now() + RESET_TTL_MS).toISOString(),
          used_at: null,
        });
        const link = `${ctx.appUrl}/reset-password?token=${token}`;
        ctx.repository.insert('mails', {
          id: nextId(db.mails),
          to: user.email,
          subject: 'Reset your Anchor Portal password',
          body: `Hello ${user.first_name},\n\nOpen this link within an hour to set a new password:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
          link,
          sent_at: new Date(ctx.now()).toISOString(),
        });
        ctx.log(`[mock] reset link mailed to ${user.email} (read it in the dev mailbox)`);
      }
      // The same answer whether or not the address is known, so the form cannot be used to probe for accounts.
      res.json({ message: `If ${email} belongs to an account, a reset link has been sent to it.` });
    }),
  );

  router.post(
    '/users/reset_password',
    route(async (req, res) => {
      const body = bodyObject(req.body);
      const problems: Record<string, string> = {};
      const token = stringField(body, 'token', problems);
      throwIfProblems(problems);
      const db = ctx.db();
      const record = db.reset_tokens.find((t) => t.token_hash === sha256(token));
      if (!record || record.used_at !== null) {
        throw new HttpError(422, [
          { code: 'ER-RESET-101', detail: 'This reset link is invalid or has already been used.' },
        ]);
      }
      if (Date.parse(record.expires_at) <= ctx.now()) {
        throw new HttpError(422, [{ code: 'ER-RESET-102', detail: 'This reset link has expired. Ask for a new one.' }]);
      }
      const user = db.users.find((u) => u.id === record.user_id);
      if (!user) throw notFound('The account of this reset link no longer exists.');
      const password = await checkNewPassword(body, user);
      ctx.repository.update('users', user, { password_hash: hashPassword(password) });
      voidResetLinks(ctx.repository, user.id, ctx.now());
      // One journal line holds the new password and the sessions it ends: they commit together.
      tokens.revokeUser(user.id);
      res.json({ message: 'Your password has been reset. Log in with the new password.' });
    }),
  );

  router.put(
    '/users/set_password',
    auth,
    route(async (req, res) => {
      const user = currentUser(req);
      const body = bodyObject(req.body);
      // The current password first (OWASP ASVS 5.0 V6): a stolen session token alone cannot lock the owner out.
      const problems: Record<string, string> = {};
      const current = stringField(body, 'current_password', problems, { trim: false });
      throwIfProblems(problems);
      if (!verifyPassword(current, user.password_hash)) {
        res.locals.wrongPassword = true; // counted by the password-change limit (rate-limits.ts)
        throw validationError({ current_password: 'The current password is not correct.' });
      }
      const password = await checkNewPassword(body, user);
      if (password === current) {
        throw validationError({ password: 'The new password must differ from the current one.' });
      }
      ctx.repository.update('users', user, { password_hash: hashPassword(password) });
      voidResetLinks(ctx.repository, user.id, ctx.now());
      // One journal line holds the new password and the sessions it ends: they commit together.
      tokens.revokeUser(user.id, req.tokenFamilyId);
      res.json({ message: 'Password Changed Successfully!' });
    }),
  );

  router.get(
    '/users/:id',
    auth,
    route((req, res) => {
      const me = currentUser(req);
      const db = ctx.db();
      const user = db.users.find((u) => String(u.id) === req.params.id);
      // Users of other anchors are not there, as far as this caller can tell.
      if (!user || user.anchor_id !== me.anchor_id) throw notFound(`User ${req.params.id} not found.`);
      const anchor = db.anchors.find((a) => a.id === user.anchor_id);
      res.json({ data: resource('user', user.id, publicUser(user, anchor, ctx.baseUrl(req))) });
    }),
  );

  return router;
}
