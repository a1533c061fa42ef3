import { randomBytes } from 'node:crypto';
import { addDays } from 'date-fns';
import type { DistributorCompany, Invoice, PaymentLink, ReadonlyDb, Reminder } from './db';
import type { Repository } from './store/repository';
import { nextId } from './db';
import { REMINDER_TEXT, reminderHour, weekdaysOf, type Channel } from '../src/domain/reminders';
import type { LinkStatus } from '../src/domain/statuses';
import { formatMoney } from '../src/domain/money';
import { canCreatePaymentLinks } from '../src/domain/user';

/**
 * Payment links and reminders as the provider keeps them: a link is a real pay-page token for one customer
 * and the invoices it names; its status follows those invoices (paid once all are) and its expiry; every
 * message the provider "sends" lands in the dev outbox (`db.mails`) with its channel, recipient and text.
 */

/** A new link opens the pay page for this long. */
const LINK_TTL_DAYS = 7;

/** The pay page's address for a link token (the app's `/pay-with-{product}` route). */
export const payLinkUrl = (appUrl: string, product: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}/pay-with-${product}?token=${token}`;

const unpaid = (invoice: Invoice) => invoice.status === 'open' || invoice.status === 'partially_paid';

/** A link's status now: paid once every invoice it names is paid, expired after its expiry, else pending. */
export function linkStatus(db: ReadonlyDb, link: PaymentLink, now: number): LinkStatus {
  if (link.status === 'paid') return 'paid';
  if (
    link.invoice_ids.length > 0 &&
    link.invoice_ids.every((id) => db.invoices.find((inv) => inv.id === id)?.status === 'paid')
  )
    return 'paid';
  if (link.status === 'expired' || Date.parse(link.expires_at) <= now) return 'expired';
  return 'pending';
}

/** Marks the links naming `invoiceIds` paid when all their invoices are (called when the pay page settles invoices). */
export function settleLinks(repo: Repository, invoiceIds: readonly number[], now: number): void {
  const settled = new Set(invoiceIds);
  for (const link of repo.data.payment_links) {
    if (link.status !== 'pending' || !link.invoice_ids.some((id) => settled.has(id))) continue;
    if (linkStatus(repo.data, link, now) === 'paid') repo.update('payment_links', link, { status: 'paid' });
  }
}

/** The open and part-paid invoices of a customer, oldest due first. */
export function openInvoicesOf(db: ReadonlyDb, companyId: number): Invoice[] {
  return db.invoices
    .filter((inv) => inv.distributor_company_id === companyId && unpaid(inv))
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id);
}

/** Where a channel's message goes for a customer: its primary user's mobile (WhatsApp, SMS) or e-mail. */
const recipient = (company: DistributorCompany, channel: Channel) =>
  channel === 'email' ? company.primary_user_email : company.primary_user_mobile;

/** What a message says; `reminder_id` for a scheduled reminder's. */
interface MessageText {
  subject: string;
  body: string;
  link: string | null;
  reminder_id?: number;
}

/** Puts one message per channel in the outbox; answers how many. */
function sendMessages(
  repo: Repository,
  company: DistributorCompany,
  channels: readonly Channel[],
  text: MessageText,
  now: number,
): number {
  for (const channel of channels) {
    repo.insert('mails', {
      id: nextId(repo.data.mails),
      to: recipient(company, channel),
      channel,
      sent_at: new Date(now).toISOString(),
      ...text,
    });
  }
  return channels.length;
}

/** The invoices' balance due (amounts are paise in the mock's data), as the message says it ('₹22,150.00'). */
const balanceText = (db: ReadonlyDb, ids: readonly number[]) => {
  const paise = ids.reduce((sum, id) => {
    const inv = db.invoices.find((i) => i.id === id);
    return sum + (inv ? inv.total - inv.amount_paid : 0);
  }, 0);
  return formatMoney(paise);
};

/**
 * Makes a link for a customer's invoices and sends it on each channel (with the reminder text when a reminder
 * sends it); answers the row as stored and how many messages went out.
 */
export function createLink(
  repo: Repository,
  input: {
    anchorName: string;
    company: DistributorCompany;
    invoiceIds: number[];
    channels: Channel[];
    appUrl: string;
    product: string;
    now: number;
    reminderId?: number;
  },
): { link: PaymentLink; sent: number } {
  const db = repo.data;
  const created = new Date(input.now);
  const link: PaymentLink = {
    id: nextId(db.payment_links),
    anchor_id: input.company.anchor_id,
    distributor_company_id: input.company.id,
    invoice_ids: input.invoiceIds,
    token: randomBytes(16).toString('hex'),
    mode_of_communication: input.channels,
    status: 'pending',
    created_at: created.toISOString(),
    expires_at: addDays(created, LINK_TTL_DAYS).toISOString(),
  };
  repo.insert('payment_links', link);
  const url = payLinkUrl(input.appUrl, input.product, link.token);
  const numbers = input.invoiceIds.map((id) => db.invoices.find((inv) => inv.id === id)?.document_number ?? String(id));
  const text: MessageText =
    input.reminderId === undefined
      ? {
          subject: `${input.anchorName}: payment link for ${numbers.length === 1 ? `invoice ${numbers[0]}` : `${numbers.length} invoices`}`,
          body: `Dear ${input.company.name}, please pay ${balanceText(db, input.invoiceIds)} due to ${input.anchorName} (${numbers.join(', ')}) at ${url}. The link is valid for ${LINK_TTL_DAYS} days.`,
          link: url,
        }
      : {
          subject: `${input.anchorName}: reminder of dues`,
          body: `${REMINDER_TEXT} ${url}`,
          link: url,
          reminder_id: input.reminderId,
        };
  const sent = sendMessages(repo, input.company, input.channels, text, input.now);
  return { link, sent };
}

/** The link row the app reads (spec 1 §3), with its invoices' numbers and its status now. */
export function linkRow(db: ReadonlyDb, link: PaymentLink, now: number, url: string) {
  const company = db.distributor_companies.find((c) => c.id === link.distributor_company_id);
  return {
    id: String(link.id),
    name: company?.primary_user_name ?? company?.name ?? '',
    phone_number: company?.primary_user_mobile ?? null,
    email: company?.primary_user_email ?? null,
    invoice_ids: link.invoice_ids.map(String),
    invoice_numbers: link.invoice_ids.map(
      (id) => db.invoices.find((inv) => inv.id === id)?.document_number ?? String(id),
    ),
    creation_date: link.created_at,
    status: linkStatus(db, link, now),
    mode_of_communication: link.mode_of_communication,
    url,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reminders
// ---------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** India Standard Time: reminder hours are the anchor's wall-clock hours. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * The first time at or after `from` (ms) when a reminder runs: its hour (IST) on one of its days
 * (Monday-first 0/1 string). Null for a schedule that cannot run (no day).
 */
export function nextRunAt(reminder: Pick<Reminder, 'time' | 'days'>, from: number): number | null {
  const hour = reminderHour(reminder.time);
  const days = weekdaysOf(reminder.days);
  if (hour === null || days === null || days.length === 0) return null;
  const wanted = new Set(days.map((d) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(d)));
  const local = from + IST_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  for (let day = 0; day <= 7; day++) {
    const at = midnight + day * DAY_MS + hour * 3_600_000;
    // getUTCDay of the local midnight: 0 Sunday .. 6 Saturday; Monday-first index = (d + 6) % 7.
    const weekday = (new Date(midnight + day * DAY_MS).getUTCDay() + 6) % 7;
    if (at >= local && wanted.has(weekday)) return at - IST_OFFSET_MS;
  }
  return null;
}

/**
 * Delivers every reminder due at `now`: for each customer of its invoices that still owe, a link for those
 * invoices goes out on the reminder's channels with the fixed reminder text (only while the user who
 * scheduled it may send payment links). A once-reminder then ends; the others move to their next run.
 * Returns how many messages went out.
 */
export function deliverDueReminders(
  repo: Repository,
  now: number,
  options: { appUrl: string; product: string },
): number {
  const db = repo.data;
  let sent = 0;
  for (const reminder of db.reminders) {
    if (reminder.next_run_at === null || Date.parse(reminder.next_run_at) > now) continue;
    const runAt = Date.parse(reminder.next_run_at);
    // A run sends links on behalf of whoever scheduled it: nothing goes out once they may no longer send links.
    const owner = db.users.find((u) => u.id === reminder.user_id);
    const owing = canCreatePaymentLinks(owner)
      ? reminder.invoice_ids
          .map((id) => db.invoices.find((inv) => inv.id === id))
          .filter((inv): inv is Invoice => inv !== undefined && unpaid(inv))
      : [];
    const byCompany = new Map<number, number[]>();
    for (const inv of owing)
      byCompany.set(inv.distributor_company_id, [...(byCompany.get(inv.distributor_company_id) ?? []), inv.id]);
    const anchorName = db.anchors.find((a) => a.id === reminder.anchor_id)?.name ?? 'Your supplier';
    for (const [companyId, invoiceIds] of byCompany) {
      const company = db.distributor_companies.find((c) => c.id === companyId);
      if (!company) continue;
      sent += createLink(repo, {
        anchorName,
        company,
        invoiceIds,
        channels: reminder.modes,
        appUrl: options.appUrl,
        product: options.product,
        now: runAt,
        reminderId: reminder.id,
      }).sent;
    }
    const next = reminder.type === 'ONCE' ? null : nextRunAt(reminder, runAt + 60_000);
    repo.update('reminders', reminder, {
      last_run_at: new Date(runAt).toISOString(),
      next_run_at: next === null ? null : new Date(next).toISOString(),
    });
  }
  return sent;
}
