import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { fakeEffect, pathName, replay } from '../test-paths';
import {
  createLinkMachine,
  type CreateLinkEvent,
  type CreateLinkRequest,
  type LookedUpInvoice,
} from './create-link.machine';
import { createLinkPaths, FOUND, view } from './create-link.paths';

function harness() {
  let keys = 0;
  const lookUp = fakeEffect<LookedUpInvoice | null, { number: string }>();
  const create = fakeEffect<unknown, CreateLinkRequest>();
  const actor = createActor(
    createLinkMachine.provide({ actors: { lookUpInvoice: lookUp.logic, createLink: create.logic } }),
    {
      input: { blocked: ['whatsapp'], newKey: () => `key-${++keys}` },
    },
  ).start();
  return {
    actor,
    lookUp,
    create,
    send: (e: CreateLinkEvent) => actor.send(e),
    context: () => actor.getSnapshot().context,
  };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the create-link form', () => {
  it('looks an invoice up only above 3 characters, and a newer number replaces the lookup under way', async () => {
    const h = harness();
    h.send({ type: 'TYPE_NUMBER', number: 'INV' });
    expect(h.lookUp.calls).toHaveLength(0);
    h.send({ type: 'TYPE_NUMBER', number: 'INV-' });
    h.send({ type: 'TYPE_NUMBER', number: 'INV-0' });
    expect(h.lookUp.calls.map((c) => c.input.number)).toEqual(['INV-', 'INV-0']);
    expect(h.lookUp.calls[0]!.signal.aborted).toBe(true);
    h.lookUp.calls[1]!.resolve(FOUND);
    await flush();
    expect(h.context()).toMatchObject({ invoice: FOUND, notFound: false });
    // Typing again clears what was found.
    h.send({ type: 'TYPE_NUMBER', number: 'IN' });
    expect(h.context()).toMatchObject({ invoice: null, notFound: false });
    expect(h.actor.getSnapshot().value).toBe('editing');
  });

  it('says when nothing is found, and needs an invoice and a channel to send', async () => {
    const h = harness();
    h.send({ type: 'TYPE_NUMBER', number: 'NOPE-1' });
    h.lookUp.calls[0]!.resolve(null);
    await flush();
    expect(h.context().notFound).toBe(true);
    h.send({ type: 'SEND' });
    expect(h.context().notice).toEqual([{ code: 'ERROR', detail: 'Please, select invoice and alert mode.' }]);
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'whatsapp' });
    expect(h.context().notice).toEqual([
      { code: 'Warning', detail: 'Please contact your admin to unblock the WhatsApp service.' },
    ]);
    expect(h.create.calls).toHaveLength(0);
  });

  it('sends the customer user, the invoice and the channels once, then starts a new link', async () => {
    const h = harness();
    h.send({ type: 'TYPE_NUMBER', number: 'INV-0501' });
    h.lookUp.calls[0]!.resolve(FOUND);
    await flush();
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'email' });
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'sms' });
    h.send({ type: 'SEND' });
    h.send({ type: 'SEND' });
    expect(h.create.calls.map((c) => c.input)).toEqual([
      {
        key: 'key-1',
        body: {
          payment_links: { distributor_user_id: 77, invoices_ids: [501], mode_of_communication: ['sms', 'email'] },
        },
      },
    ]);
    h.create.calls[0]!.reject({ status: 503 });
    await flush();
    expect(h.context().invoice).toEqual(FOUND);
    h.send({ type: 'SEND' });
    expect(h.create.calls[1]!.input.key).toBe('key-1');
    h.create.calls[1]!.resolve({});
    await flush();
    expect(h.context()).toMatchObject({ created: 1, number: '', invoice: null, channels: ['email', 'sms'] });
  });
});

describe('create-link paths', () => {
  const paths = getShortestPaths(createLinkPaths.machine, createLinkPaths.graphs.form);

  it('replay live: same state each step; a link is created only for a found invoice with a channel', async () => {
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const h = harness();
      await replay(path as never, {
        effects: { lookUpInvoice: h.lookUp, createLink: h.create },
        send: (event) => h.actor.send(event as CreateLinkEvent),
        check: (expected, index, event) => {
          const live = h.actor.getSnapshot();
          expect(view(live), `${pathName(path as never)} @${index}`).toBe(view(expected as never));
          if (event.type === 'SEND' && live.value === 'creating') {
            expect(live.context.invoice).not.toBeNull();
            expect(live.context.channels.length).toBeGreaterThan(0);
            expect(h.create.calls.at(-1)!.input.body.payment_links.invoices_ids).toEqual([
              Number(live.context.invoice!.invoiceId),
            ]);
          }
        },
      });
    }
  });
});
