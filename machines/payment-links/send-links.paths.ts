/**
 * The send-links modal's path model: the graph its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import { pathModel } from '../test-paths';
import { sendLinksMachine, type LinkCustomer, type SendLinksContext } from './send-links.machine';

export const ACME: LinkCustomer = { id: '41', name: 'Acme Traders', email: 'acme@example.test', mobile: '9800000041' };
export const BETA: LinkCustomer = { id: '42', name: 'Beta Stores', email: null, mobile: '9800000042' };

/** The modal as the paths tell it apart. */
export const view = (s: { value: unknown; context: SendLinksContext }) =>
  JSON.stringify([
    s.value,
    s.context.customer?.id ?? null,
    s.context.invoiceSearch,
    s.context.invoiceIds,
    s.context.selectAll,
    s.context.bulk,
    s.context.channels,
    s.context.sent > 0,
    s.context.notice?.[0]?.detail ?? null,
  ]);

const EVENTS = [
  { type: 'SELECT_CUSTOMER', customer: ACME },
  { type: 'SELECT_CUSTOMER', customer: BETA },
  { type: 'TICK_CUSTOMER', id: '41' },
  { type: 'SEARCH_INVOICES', text: 'IN' },
  { type: 'TOGGLE_INVOICE', id: '7' },
  { type: 'SELECT_ALL', ids: ['7', '8'] },
  { type: 'TOGGLE_CHANNEL', channel: 'sms' },
  { type: 'TOGGLE_CHANNEL', channel: 'email' },
  { type: 'SEND' },
  { type: 'xstate.done.actor.sendLinks', output: { message: 'sent' } },
  { type: 'xstate.error.actor.sendLinks', error: { status: 500, errors: [{ code: 'ER-LINK-500', detail: 'down' }] } },
] as AnyEventObject[];

export const sendLinksPaths = pathModel({
  machine: sendLinksMachine,
  effects: ['sendLinks'],
  graphs: {
    /** Email blocked: every distinct modal state, both kinds of send, every message. */
    modal: { input: { blocked: ['email'], newKey: () => 'k' }, events: EVENTS as never, serializeState: view },
  },
});
