import { Router, type Request } from 'express';
import { rupees } from '../aggregates';
import { currentUser } from '../auth/middleware';
import type { MockContext } from '../context';
import { nextId, type DistributorCompany, type Reminder, type User, type ReadonlyDb } from '../db';
import { bodyObject, HttpError, isRecord, notFound, resource, route, throwIfProblems, validationError } from '../http';
import { runIdempotent } from '../idempotency';
import { createLink, deliverDueReminders, linkRow, linkStatus, nextRunAt, openInvoicesOf, payLinkUrl } from '../links';
import { filterValue, paginate, pageParams } from '../paging';
import { PERMISSION_CODE } from './admin';
import { regionFilter } from './distributors';
import {
  blockedChannelText,
  CHANNEL_BLOCK_SETTINGS,
  isChannel,
  orderedChannels,
  REMINDER_CATEGORY,
  REMINDER_TYPE_WIRE,
  reminderHour,
  weekdaysOf,
  type Channel,
} from '../../src/domain/reminders';
import { LINK_STATUSES, type LinkStatus } from '../../src/domain/statuses';
import { isSearchable } from '../../src/domain/thresholds';
import { canCreatePaymentLinks, CREATE_PAYMENT_LINKS } from '../../src/domain/user';

/**
 * 403 ER-PERMISSION unless the user may send payment links (spec 1 §6's user-level check). Every call
 * that puts a link in a customer's hands needs it: the create form, Send Payment Links (by invoice or by
 * customer) and a reminder schedule (each run sends a link); the app offers none of them without it.
 */
function maySendLinks(user: User): void {
  if (!canCreatePaymentLinks(user))
    throw new HttpError(403, [
      {
        code: PERMISSION_CODE,
        detail: `You may not send payment links (it needs the ${CREATE_PAYMENT_LINKS} permission).`,
      },
    ]);
}

/** Channels the anchor's configuration blocks. */
function blockedChannels(db: ReadonlyDb, anchorId: number): Channel[] {
  const settings = db.anchor_settings.find((s) => s.anchor_id === anchorId)?.settings ?? {};
  return (['whatsapp', 'sms', 'email'] as const).filter((c) => settings[CHANNEL_BLOCK_SETTINGS[c]]?.default === true);
}

/** `mode_of_communication` / `modes`: a non-empty list of known channels, none blocked for the anchor. */
function channelsOf(
  value: unknown,
  field: string,
  db: ReadonlyDb,
  anchorId: number,
  problems: Record<string, string>,
): Channel[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isChannel)) {
    problems[field] = `${field} must list one or more of whatsapp, sms, email`;
    return [];
  }
  const blocked = blockedChannels(db, anchorId).filter((c) => value.includes(c));
  if (blocked.length > 0)
    throw new HttpError(
      422,
      blocked.map((c) => ({ code: 'ER-CHANNEL-BLOCKED', title: field, detail: blockedChannelText(c) })),
    );
  return orderedChannels(value);
}

/** A list of whole ids (numbers or digit strings), non-empty. */
function idsOf(value: unknown, field: string, problems: Record<string, string>): number[] {
  const ids = Array.isArray(value)
    ? value.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN))
    : [];
  if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id < 1)) {
    problems[field] = `${field} must list one or more ids`;
    return [];
  }
  return [...new Set(ids)];
}

/**
 * Payment links and reminders (spec 1 §7): the generated links, the invoice lookup,
 * creating a link, sending links by invoice or by customer, and reminder schedules. Writes take an
 * Idempotency-Key (optional here), so a double click or a retry makes one batch; a blocked channel is
 * refused (422 ER-CHANNEL-BLOCKED) with the warning's text. The anchor's settings, whose channel blocks the
 * send forms read (GET /anchor_settings/{id}), are served by routes/admin.ts.
 */
