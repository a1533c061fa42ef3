import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTING_UNDO_MS } from '../../src/domain/admin';
import { fakeEffect, pathName, replay, settle } from '../test-paths';
import { adminChangeMachine, type AdminChange, type AdminChangeEvent } from './admin-change.machine';
import {
  adminChangePaths,
  AFTER_UNDO_WINDOW,
  DELETE,
  PLAIN,
  REFUSED,
  RISKY,
  settingsState,
  TOGGLE,
} from './admin-change.paths';

function harness() {
  const apply = fakeEffect<unknown, AdminChange>();
  const applied: AdminChange[] = [];
  const undone: AdminChange[] = [];
  const actor = createActor(
    adminChangeMachine.provide({
      actors: { apply: apply.logic },
      actions: {
        applied: ({ context }) => void applied.push(context.applied!.change),
        undone: ({ context }) => void undone.push(context.applied!.change),
      },
    }),
  ).start();
  return {
    actor,
    apply,
    applied,
    undone,
    send: (e: AdminChangeEvent) => actor.send(e),
    snap: () => actor.getSnapshot(),
  };
}
/** The change Undo sends for `change`: its previous value back, unasked. */
const reversedOf = (change: AdminChange): AdminChange => ({
  ...change,
  value: change.previous,
  previous: change.value,
  confirm: false,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('an admin change', () => {
  it('asks before a delete, sends once on Ok, and reports it applied', async () => {
    const h = harness();
    h.send({ type: 'REQUEST', change: DELETE });
    expect(h.snap().value).toBe('confirming');
    expect(h.apply.calls).toHaveLength(0);
    h.send({ type: 'CONFIRM' });
    h.send({ type: 'CONFIRM' });
    h.send({ type: 'REQUEST', change: TOGGLE });
    expect(h.apply.calls.map((c) => c.input)).toEqual([DELETE]);
    h.apply.calls[0]!.resolve({ message: 'Succesfully deleted.' });
    await flush();
    expect(h.snap().value).toBe('idle');
    expect(h.snap().context).toMatchObject({
      pending: null,
      failure: null,
      applied: { change: DELETE, result: { message: 'Succesfully deleted.' } },
    });
    expect(h.applied).toEqual([DELETE]);
  });

  it('sends nothing when the confirmation is cancelled', () => {
    const h = harness();
    h.send({ type: 'REQUEST', change: DELETE });
    h.send({ type: 'CANCEL' });
    expect(h.snap().value).toBe('idle');
    expect(h.snap().context.pending).toBeNull();
    expect(h.apply.calls).toHaveLength(0);
  });

  it('sends a toggle at once and keeps a refusal for the toast', async () => {
    const h = harness();
    h.send({ type: 'REQUEST', change: TOGGLE });
    expect(h.snap().context.pending).toEqual(TOGGLE);
    h.apply.calls[0]!.reject(REFUSED);
    await flush();
    expect(h.snap().context).toMatchObject({
      pending: null,
      applied: null,
      failure: { change: TOGGLE, entries: [{ code: 'ER-PERMISSION', detail: 'You may not delete users.' }] },
    });
    expect(h.applied).toEqual([]);
  });

  const { machine, graphs } = adminChangePaths;
  const paths = [...getShortestPaths(machine, graphs.changes), ...getSimplePaths(machine, graphs.changes)];

  it.each(paths.map((p) => [pathName(p), p] as const))('replays %s with its effect settled', async (_name, path) => {
    const h = harness();
    await replay(path, {
      effects: { apply: h.apply },
      send: (event) => h.actor.send(event as AdminChangeEvent),
      check: (expected) => {
        const snap = h.snap();
        expect(snap.value).toEqual(expected.value);
        if (snap.value === 'confirming') expect(snap.context.pending).toEqual(DELETE);
        if (snap.value === 'idle') expect(snap.context.pending).toBeNull();
      },
    });
    // One call per confirmed delete or direct toggle; a confirmation alone never calls the effect.
    const sent = path.steps.filter(
      (s) =>
        s.event.type === 'CONFIRM' ||
        (s.event.type === 'REQUEST' && (s.event as { change: AdminChange }).change.confirm !== true),
    );
    expect(h.apply.calls.length).toBeLessThanOrEqual(sent.length);
    expect(h.applied.length).toBe(
      path.steps.filter((s) => (s.event.type as string) === 'xstate.done.actor.apply').length,
    );
  });
});

describe('a setting change, undoable', () => {
  afterEach(() => void vi.useRealTimers());

  it('asks before a risky setting, sends it on confirm, then sends the previous value back on Undo', async () => {
    const h = harness();
    h.send({ type: 'REQUEST', change: RISKY });
    expect(h.snap().value).toBe('confirming');
    expect(h.apply.calls).toHaveLength(0);
    h.send({ type: 'UNDO' });
    h.send({ type: 'CONFIRM' });
    expect(h.apply.calls.map((c) => c.input)).toEqual([RISKY]);
    h.apply.calls[0]!.resolve({ ok: true });
    await settle();
    expect(h.snap().value).toBe('undoable');
    expect(h.snap().context).toMatchObject({ pending: null, applied: { change: RISKY } });
    expect(h.applied).toEqual([RISKY]);
    h.send({ type: 'UNDO' });
    h.send({ type: 'UNDO' });
    expect(h.snap().value).toBe('undoing');
    // The previous value, sent once and not asked about (it was there a moment ago).
    expect(h.apply.calls.map((c) => c.input)).toEqual([
      RISKY,
      { ...RISKY, value: true, previous: false, confirm: false },
    ]);
    h.apply.calls[1]!.resolve({ ok: true });
    await settle();
    expect(h.snap().value).toBe('idle');
    expect(h.undone).toEqual([reversedOf(RISKY)]);
    expect(h.applied).toEqual([RISKY]);
    // An undo is not itself undone.
    h.send({ type: 'UNDO' });
    expect(h.apply.calls).toHaveLength(2);
  });

  it('sends nothing when a risky setting is cancelled, and offers nothing to undo', () => {
    const h = harness();
    h.send({ type: 'REQUEST', change: RISKY });
    h.send({ type: 'CANCEL' });
    h.send({ type: 'UNDO' });
    expect(h.snap().value).toBe('idle');
    expect(h.snap().context.pending).toBeNull();
    expect(h.apply.calls).toHaveLength(0);
  });

  it(`offers the undo for ${SETTING_UNDO_MS / 1000} seconds, not a moment longer`, async () => {
    vi.useFakeTimers();
    const h = harness();
    h.send({ type: 'REQUEST', change: PLAIN });
    expect(h.snap().value).toBe('sending');
    h.apply.calls[0]!.resolve({ ok: true });
    await settle();
    vi.advanceTimersByTime(SETTING_UNDO_MS - 1);
    expect(h.snap().value).toBe('undoable');
    vi.advanceTimersByTime(1);
    expect(h.snap().value).toBe('idle');
    h.send({ type: 'UNDO' });
    expect(h.apply.calls).toHaveLength(1);
  });

  it('keeps a refused undo for the toast; the change stays applied', async () => {
    const h = harness();
    h.send({ type: 'REQUEST', change: PLAIN });
    h.apply.calls[0]!.resolve({ ok: true });
    await settle();
    h.send({ type: 'UNDO' });
    h.apply.calls[1]!.reject(REFUSED);
    await settle();
    expect(h.snap().value).toBe('idle');
    expect(h.snap().context).toMatchObject({
      pending: null,
      applied: { change: PLAIN },
      failure: { change: reversedOf(PLAIN), entries: REFUSED.errors },
    });
    expect(h.undone).toEqual([]);
  });

  it('ends the offer when another change is asked for, and goes on with that one', async () => {
    const h = harness();
    h.send({ type: 'REQUEST', change: PLAIN });
    h.apply.calls[0]!.resolve({ ok: true });
    await settle();
    h.send({ type: 'REQUEST', change: RISKY });
    expect(h.snap().value).toBe('confirming');
    h.send({ type: 'UNDO' });
    expect(h.snap().value).toBe('confirming');
    h.send({ type: 'CANCEL' });
    h.send({ type: 'UNDO' });
    expect(h.snap().value).toBe('idle');
    expect(h.apply.calls.map((c) => c.input)).toEqual([PLAIN]);
  });

  const { machine, graphs } = adminChangePaths;
  const settingPaths = [...getShortestPaths(machine, graphs.settings), ...getSimplePaths(machine, graphs.settings)];

  it.each(settingPaths.map((p) => [pathName(p), p] as const))(
    'replays %s with its effects settled and the window timed',
    async (name, path) => {
      vi.useFakeTimers();
      const h = harness();
      const sent: AdminChange[] = [];
      let lastRequest: AdminChange | null = null;
      await replay(path, {
        effects: { apply: h.apply, undo: h.apply },
        send: (event) => h.actor.send(event as AdminChangeEvent),
        drive: (event) => {
          if (event.type !== AFTER_UNDO_WINDOW) return false;
          vi.advanceTimersByTime(SETTING_UNDO_MS - 1);
          expect(h.snap().value, name).toBe('undoable');
          vi.advanceTimersByTime(1);
          return true;
        },
        check: (expected, index, event) => {
          const snap = h.snap();
          expect(settingsState(snap), `${name} @${index}`).toBe(settingsState(expected));
          if (event.type === 'REQUEST') lastRequest = (event as Extract<AdminChangeEvent, { type: 'REQUEST' }>).change;
          // What the effect was asked to send: each change once, and an undo the applied change reversed.
          if ((event.type === 'REQUEST' || event.type === 'CONFIRM') && snap.value === 'sending')
            sent.push(lastRequest!);
          if (snap.value === 'undoing' && event.type === 'UNDO') sent.push(reversedOf(snap.context.applied!.change));
          if (snap.value === 'undoable') expect(snap.context.applied!.change).toEqual(lastRequest);
          if (snap.value === 'confirming') expect(snap.context.pending).toEqual(RISKY);
          expect(
            h.apply.calls.map((c) => c.input),
            `${name} @${index}`,
          ).toEqual(sent);
        },
      });
      const took = (type: string) => path.steps.filter((s) => (s.event.type as string) === type).length;
      expect(h.applied.length).toBe(took('xstate.done.actor.apply'));
      expect(h.undone.length).toBe(took('xstate.done.actor.undo'));
    },
  );
});
