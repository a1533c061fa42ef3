import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { reminderBody, reminderProblem, type Channel } from '../../src/domain/reminders';
import { fakeEffect, pathName, replay } from '../test-paths';
import {
  reminderMachine,
  type ReminderContext,
  type ReminderEvent,
  type SaveReminderRequest,
} from './reminder.machine';
import { form, reminderPaths } from './reminder.paths';

function harness(blocked: Channel[] = []) {
  let keys = 0;
  const save = fakeEffect<unknown, SaveReminderRequest>();
  const actor = createActor(reminderMachine.provide({ actors: { saveReminder: save.logic } }), {
    input: { blocked, newKey: () => `key-${++keys}` },
  }).start();
  const send = (event: ReminderEvent) => actor.send(event);
  return { actor, save, send, context: () => actor.getSnapshot().context };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the reminder form', () => {
  it('says each spec message in turn, as an ERROR toast, and sends nothing until the choice is complete', () => {
    const h = harness();
    const saveSays = () => {
      h.send({ type: 'SAVE' });
      return h.context().notice;
    };
    expect(saveSays()).toEqual([{ code: 'ERROR', detail: 'Please, select invoice, alert mode and schedule type.' }]);
    h.send({ type: 'SET_INVOICES', ids: ['11', '12'] });
    expect(saveSays()?.[0]?.detail).toBe('Please, select invoice, alert mode and schedule type.');
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'sms' });
    expect(saveSays()?.[0]?.detail).toBe('Please, select alert mode.');
    h.send({ type: 'SET_TYPE', reminderType: 'custom' });
    expect(saveSays()?.[0]?.detail).toBe('Please, select time and day.');
    h.send({ type: 'SET_TIME', time: '09.00' });
    expect(saveSays()?.[0]?.detail).toBe('Please, select time and day.');
    h.send({ type: 'SET_TYPE', reminderType: 'daily' });
    expect(saveSays()?.[0]?.detail).toBe('Please, select time.');
    // Each refusal is a new list, so the screen toasts a repeated message again.
    const first = h.context().notice;
    expect(saveSays()).not.toBe(first);
    expect(h.save.calls).toHaveLength(0);
  });

  it('clears the time and the days when another type is chosen', () => {
    const h = harness();
    h.send({ type: 'SET_TYPE', reminderType: 'custom' });
    h.send({ type: 'SET_TIME', time: '10.00' });
    h.send({ type: 'TOGGLE_DAY', day: 'Mon' });
    h.send({ type: 'TOGGLE_DAY', day: 'Thu' });
    expect(h.context()).toMatchObject({ type: 'custom', time: '10.00', days: ['Mon', 'Thu'] });
    h.send({ type: 'SET_TYPE', reminderType: 'once' });
    expect(h.context()).toMatchObject({ type: 'once', time: null, days: [] });
  });

  it('keeps a blocked channel off and warns with the code Warning', () => {
    const h = harness(['whatsapp']);
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'whatsapp' });
    expect(h.context().channels).toEqual([]);
    expect(h.context().notice).toEqual([
      { code: 'Warning', detail: 'Please contact your admin to unblock the WhatsApp service.' },
    ]);
    // A channel blocked after it was chosen is taken off.
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'email' });
    h.send({ type: 'SET_BLOCKED', blocked: ['email'] });
    expect(h.context().channels).toEqual([]);
  });

  it('sends the mapped body once however often Save is pressed, and starts clean after it is saved', async () => {
    const h = harness();
    h.send({ type: 'SET_INVOICES', ids: ['5', '9'] });
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'email' });
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'whatsapp' });
    h.send({ type: 'SET_TYPE', reminderType: 'custom' });
    h.send({ type: 'SET_TIME', time: '24.00' });
    h.send({ type: 'TOGGLE_DAY', day: 'Sun' });
    h.send({ type: 'TOGGLE_DAY', day: 'Tue' });
    h.send({ type: 'SAVE' });
    h.send({ type: 'SAVE' });
    expect(h.save.calls).toHaveLength(1);
    expect(h.save.calls[0]!.input).toEqual({
      key: 'key-1',
      body: {
        schedule_reminder: {
          time: '24.00',
          type: 'CUSTOM_DAYS',
          days: '0100001',
          invoice_ids: [5, 9],
          category_type: 'clear_dues_for_invoice',
          modes: ['whatsapp', 'email'],
        },
      },
    });
    h.save.calls[0]!.resolve({ message: 'ok' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('editing');
    expect(h.context()).toMatchObject({
      saved: 1,
      key: null,
      channels: [],
      type: null,
      time: null,
      days: [],
      invoiceIds: ['5', '9'],
    });
  });

  it('keeps every choice after a refusal, and a retry reuses the key; a change makes a new attempt', async () => {
    const h = harness();
    h.send({ type: 'SET_INVOICES', ids: ['5'] });
    h.send({ type: 'TOGGLE_CHANNEL', channel: 'sms' });
    h.send({ type: 'SET_TYPE', reminderType: 'daily' });
    h.send({ type: 'SET_TIME', time: '08.00' });
    h.send({ type: 'SAVE' });
    h.save.calls[0]!.reject({
      status: 422,
      errors: [{ code: 'ER-REMIND-101', detail: 'SMS is blocked for this anchor.' }],
    });
    await flush();
    expect(h.context()).toMatchObject({
      channels: ['sms'],
      type: 'daily',
      time: '08.00',
      notice: [{ code: 'ER-REMIND-101', detail: 'SMS is blocked for this anchor.' }],
    });
    h.send({ type: 'SAVE' });
    expect(h.save.calls[1]!.input.key).toBe('key-1');
    h.save.calls[1]!.reject(new TypeError('Failed to fetch'));
    await flush();
    h.send({ type: 'SET_TIME', time: '09.00' });
    h.send({ type: 'SAVE' });
    expect(h.save.calls[2]!.input.key).toBe('key-2');
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path: the shortest path to each distinct form, replayed on a live actor whose save is held open
// until the path settles it. After every step the live form equals the graph's; every save sent a valid
// choice as its mapped body; after a refusal the choice is what was sent; after a success it starts clean.

/** The schedule and channels of a body (the invoices follow the screen's selection, even while saving). */
const schedule = (body: ReturnType<typeof reminderBody>) =>
  JSON.stringify({ ...body.schedule_reminder, invoice_ids: null });

describe('reminder paths', () => {
  const paths = getShortestPaths(reminderPaths.machine, reminderPaths.graphs.form);

  it('reach saving from every complete choice, and every message', () => {
    expect(paths.length).toBeGreaterThan(50);
    const states = paths.map((p) => p.state as unknown as { value: string; context: ReminderContext });
    expect(states.some((s) => s.value === 'saving')).toBe(true);
    const notices = new Set(states.map((s) => s.context.notice?.[0]?.detail).filter(Boolean));
    for (const message of [
      'Please, select invoice, alert mode and schedule type.',
      'Please, select alert mode.',
      'Please, select time and day.',
      'Please, select time.',
      'Please contact your admin to unblock the WhatsApp service.',
      'refused',
    ]) {
      expect(notices).toContain(message);
    }
  });

  it('replay on a live actor: same form at every step; each save sends its valid choice; refusals keep it', async () => {
    for (const path of paths) {
      const h = harness(['whatsapp']);
      let sentChoice: string | null = null;
      await replay(path as never, {
        effects: { saveReminder: h.save },
        send: (event) => h.actor.send(event as ReminderEvent),
        check: (expected, index, event) => {
          const live = h.actor.getSnapshot();
          expect(form(live), `${pathName(path as never)} @${index}`).toBe(form(expected as never));
          if (live.value === 'saving' && event.type === 'SAVE') {
            expect(reminderProblem(live.context)).toBeNull();
            const call = h.save.calls.at(-1)!;
            expect(call.input.body).toEqual(reminderBody(live.context));
            sentChoice = schedule(call.input.body);
          }
          if (event.type === 'xstate.error.actor.saveReminder')
            expect(schedule(reminderBody(live.context))).toBe(sentChoice);
          if (event.type === 'xstate.done.actor.saveReminder')
            expect(live.context).toMatchObject({ channels: [], type: null, time: null, days: [], key: null });
        },
      });
      // One request per entry into saving.
      expect(h.save.calls).toHaveLength(
        path.steps.filter(
          (s, i) =>
            (s.state as { value: string }).value === 'saving' &&
            (path.steps[i - 1]?.state as { value: string } | undefined)?.value !== 'saving',
        ).length,
      );
    }
  });
});