export function linkRoutes(ctx: MockContext): Router {
  const router = Router();
  const url = (token: string) => payLinkUrl(ctx.appUrl, ctx.product, token);
  const anchorName = (db: ReadonlyDb, anchorId: number) =>
    db.anchors.find((a) => a.id === anchorId)?.name ?? 'Your supplier';
  const ownCompany = (db: ReadonlyDb, anchorId: number, id: number): DistributorCompany => {
    const company = db.distributor_companies.find((c) => c.id === id && c.anchor_id === anchorId);
    if (!company) throw notFound(`Customer ${id} not found.`);
    return company;
  };
  const scope = (req: Request) => ({ token: `user:${currentUser(req).id}`, required: false });

  router.get(
    '/payment_links',
    ctx.auth,
    route((req, res) => {
      const db = ctx.db();
      const me = currentUser(req);
      const now = ctx.now();
      const problems: Record<string, string> = {};
      const region = regionFilter(filterValue(req, 'region'));
      const cf = filterValue(req, 'channel_finance');
      if (cf !== undefined && cf !== '1' && cf !== '0') problems.channel_finance = 'channel_finance must be 1 or 0';
      const status = filterValue(req, 'link_status');
      if (status !== undefined && !(LINK_STATUSES as readonly string[]).includes(status))
        problems.link_status = `link_status must be one of ${LINK_STATUSES.join(', ')}`;
      const rawSearch = filterValue(req, 'search');
      if (rawSearch !== undefined && !isSearchable(rawSearch)) problems.search = 'search needs at least 3 characters';
      throwIfProblems(problems);
      const search = rawSearch?.trim().toLowerCase();
      const companies = new Map(
        db.distributor_companies.filter((c) => c.anchor_id === me.anchor_id).map((c) => [c.id, c]),
      );
      const numbers = (ids: number[]) =>
        ids.map((id) => db.invoices.find((inv) => inv.id === id)?.document_number ?? '');
      const rows = db.payment_links
        .filter((link) => {
          const company = companies.get(link.distributor_company_id);
          if (link.anchor_id !== me.anchor_id || !company) return false;
          if (region !== null && company.region !== region) return false;
          if (
            cf !== undefined &&
            link.invoice_ids.some((id) => db.invoices.find((inv) => inv.id === id)?.channel_finance !== (cf === '1'))
          )
            return false;
          if (status !== undefined && linkStatus(db, link, now) !== (status as LinkStatus)) return false;
          if (
            search !== undefined &&
            !company.name.toLowerCase().includes(search) &&
            !numbers(link.invoice_ids).some((n) => n.toLowerCase().includes(search))
          )
            return false;
          return true;
        })
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
      const { page, items } = pageParams(req);
      const { rows: pageRows, pagy } = paginate(rows, page, items);
      res.json({
        data: pageRows.map((link) => resource('payment_link', link.id, linkRow(db, link, now, url(link.token)))),
        pagy,
      });
    }),
  );

  // Before any /invoices/:id route.
  router.get(
    '/invoices/lookup',
    ctx.auth,
    route((req, res) => {
      const db = ctx.db();
      const me = currentUser(req);
      const number = typeof req.query.document_number === 'string' ? req.query.document_number.trim() : '';
      if (number.length <= 3)
        throw validationError({ document_number: 'document_number needs more than 3 characters' });
      const invoice = db.invoices.find(
        (inv) =>
          inv.anchor_id === me.anchor_id &&
          inv.document_number.toLowerCase() === number.toLowerCase() &&
          (inv.status === 'open' || inv.status === 'partially_paid'),
      );
      if (!invoice) throw notFound(`No open invoice ${number}.`);
      const company = ownCompany(db, me.anchor_id, invoice.distributor_company_id);
      res.json({
        data: resource('invoice', invoice.id, {
          document_number: invoice.document_number,
          balance_amount: rupees(invoice.total - invoice.amount_paid),
          distributor_company: { id: company.id, name: company.name },
          // The customer's primary user receives the link; the mock names that user by the company's id.
          distributor_user: {
            id: company.id,
            name: company.primary_user_name,
            email: company.primary_user_email,
            mobile: company.primary_user_mobile,
          },
        }),
      });
    }),
  );

  router.post(
    '/payment_links',
    ctx.auth,
    route((req, res) => {
      const db = ctx.db();
      const me = currentUser(req);
      maySendLinks(me);
      runIdempotent(ctx.repository, ctx.now(), req, res, scope(req), () => {
        const body = bodyObject(req.body, 'payment_links');
        const problems: Record<string, string> = {};
        const userId = idsOf([body.distributor_user_id], 'distributor_user_id', problems)[0];
        const invoiceIds = idsOf(body.invoices_ids, 'invoices_ids', problems);
        const channels = channelsOf(body.mode_of_communication, 'mode_of_communication', db, me.anchor_id, problems);
        throwIfProblems(problems);
        const company = ownCompany(db, me.anchor_id, userId!);
        const open = new Set(openInvoicesOf(db, company.id).map((inv) => inv.id));
        const notOpen = invoiceIds.filter((id) => !open.has(id));
        if (notOpen.length > 0)
          throw validationError({
            invoices_ids: `Invoices ${notOpen.join(', ')} are not open invoices of ${company.name}.`,
          });
        const { link } = createLink(ctx.repository, {
          anchorName: anchorName(db, me.anchor_id),
          company,
          invoiceIds,
          channels,
          appUrl: ctx.appUrl,
          product: ctx.product,
          now: ctx.now(),
        });
        return {
          status: 201,
          body: { message: 'Payment link sent successfully.', data: [linkRow(db, link, ctx.now(), url(link.token))] },
        };
      });
    }),
  );

  router.post(
    '/payments/send_payment_links',
    ctx.auth,
    route((req, res) => {
      const db = ctx.db();
      const me = currentUser(req);
      maySendLinks(me);
      runIdempotent(ctx.repository, ctx.now(), req, res, scope(req), () => {
        const body = bodyObject(req.body, 'payment_links');
        const problems: Record<string, string> = {};
        const channels = channelsOf(body.mode_of_communication, 'mode_of_communication', db, me.anchor_id, problems);
        const byCustomer = body.distributor_company_ids !== undefined;
        const batches: { company: DistributorCompany; invoiceIds: number[] }[] = [];
        if (byCustomer) {
          const ids = idsOf(body.distributor_company_ids, 'distributor_company_ids', problems);
          throwIfProblems(problems);
          for (const id of ids) {
            const company = ownCompany(db, me.anchor_id, id);
            const invoiceIds = openInvoicesOf(db, id).map((inv) => inv.id);
            if (invoiceIds.length === 0)
              throw validationError({ distributor_company_ids: `${company.name} has no open invoices.` });
            batches.push({ company, invoiceIds });
          }
        } else {
          const companyId = idsOf([body.distributor_company_id], 'distributor_company_id', problems)[0];
          const invoiceIds = idsOf(body.invoices_ids, 'invoices_ids', problems);
          throwIfProblems(problems);
          const company = ownCompany(db, me.anchor_id, companyId!);
          const open = new Set(openInvoicesOf(db, company.id).map((inv) => inv.id));
          const notOpen = invoiceIds.filter((id) => !open.has(id));
          if (notOpen.length > 0)
            throw validationError({
              invoices_ids: `Invoices ${notOpen.join(', ')} are not open invoices of ${company.name}.`,
            });
          batches.push({ company, invoiceIds });
        }
        const name = anchorName(db, me.anchor_id);
        const links = batches.map(
          (b) =>
            createLink(ctx.repository, {
              anchorName: name,
              company: b.company,
              invoiceIds: b.invoiceIds,
              channels,
              appUrl: ctx.appUrl,
              product: ctx.product,
              now: ctx.now(),
            }).link,
        );
        return {
          status: 201,
          body: {
            message: `Payment link${links.length === 1 ? '' : 's'} sent successfully.`,
            data: links.map((link) => linkRow(db, link, ctx.now(), url(link.token))),
          },
        };
      });
    }),
  );

  const reminderAttributes = (r: Reminder) => ({
    type: r.type,
    time: r.time,
    days: r.days,
    invoice_ids: r.invoice_ids.map(String),
    modes: r.modes,
    category_type: r.category_type,
    created_at: r.created_at,
    next_run_at: r.next_run_at,
    last_run_at: r.last_run_at,
  });

  router.post(
    '/schedule_reminders',
    ctx.auth,
    route((req, res) => {
      const db = ctx.db();
      const me = currentUser(req);
      maySendLinks(me);
      runIdempotent(ctx.repository, ctx.now(), req, res, scope(req), () => {
        const body = bodyObject(req.body, 'schedule_reminder');
        const problems: Record<string, string> = {};
        const type = Object.values(REMINDER_TYPE_WIRE).find((t) => t === body.type);
        if (!type) problems.type = `type must be one of ${Object.values(REMINDER_TYPE_WIRE).join(', ')}`;
        const time = typeof body.time === 'string' ? body.time : '';
        if (reminderHour(time) === null) problems.time = 'time must be an hour from 24.00 (12 AM) to 23.00';
        const days = typeof body.days === 'string' ? body.days : '';
        const weekdays = weekdaysOf(days);
        if (weekdays === null || weekdays.length === 0)
          problems.days = 'days must be 7 characters of 0 and 1, Monday first, with at least one 1';
        if (body.category_type !== REMINDER_CATEGORY)
          problems.category_type = `category_type must be ${REMINDER_CATEGORY}`;
        const invoiceIds = idsOf(body.invoice_ids, 'invoice_ids', problems);
        const modes = channelsOf(body.modes, 'modes', db, me.anchor_id, problems);
        throwIfProblems(problems);
        const mine = new Set(db.invoices.filter((inv) => inv.anchor_id === me.anchor_id).map((inv) => inv.id));
        const unknown = invoiceIds.filter((id) => !mine.has(id));
        if (unknown.length > 0) throw validationError({ invoice_ids: `Invoices ${unknown.join(', ')} not found.` });
        const now = ctx.now();
        const reminder: Reminder = {
          id: nextId(db.reminders),
          anchor_id: me.anchor_id,
          user_id: me.id,
          type: type!,
          time,
          days: type === 'DAILY' ? '1111111' : days,
          invoice_ids: invoiceIds,
          modes,
          category_type: REMINDER_CATEGORY,
          created_at: new Date(now).toISOString(),
          next_run_at: null,
          last_run_at: null,
        };
        const next = nextRunAt(reminder, now);
        reminder.next_run_at = next === null ? null : new Date(next).toISOString();
        ctx.repository.insert('reminders', reminder);
        return {
          status: 201,
          body: {
            message: 'Reminder scheduled successfully.',
            data: { id: String(reminder.id), ...reminderAttributes(reminder) },
          },
        };
      });
    }),
  );

  router.get(
    '/schedule_reminders',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const rows = ctx
        .db()
        .reminders.filter((r) => r.anchor_id === me.anchor_id)
        .sort((a, b) => b.id - a.id);
      const { page, items } = pageParams(req);
      const { rows: pageRows, pagy } = paginate(rows, page, items);
      res.json({ data: pageRows.map((r) => resource('schedule_reminder', r.id, reminderAttributes(r))), pagy });
    }),
  );

  return router;
}

/**
 * Development only: deliver the reminders due at `at` (an ISO time, default now) as if the clock read it,
 * without moving the server's clock (other sessions keep theirs). Answers how many messages went out.
 */
export function reminderDevRoutes(ctx: MockContext): Router {
  const router = Router();
  router.post(
    '/__dev/reminders/run',
    route((req, res) => {
      const at = isRecord(req.body) && typeof req.body.at === 'string' ? Date.parse(req.body.at) : ctx.now();
      if (Number.isNaN(at)) throw validationError({ at: 'at must be an ISO date-time' });
      const sent = deliverDueReminders(ctx.repository, at, { appUrl: ctx.appUrl, product: ctx.product });
      res.json({ sent });
    }),
  );
  return router;
}
