/**
 * The create-link form's path model: the graph its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import { pathModel } from '../test-paths';
import { createLinkMachine, type CreateLinkContext, type LookedUpInvoice } from './create-link.machine';

export const FOUND: LookedUpInvoice = {
  invoiceId: '501',
  documentNumber: 'INV-0501',
  customerName: 'Acme Traders',
  userId: '77',
  email: 'acme@example.test',
  mobile: '9800000077',
};

/** The form as the paths tell it apart. */
export const view = (s: { value: unknown; context: CreateLinkContext }) =>
  JSON.stringify([
    s.value,
    s.context.number,
    s.context.invoice?.invoiceId ?? null,
    s.context.notFound,
    s.context.channels,
    s.context.created > 0,
    s.context.notice?.[0]?.detail ?? null,
  ]);

const EVENTS = [
  { type: 'TYPE_NUMBER', number: 'IN' },
  { type: 'TYPE_NUMBER', number: 'INV-0501' },
  { type: 'TOGGLE_CHANNEL', channel: 'sms' },
  { type: 'TOGGLE_CHANNEL', channel: 'whatsapp' },
  { type: 'SEND' },
  { type: 'xstate.done.actor.lookUpInvoice', output: FOUND },
  { type: 'xstate.done.actor.lookUpInvoice', output: null },
  {
    type: 'xstate.error.actor.lookUpInvoice',
    error: { status: 500, errors: [{ code: 'ER-500', detail: 'lookup failed' }] },
  },
  { type: 'xstate.done.actor.createLink', output: {} },
  {
    type: 'xstate.error.actor.createLink',
    error: { status: 422, errors: [{ code: 'ER-LINK-101', detail: 'refused' }] },
  },
] as AnyEventObject[];

export const createLinkPaths = pathModel({
  machine: createLinkMachine,
  effects: ['lookUpInvoice', 'createLink'],
  graphs: {
    /** WhatsApp blocked: every channel message, every lookup answer, a link created and refused. */
    form: { input: { blocked: ['whatsapp'], newKey: () => 'k' }, events: EVENTS as never, serializeState: view },
  },
});
