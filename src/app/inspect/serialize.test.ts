import type { StatelyInspectionEvent } from '@statelyai/inspect';
import { createActor, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { profileMachine } from '../../../machines/profile/profile.machine';
import { SecretMasker, type Json } from '../../../machines/recording';
import { plainInspectionEvent, statelyEventOf } from './serialize';

const base = {
  sessionId: 'x:3',
  rootId: 'x:0',
  createdAt: '1700000000000',
  id: null as unknown as string,
  _version: '0.7.2',
};

describe('plainInspectionEvent', () => {
  const masker = new SecretMasker();
  const mask = (value: Json) => masker.maskJson(value);

  it("keeps only what an inspector shows of a snapshot: never a promise actor's input", () => {
    const event = {
      ...base,
      type: '@xstate.actor',
      name: 'login',
      parentId: 'x:0',
      definition: '{"id":"login"}',
      snapshot: {
        status: 'active',
        output: undefined,
        error: undefined,
        input: { email: 'qa@anchor.test', password: 'Demo@1234' },
      },
    } as unknown as StatelyInspectionEvent;
    const plain = plainInspectionEvent(event, mask);
    expect(plain).toMatchObject({
      type: '@xstate.actor',
      name: 'login',
      parentId: 'x:0',
      sessionId: 'x:3',
      snapshot: { status: 'active' },
    });
    expect(JSON.stringify(plain)).not.toContain('Demo@1234');
    expect(JSON.stringify(plain)).not.toContain('input');
  });

  it('masks events, contexts and outputs, and keeps long lists whole', () => {
    const rows = Array.from({ length: 15 }, (_, i) => ({ id: i }));
    const snapshot = {
      ...base,
      type: '@xstate.snapshot',
      event: { type: 'xstate.done.actor.login', output: { authToken: 'at_secret_1' } },
      snapshot: {
        value: { loggedIn: { user: 'ready' } },
        status: 'active',
        context: { authToken: 'at_secret_1', rows },
        children: { login: {} },
      },
    } as unknown as StatelyInspectionEvent;
    const plain = plainInspectionEvent(snapshot, mask) as unknown as {
      event: { output: { authToken: string } };
      snapshot: Record<string, unknown>;
    };
    expect(plain.event.output.authToken).not.toBe('at_secret_1');
    expect(plain.snapshot).toEqual({
      value: { loggedIn: { user: 'ready' } },
      status: 'active',
      context: { authToken: plain.event.output.authToken, rows },
    });
  });
});

describe('statelyEventOf', () => {
  it("turns XState's inspection events into @statelyai/inspect's, names and parents included, the others left out", () => {
    const happened: InspectionEvent[] = [];
    const actor = createActor(profileMachine, { inspect: (event) => void happened.push(event) }).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    const events = happened.map((event) => statelyEventOf(event, 1700000000000)).filter((event) => event !== null);
    expect(
      events.map((e) => [
        e.type,
        e.sessionId,
        'name' in e ? e.name : 'event' in e ? e.event.type : '',
        'parentId' in e ? e.parentId : e.rootId,
      ]),
    ).toEqual([
      ['@xstate.actor', 'x:0', 'profile', undefined],
      ['@xstate.event', 'x:0', 'xstate.init', 'x:0'],
      ['@xstate.snapshot', 'x:0', 'xstate.init', 'x:0'],
      ['@xstate.event', 'x:0', 'OPEN', 'x:0'],
      ['@xstate.snapshot', 'x:0', 'OPEN', 'x:0'],
      ['@xstate.event', 'x:0', 'CHANGE_PASSWORD', 'x:0'],
      ['@xstate.actor', 'x:1', 'passwordForm', 'x:0'],
      ['@xstate.event', 'x:1', 'xstate.init', 'x:0'],
      ['@xstate.snapshot', 'x:1', 'xstate.init', 'x:0'],
      ['@xstate.snapshot', 'x:0', 'CHANGE_PASSWORD', 'x:0'],
    ]);
    const child = events[6] as Extract<StatelyInspectionEvent, { type: '@xstate.actor' }>;
    expect(JSON.parse(child.definition!)).toMatchObject({ id: 'form' });
    expect(events.every((e) => e._version === '0.7.2' && e.createdAt === '1700000000000')).toBe(true);
    expect((events[7] as Extract<StatelyInspectionEvent, { type: '@xstate.event' }>).sourceId).toBe('x:0');
    expect(happened.length).toBeGreaterThan(events.length); // microsteps and actions are not sent
  });
});
