import { createActor, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { profileMachine } from '../../../machines/profile/profile.machine';
import { RECORDING_FORMAT, RECORDING_FORMAT_VERSION, SecretMasker, type Recording } from '../../../machines/recording';
import {
  actorStateText,
  actorTree,
  emptyModel,
  entriesFor,
  foldEvent,
  foldEvents,
  recordingStepAt,
  recordingSummary,
  type LiveModel,
} from './inspector-model';
import { plainInspectionEvent, statelyEventOf } from './serialize';

const meta = (sessionId: string, at: number) => ({
  sessionId,
  createdAt: String(at),
  _version: '0.7.2',
  id: null,
  rootId: 'x:0',
});
const actorEvent = (sessionId: string, at: number, name: string, extra: Record<string, unknown> = {}) => ({
  ...meta(sessionId, at),
  type: '@xstate.actor',
  name,
  definition: JSON.stringify({ id: name, initial: 'a', states: { a: {} } }),
  snapshot: { status: 'active' },
  ...extra,
});
const eventEvent = (sessionId: string, at: number, event: Record<string, unknown>, sourceId?: string) => ({
  ...meta(sessionId, at),
  type: '@xstate.event',
  event,
  sourceId,
});
const snapshotEvent = (
  sessionId: string,
  at: number,
  type: string,
  value: unknown,
  context: unknown,
  status = 'active',
) => ({
  ...meta(sessionId, at),
  type: '@xstate.snapshot',
  event: { type },
  snapshot: { value, context, status },
});

describe('folding inspection events', () => {
  it('keeps each actor with its current state, and pairs each event with the state it reached and the context it changed', () => {
    const model = foldEvents(emptyModel(), [
      actorEvent('x:0', 1000, 'session'),
      eventEvent('x:0', 1001, { type: 'xstate.init' }),
      snapshotEvent('x:0', 1002, 'xstate.init', 'loggedOut', { error: null, authToken: null }),
      eventEvent('x:0', 1500, { type: 'LOGIN', email: 'qa@anchor.test', password: 'Aaaa*0000' }),
      snapshotEvent('x:0', 1501, 'LOGIN', 'loggingIn', { error: null, authToken: null }),
      eventEvent('x:0', 1800, { type: 'xstate.done.actor.login', output: { authToken: 'aa*0' } }, 'x:1'),
      snapshotEvent(
        'x:0',
        1801,
        'xstate.done.actor.login',
        { loggedIn: { user: 'loading', token: 'valid' } },
        { error: null, authToken: 'aa*0' },
      ),
    ]);
    const session = model.actors['x:0']!;
    expect(session).toMatchObject({ name: 'session', isMachine: true, status: 'active', snapshots: 3, events: 3 });
    expect(actorStateText(session)).toBe('loggedIn.{ user: loading, token: valid }');
    expect(model.startedAt).toBe(1000);
    expect(model.timeline.map((e) => [e.type, e.kind, e.settled, e.state])).toEqual([
      ['xstate.init', 'event', true, 'loggedOut'],
      ['LOGIN', 'event', true, 'loggingIn'],
      ['xstate.done.actor.login', 'event', true, 'loggedIn.{ user: loading, token: valid }'],
    ]);
    // The first snapshot shows the starting context; later ones what changed.
    expect(model.timeline[0]).toMatchObject({
      initial: true,
      changes: [
        { kind: 'added', path: 'error' },
        { kind: 'added', path: 'authToken' },
      ],
    });
    expect(model.timeline[1]!.changes).toEqual([]);
    expect(model.timeline[2]).toMatchObject({
      sourceId: 'x:1',
      changes: [{ kind: 'changed', path: 'authToken', before: null, after: 'aa*0' }],
    });
  });

  it('adds a change no event explains (a stop) as its own entry, and leaves an event without a snapshot unsettled', () => {
    const model = foldEvents(emptyModel(), [
      actorEvent('x:0', 1, 'profile'),
      eventEvent('x:0', 2, { type: 'IGNORED' }),
      snapshotEvent('x:0', 3, 'xstate.stop', 'closed', {}, 'stopped'),
    ]);
    expect(model.timeline.map((e) => [e.kind, e.type, e.settled])).toEqual([
      ['event', 'IGNORED', false],
      ['snapshot', 'xstate.stop', true],
    ]);
    expect(model.actors['x:0']!.status).toBe('stopped');
  });

  it('knows an actor it only heard events of, and ignores what is not an inspection event', () => {
    let model = foldEvent(emptyModel(), eventEvent('x:9', 5, { type: 'PING' }));
    expect(model.actors['x:9']).toMatchObject({ name: 'x:9', events: 1 });
    for (const junk of [null, 'text', { type: '@xstate.event' }, { type: 'other', sessionId: 'x:1' }])
      model = foldEvent(model, junk);
    expect(model.order).toEqual(['x:9']);
  });

  it('nests children under their parents, roots first, and can leave finished actors out', () => {
    const model = foldEvents(emptyModel(), [
      actorEvent('x:0', 1, 'session'),
      actorEvent('x:1', 2, 'profile'),
      actorEvent('x:2', 3, 'form', { name: 'passwordForm', parentId: 'x:1' }),
      actorEvent('x:3', 4, 'loadUser', {
        definition: '{"id":"loadUser"}',
        parentId: 'x:0',
        snapshot: { status: 'done' },
      }),
      actorEvent('x:4', 5, 'orphan', { parentId: 'x:99' }),
    ]);
    const shape = (nodes: ReturnType<typeof actorTree>): unknown => nodes.map((n) => [n.actor.name, shape(n.children)]);
    expect(shape(actorTree(model))).toEqual([
      ['session', [['loadUser', []]]],
      ['profile', [['form', []]]],
      ['orphan', []],
    ]);
    expect(model.actors['x:2']).toMatchObject({ actorId: 'passwordForm', parentId: 'x:1' });
    expect(model.actors['x:3']).toMatchObject({ isMachine: false, status: 'done' });
    expect(actorStateText(model.actors['x:3']!)).toBe('done');
    expect(shape(actorTree(model, (a) => a.status === 'active'))).toEqual([
      ['session', []],
      ['profile', [['form', []]]],
      ['orphan', []],
    ]);
  });

  it('filters the timeline to one actor (what it received and sent), and keeps at most its limit', () => {
    const events = [
      eventEvent('x:0', 1, { type: 'A' }),
      eventEvent('x:1', 2, { type: 'B' }, 'x:0'),
      eventEvent('x:1', 3, { type: 'C' }),
    ];
    const model = foldEvents(emptyModel(2), events);
    expect(model.timeline.map((e) => e.type)).toEqual(['B', 'C']);
    expect(model.dropped).toBe(1);
    expect(entriesFor(model.timeline, 'x:0').map((e) => e.type)).toEqual(['B']);
    expect(entriesFor(model.timeline, null)).toHaveLength(2);
  });

  it('folds what the app sends for a real flow: the profile popup with its password form, secrets masked', async () => {
    const happened: [InspectionEvent, number][] = [];
    const actor = createActor(profileMachine, { inspect: (event) => void happened.push([event, Date.now()]) }).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    actor.getSnapshot().children.passwordForm!.send({ type: 'CHANGE', field: 'password', value: 'Secret@2026' });
    await Promise.resolve();

    // As connect.ts sends them: converted, then serialized for postMessage.
    const masker = new SecretMasker();
    const sent = happened
      .map(([event, at]) => statelyEventOf(event, at))
      .filter((event) => event !== null)
      .map((event) => JSON.parse(JSON.stringify(plainInspectionEvent(event, (v) => masker.maskJson(v)))) as unknown);
    const model: LiveModel = foldEvents(emptyModel(), sent);
    const tree = actorTree(model);
    expect(
      tree.map((n) => [
        n.actor.name,
        actorStateText(n.actor),
        n.children.map((c) => `${c.actor.name} as ${c.actor.actorId}`),
      ]),
    ).toEqual([['profile', 'open.password', ['form as passwordForm']]]);
    expect(model.timeline.filter((e) => e.kind === 'event').map((e) => e.type)).toEqual([
      'xstate.init',
      'OPEN',
      'CHANGE_PASSWORD',
      'xstate.init',
      'CHANGE',
    ]);
    expect(model.timeline.map((e) => e.settled)).not.toContain(false);
    const change = model.timeline.find((e) => e.type === 'CHANGE')!;
    expect(change.changes?.map((c) => c.path)).toEqual(['values.password']);
    expect(JSON.stringify(model)).not.toContain('Secret@2026');
  });
});

describe('stepping through a recording', () => {
  const recording: Recording = {
    format: RECORDING_FORMAT,
    formatVersion: RECORDING_FORMAT_VERSION,
    recordedAt: '2026-11-22T10:00:00.000Z',
    page: '/home',
    actors: [
      {
        sessionId: 'x:3',
        machine: 'profile',
        machineVersion: 'v',
        startedAt: 0,
        start: { value: 'closed', status: 'active', context: { n: 0 } },
        steps: [
          { at: 10, event: { type: 'OPEN' }, value: { open: 'view' }, status: 'active', context: { n: 1 } },
          { at: 30, event: { type: 'CLOSE' }, value: 'closed', status: 'active', context: { n: 1, closedBy: 'esc' } },
        ],
      },
      {
        sessionId: 'x:4',
        machine: 'form',
        machineVersion: 'v',
        parent: 'x:3',
        invokeId: 'passwordForm',
        startedAt: 12,
        start: { value: 'editing', status: 'active', context: { values: {} } },
        steps: [
          {
            at: 20,
            event: { type: 'CHANGE', field: 'email', value: 'a' },
            value: 'editing',
            status: 'active',
            context: { values: { email: 'a' } },
          },
        ],
      },
    ],
  };

  it('walks the steps of every actor in time order, each with its context diff from that actor’s previous snapshot', () => {
    const views = [0, 1, 2].map((i) => recordingStepAt(recording, i)!);
    expect(views.map((v) => [v.actor.machine, v.step.event.type, v.state, v.total])).toEqual([
      ['profile', 'OPEN', 'open.view', 3],
      ['form', 'CHANGE', 'editing', 3],
      ['profile', 'CLOSE', 'closed', 3],
    ]);
    expect(views[0]!.changes).toEqual([{ kind: 'changed', path: 'n', before: 0, after: 1 }]);
    expect(views[1]!.changes).toEqual([{ kind: 'added', path: 'values.email', after: 'a' }]);
    // From the profile's previous step, not from the form's step in between.
    expect(views[2]!.previous.value).toEqual({ open: 'view' });
    expect(views[2]!.changes).toEqual([{ kind: 'added', path: 'closedBy', after: 'esc' }]);
    expect(recordingStepAt(recording, 3)).toBeNull();
    expect(recordingSummary(recording)).toEqual({ actors: 2, steps: 3, machines: ['profile', 'form'] });
  });
});
