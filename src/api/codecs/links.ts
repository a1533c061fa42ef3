import * as t from 'io-ts';
import { CHANNELS } from '../../domain/reminders';
import { REGIONS } from '../../domain/regions';
import { LINK_STATUSES } from '../../domain/statuses';
import { Id, Money, Nullable, oneOf, Pagy } from './common';

/**
 * Payment links and reminders (spec 1 §3, §7): the anchor's channel switches, the generated-links list, the
 * invoice lookup of the create form, the send-links modal's customers and invoices, and the answers of
 * the three writes.
 */

/** `GET /anchor_settings/{id}`: each setting's `default` is its value; only the channel blocks are read here. */
const Setting = t.type({ default: t.union([t.boolean, t.string]) });
export const AnchorSettings = t.type({
  data: t.type({ id: Id, settings: t.record(t.string, Setting) }),
});
export type AnchorSettings = t.TypeOf<typeof AnchorSettings>;

/** A generated link (spec 1 §3: name, phone_number, invoice_ids, creation_date, status), with its invoices' numbers. */
export const LinkRow = t.intersection([
  t.type({
    id: Id,
    name: t.string,
    phone_number: Nullable(t.string),
    invoice_ids: t.array(Id),
    invoice_numbers: t.array(t.string),
    creation_date: t.string,
    status: oneOf(LINK_STATUSES),
  }),
  t.partial({ email: Nullable(t.string), mode_of_communication: t.array(oneOf(CHANNELS)), url: t.string }),
]);
export type LinkRow = t.TypeOf<typeof LinkRow>;

export const LinkList = t.type({ data: t.array(LinkRow), pagy: Pagy });
export type LinkList = t.TypeOf<typeof LinkList>;

/** The create form's lookup: the invoice and its customer's user (the link goes to that user). */
export const InvoiceLookup = t.type({
  data: t.type({
    id: Id,
    document_number: t.string,
    balance_amount: Money,
    distributor_company: t.type({ id: Id, name: t.string }),
    distributor_user: t.type({ id: Id, email: Nullable(t.string), mobile: Nullable(t.string) }),
  }),
});
export type InvoiceLookup = t.TypeOf<typeof InvoiceLookup>;

/** A customer of the send-links modal (spec 1 §3: id, name, primary_user_email, primary_user_mobile, region). */
export const LinkCustomerRow = t.type({
  id: Id,
  name: t.string,
  primary_user_email: Nullable(t.string),
  primary_user_mobile: Nullable(t.string),
  region: oneOf(REGIONS),
});
export type LinkCustomerRow = t.TypeOf<typeof LinkCustomerRow>;
export const LinkCustomerList = t.type({ data: t.array(LinkCustomerRow), pagy: Pagy });
export type LinkCustomerList = t.TypeOf<typeof LinkCustomerList>;

/** What a send or a create answers: the links made (one per customer). */
export const SentLinks = t.type({ message: t.string, data: t.array(LinkRow) });
export type SentLinks = t.TypeOf<typeof SentLinks>;

/** `POST /schedule_reminders`: the stored schedule. */
export const ScheduledReminder = t.type({
  message: t.string,
  data: t.type({
    id: Id,
    type: t.string,
    time: t.string,
    days: t.string,
    invoice_ids: t.array(Id),
    modes: t.array(oneOf(CHANNELS)),
    next_run_at: Nullable(t.string),
  }),
});
export type ScheduledReminder = t.TypeOf<typeof ScheduledReminder>;
