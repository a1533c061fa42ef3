import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { fakeEffect, pathName, replay } from '../test-paths';
import { adminChangeMachine, type AdminChange, type AdminChangeEvent } from './admin-change.machine';
import { adminChangePaths, DELETE, REFUSED, TOGGLE } from './admin-change.paths';

function harness() {
  const apply = fakeEffect<unknown, AdminChange>();
  const applied: AdminChange[] = [];
  const actor = createActor(
    adminChangeMachine.provide({
      actors: { apply: apply.logic },
      actions: { applied: ({ context }) => void applied.push(context.applied!.change) },
    }),
  ).start();
  return { actor, apply, applied, send: (e: AdminChangeEvent) => actor.send(e), snap: () => actor.getSnapshot() };
}
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
    expect(h.snap().context).toMatchObject({ pending: null, failure: null, applied: { change: DELETE, result: { message: 'Succesfully deleted.' } } });
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
    expect(h.snap().context).toMatchObject({ pending: null, applied: null, failure: { change: TOGGLE, entries: [{ code: 'ER-PERMISSION', detail: 'You may not delete users.' }] } });
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
    const sent = path.steps.filter((s) => s.event.type === 'CONFIRM' || (s.event.type === 'REQUEST' && (s.event as { change: AdminChange }).change.confirm !== true));
    expect(h.apply.calls.length).toBeLessThanOrEqual(sent.length);
    expect(h.applied.length).toBe(path.steps.filter((s) => (s.event.type as string) === 'xstate.done.actor.apply').length);
  });
});
