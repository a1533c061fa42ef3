/**
 * Payment links and dues reminders (spec 1 §2.6, §3, §4, §5, §7, §9; spec 3 §7): the channels, the schedule
 * choices, the wire mapping and every message, written once for the app, its machines and the mock.
 */

/** The messaging channels a link or reminder goes out on (`mode_of_communication`, `modes`). */
export const CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The channel as the user reads it (check boxes, the blocked-channel warning's {service}). */
export const CHANNEL_LABELS: Record<Channel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' };

export const isChannel = (value: unknown): value is Channel => CHANNELS.includes(value as Channel);

/** The anchor configuration key that blocks a channel (`GET /anchor_settings/{id}`, `<key>.default`). */
export const CHANNEL_BLOCK_SETTINGS: Record<Channel, string> = {
  whatsapp: 'whatsapp_blocked',
  sms: 'sms_blocked',
  email: 'email_blocked',
};

/** Spec 1 §5 and §8: a blocked channel warns with this text, as a toast with the code 'Warning'. */
export const BLOCKED_CHANNEL_CODE = 'Warning';
export const blockedChannelText = (channel: Channel): string =>
  `Please contact your admin to unblock the ${CHANNEL_LABELS[channel]} service.`;

/** Spec 1 §5: the payment-link messages, verbatim. */
export const LINK_MESSAGES = {
  invoice: 'Please, select invoice and alert mode.',
  customer: 'Please, select customer and alert mode.',
} as const;

/** Spec 1 §5: the reminder messages, verbatim. */
export const REMINDER_MESSAGES = {
  incomplete: 'Please, select invoice, alert mode and schedule type.',
  noType: 'Please, select alert mode.',
  timeAndDay: 'Please, select time and day.',
  time: 'Please, select time.',
} as const;

/** The schedule types of a reminder, and what each is called on the wire (spec 3 §7). */
export const REMINDER_TYPES = ['once', 'custom', 'daily'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];
export const REMINDER_TYPE_WIRE = { once: 'ONCE', custom: 'CUSTOM_DAYS', daily: 'DAILY' } as const satisfies Record<
  ReminderType,
  string
>;
export type ReminderTypeWire = (typeof REMINDER_TYPE_WIRE)[ReminderType];
export const REMINDER_TYPE_LABELS: Record<ReminderType, string> = { once: 'Once', custom: 'Custom', daily: 'Daily' };

/** Weekdays, Monday first: the order of the 7-character `days` string. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * Reminder times, hourly from 12 AM to 11 PM (spec 1 §9). 12 AM is sent as '24.00' (spec); the other hours
 * as two-digit 'HH.00' ('01.00' … '23.00').
 */
export const REMINDER_TIMES: readonly { value: string; label: string; hour: number }[] = Array.from(
  { length: 24 },
  (_, hour) => ({
    value: hour === 0 ? '24.00' : `${String(hour).padStart(2, '0')}.00`,
    label: `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`,
    hour,
  }),
);

/** The hour of the day (0–23) a reminder time value stands for; null for a value not on the list. */
export function reminderHour(value: string): number | null {
  return REMINDER_TIMES.find((t) => t.value === value)?.hour ?? null;
}

/** The chosen weekdays as the wire's 7-character 0/1 string, Monday first ('Mon', 'Wed' → '1010000'). */
export function daysString(days: readonly Weekday[]): string {
  return WEEKDAYS.map((day) => (days.includes(day) ? '1' : '0')).join('');
}

/** The weekdays of a 7-character 0/1 string; null when it is not one. */
export function weekdaysOf(days: string): Weekday[] | null {
  if (!/^[01]{7}$/.test(days)) return null;
  return WEEKDAYS.filter((_, index) => days[index] === '1');
}

/** The reminder's category on the wire (spec 1 §7). */
export const REMINDER_CATEGORY = 'clear_dues_for_invoice';

/** The reminder message: fixed and read-only (spec 1 §5); the provider fills in the link. */
export const REMINDER_TEXT =
  'Dear customer, your invoices are due for payment. Please clear your dues using the payment link sent with this message.';

export interface ReminderChoice {
  invoiceIds: readonly string[];
  channels: readonly Channel[];
  type: ReminderType | null;
  time: string | null;
  days: readonly Weekday[];
}

/**
 * The reminder form's message (spec 1 §5), or null when it may be saved. Without invoices or a channel the
 * first message; then a missing schedule type; then once and custom need a time and a day, daily a time.
 */
export function reminderProblem(choice: ReminderChoice): string | null {
  if (choice.invoiceIds.length === 0 || choice.channels.length === 0) return REMINDER_MESSAGES.incomplete;
  if (choice.type === null) return REMINDER_MESSAGES.noType;
  if (choice.type === 'daily') return choice.time ? null : REMINDER_MESSAGES.time;
  return choice.time && choice.days.length > 0 ? null : REMINDER_MESSAGES.timeAndDay;
}

export interface ReminderBody {
  schedule_reminder: {
    time: string;
    type: ReminderTypeWire;
    days: string;
    invoice_ids: number[];
    category_type: typeof REMINDER_CATEGORY;
    modes: Channel[];
  };
}

/** The `POST /schedule_reminders` body of a valid choice; a daily reminder runs every day ('1111111'). */
export function reminderBody(choice: ReminderChoice): ReminderBody {
  const type = choice.type ?? 'once';
  return {
    schedule_reminder: {
      time: choice.time ?? '',
      type: REMINDER_TYPE_WIRE[type],
      days: type === 'daily' ? daysString(WEEKDAYS) : daysString(choice.days),
      invoice_ids: choice.invoiceIds.map(Number),
      category_type: REMINDER_CATEGORY,
      modes: orderedChannels(choice.channels),
    },
  };
}

/** Payment links sent over this many days are counted in the send-links banner (spec 1 §9). */
const LINKS_SENT_WINDOW_DAYS = 60;
export const linksSentText = (count: number): string =>
  `${count} Payment links sent over last ${LINKS_SENT_WINDOW_DAYS} days`;

/** The send-links modal's searches: customers from 3 characters, invoice numbers from 2 (spec 1 §5, §9). */
export const CUSTOMER_SEARCH_MIN_LENGTH = 3;
export const INVOICE_SEARCH_MIN_LENGTH = 2;
/** The create-links invoice-number lookup fires only above 3 characters (spec 1 §5). */
export const INVOICE_LOOKUP_MIN_LENGTH = 4;

/** Spec 1 §8: the send-links modal's empty lists. */
export const NO_RECORD_TEXT = 'No Record Found';

/** `POST /payments/send_payment_links` by invoice: one customer's chosen invoices (spec 1 §7). */
interface LinksByInvoiceBody {
  payment_links: { distributor_company_id: number; invoices_ids: number[]; mode_of_communication: Channel[] };
}
/** `POST /payments/send_payment_links` by customer: every open invoice of each ticked customer (spec 1 §7). */
interface LinksByCustomerBody {
  payment_links: { distributor_company_ids: number[]; mode_of_communication: Channel[] };
}
export type SendLinksBody = LinksByInvoiceBody | LinksByCustomerBody;

/** The create-links form's body (spec 1 §7): the invoice's customer user, the invoice, the channels. */
export interface CreateLinkBody {
  payment_links: { distributor_user_id: number; invoices_ids: number[]; mode_of_communication: Channel[] };
}

/** Channels in their fixed order, so the same choice is always the same body (and the same idempotent request). */
export const orderedChannels = (channels: readonly Channel[]): Channel[] =>
  CHANNELS.filter((c) => channels.includes(c));

/** The list with `item` added at the end, or taken out when it was there (check boxes). */
export function toggleIn<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** The warning a click on a blocked channel raises (spec 1 §5, §8), as an error list for the toast. */
export const blockedChannelNotice = (channel: Channel): { code: string; detail: string }[] => [
  { code: BLOCKED_CHANNEL_CODE, detail: blockedChannelText(channel) },
];

/** A form's channels once the anchor's blocks are known: the blocked ones are taken off. */
export const withBlocked = (channels: readonly Channel[], blocked: readonly Channel[]) => ({
  blocked: [...blocked],
  channels: channels.filter((c) => !blocked.includes(c)),
});
