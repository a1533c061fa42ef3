import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { fakeEffect, pathName, replay } from '../test-paths';
import {
  sendBody,
  sendLinksMachine,
  sendProblem,
  type SendLinksContext,
  type SendLinksEvent,
  type SendLinksRequest,
} from './send-links.machine';
import { ACME, BETA, sendLinksPaths, view } from './send-links.paths';

function harness(blocked: ('whatsapp' | 'sms' | 'email')[] = []) {
  let keys = 0;
  const send = fakeEffect<unknown, SendLinksRequest>();
  const actor = createActor(sendLinksMachine.provide({ actors: { sendLinks: send.logic } }), {
    input: { blocked, newKey: () => `key-${++keys}` },
  }).start();
  return {
    actor,
    sendFx: send,
    send: (event: SendLinksEvent) => actor.send(event),
    context: () => actor.getSnapshot().context,
  };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the send-links selection rules (spec 1 §4)', () => {
  it('choosing a customer clears the invoice search, the ticked invoices and select-all', () => {
    const h = harness();
    h.send({ type: 'SELECT_CUSTOMER', customer: ACME });
    h.send({ type: 'SEARCH_INVOICES', text: 'INV' });
    h.send({ type: 'SELECT_ALL', ids: ['1', '2', '3'] });
    expect(h.context()).toMatchObject({ invoiceSearch: 'INV', invoiceIds: ['1', '2', '3'], selectAll: true });
    h.send({ type: 'SELECT_CUSTOMER', customer: BETA });
    expect(h.context()).toMatchObject({ customer: BETA, invoiceSearch: '', invoiceIds: [], selectAll: false });
  });

  it('select-all ticks the invoices shown, a second press clears them, and unticking one drops select-all', () => {
    const h = harness();
    h.send({ type: 'SELECT_CUSTOMER', customer: ACME });
    h.send({ type: 'SELECT_ALL', ids: ['1', '2'] });
    h.send({ type: 'TOGGLE_INVOICE', id: '2' });
    expect(h.context()).toMatchObject({ invoiceIds: ['1'], selectAll: false });
    h.send({ type: 'SELECT_ALL', ids: ['1', '2'] });
    h.send({ type: 'SELECT_ALL', ids: ['1', '2'] });
    expect(h.context()).toMatchObject({ invoiceIds: [], selectAll: false });
  });

  it('ticked customers disable the invoice list and its controls', () => {
    const h = harness();
    h.send({ type: 'SELECT_CUSTOMER', customer: ACME });
    h.send({ type: 'TICK_CUSTOMER', id: '41' });
    h.send({ type: 'TOGGLE_INVOICE', id: '1' });
    h.send({ type: 'SELECT_ALL', ids: ['1', '2'] });
    h.send({ type: 'SEARCH_INVOICES', text: 'IN' });
    expect(h.context()).toMatchObject({ invoiceIds: [], selectAll: false, invoiceSearch: '', bulk: ['41'] });
    h.send({ type: 'TICK_CUSTOMER', id: '41' });
    h.send({ type: 'TOGGLE_INVOICE', id: '1' });
    expect(h.context().invoiceIds).toEqual(['1']);
  });
});

describe('sending', () => {
  it('says the spec message for what is missing, by invoice or by customer', () => {
    const h = harness();
    h.send({ type: 'SEND' });
    expect(h.context().notice).toEqual([{ code: 'ERROR', detail: 'Please, select invoice and alert mode.' }]);
    h.send({ type: 'SELECT_CUSTOMER', customer: ACME });
    h.send({ type: 'TOGGLE_INVOICE', id: '7' });
    h.send({ type: 'SEND' });
    expect(h.context().notice?.[0]?.detail).toBe('Please, select invoice and alert mode.');
    h.send({ type: 'TICK_CUSTOMER', id: '42' });
    h.send({ type: 'SEND' });
    expect(h.context().notice?.[0]?.detail).toBe('Please, select customer and alert mode.');
    expect(h.sendFx.calls).toHaveLength(0);
    expect(sendProblem({ customer: null, invoiceIds: [], bulk: ['1'], channels: ['sms'] })).toBeNull();
  });

  it('sends one customer’s invoices by invoice, once however often Send is pressed, then clears the selection', async () => {
    const h = harness();
    h.send({ type: 'SELECT_CUSTOMER', customer: ACME });
    h.send({ type: 'TOGGLE_INVOICE', id: '7' });
    h.send({ type: 'TOGGLE_INVOICE', id: '9' });
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'email' });
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'sms' });
    h.send({ type: 'SEND' });
    h.send({ type: 'SEND' });
    expect(h.sendFx.calls.map((c) => c.input)).toEqual([
      {
        key: 'key-1',
        body: {
          payment_links: { distributor_company_id: 41, invoices_ids: [7, 9], mode_of_communication: ['sms', 'email'] },
        },
      },
    ]);
    h.sendFx.calls[0]!.resolve({ message: 'Payment links sent.' });
    await flush();
    expect(h.context()).toMatchObject({
      sent: 1,
      invoiceIds: [],
      selectAll: false,
      bulk: [],
      key: null,
      customer: ACME,
      channels: ['email', 'sms'],
    });
  });

  it('sends ticked customers by customer; a refusal keeps them and a retry reuses the key', async () => {
    const h = harness();
    h.send({ type: 'TICK_CUSTOMER', id: '41' });
    h.send({ type: 'TICK_CUSTOMER', id: '42' });
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'whatsapp' });
    h.send({ type: 'SEND' });
    expect(h.sendFx.calls[0]!.input.body).toEqual({
      payment_links: { distributor_company_ids: [41, 42], mode_of_communication: ['whatsapp'] },
    });
    h.sendFx.calls[0]!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(h.context()).toMatchObject({ bulk: ['41', '42'], sent: 0 });
    expect(h.context().notice?.length).toBe(1);
    h.send({ type: 'SEND' });
    expect(h.sendFx.calls[1]!.input.key).toBe('key-1');
  });

  it('keeps a blocked channel off with the Warning toast', () => {
    const h = harness(['sms']);
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'sms' });
    expect(h.context()).toMatchObject({
      channels: [],
      notice: [{ code: 'Warning', detail: 'Please contact your admin to unblock the SMS service.' }],
    });
  });
});

// Every path to each distinct modal state, replayed live: same state at every step, every send carries the
// body of what was chosen when Send was pressed, and the selection is cleared exactly by a success.
describe('send-links paths', () => {
  const paths = getShortestPaths(sendLinksPaths.machine, sendLinksPaths.graphs.modal);

  it('reach both kinds of send and every message', () => {
    expect(paths.length).toBeGreaterThan(100);
    const notices = new Set(
      paths.map((p) => (p.state as unknown as { context: SendLinksContext }).context.notice?.[0]?.detail),
    );
    for (const m of [
      'Please, select invoice and alert mode.',
      'Please, select customer and alert mode.',
      'Please contact your admin to unblock the Email service.',
      'down',
    ])
      expect(notices).toContain(m);
  });

  it('replay live: same state each step; each send is the chosen body; only a success clears the selection', async () => {
    for (const path of paths) {
      const h = harness(['email']);
      let before: SendLinksContext | null = null;
      await replay(path as never, {
        effects: { sendLinks: h.sendFx },
        send: (event) => h.actor.send(event as SendLinksEvent),
        check: (expected, index, event) => {
          const live = h.actor.getSnapshot();
          expect(view(live), `${pathName(path as never)} @${index}`).toBe(view(expected as never));
          if (event.type === 'SEND' && live.value === 'sending') {
            expect(sendProblem(live.context)).toBeNull();
            expect(h.sendFx.calls.at(-1)!.input.body).toEqual(sendBody(live.context));
            before = live.context;
          }
          if (event.type === 'xstate.error.actor.sendLinks') expect(sendBody(live.context)).toEqual(sendBody(before!));
          if (event.type === 'xstate.done.actor.sendLinks')
            expect(live.context).toMatchObject({ invoiceIds: [], bulk: [], selectAll: false, invoiceSearch: '' });
        },
      });
    }
  });
});
