import {
  stateText,
  timelineOf,
  type Json,
  type RecordedActor,
  type RecordedSnapshot,
  type RecordedStep,
  type Recording,
} from '../../../machines/recording';
import { diffJson, type JsonChange } from './json-diff';

/**
 * What the inspector page knows of the app's actors, folded from the inspection events the app posts
 * (@statelyai/inspect's `@xstate.actor`, `@xstate.event` and `@xstate.snapshot`, already masked by the app):
 * each actor with its current state, and one timeline of the events with the state each reached and what it
 * changed in the context. Pure, so it is tested without a browser.
 */

export interface LiveActor {
  sessionId: string;
  /** The machine's id (`session`, `profile`, `form`), or the actor's own id for other logic (`loadUser`). */
  name: string;
  /** Whether it is a state machine (it has states); a promise or callback actor has only a status. */
  isMachine: boolean;
  /** The id it runs under in its parent (`passwordForm`), when that differs from its name. */
  actorId: string | null;
  parentId: string | null;
  /** The state value (null for an actor without states). */
  value: unknown;
  status: string;
  context: unknown;
  /** How many snapshots arrived for it (0: only its registration was seen). */
  snapshots: number;
  /** How many events it received. */
  events: number;
}

export interface LiveEntry {
  /** Position in the whole stream (stable key; entries may be dropped from the front). */
  seq: number;
  /** Milliseconds since the epoch, when the app reported it. */
  at: number;
  /** The actor that received the event. */
  sessionId: string;
  /** The actor that sent it, when another actor did. */
  sourceId: string | null;
  /** 'event': an event the actor received; 'snapshot': a change no reported event explains (a stop). */
  kind: 'event' | 'snapshot';
  type: string;
  event: unknown;
  /** The state reached and the context changes, once the actor's snapshot for this event arrived. */
  settled: boolean;
  state?: string;
  status?: string;
  changes?: JsonChange[];
  /** The first snapshot of the actor: `changes` are its whole starting context. */
  initial?: boolean;
}

export interface LiveModel {
  actors: Record<string, LiveActor>;
  /** Session ids in the order first seen. */
  order: string[];
  timeline: LiveEntry[];
  /** Entries dropped from the front to keep the timeline at `limit`. */
  dropped: number;
  nextSeq: number;
  /** Time of the first event received. */
  startedAt: number | null;
  limit: number;
}

const TIMELINE_LIMIT = 2000;

export const emptyModel = (limit = TIMELINE_LIMIT): LiveModel => ({
  actors: {},
  order: [],
  timeline: [],
  dropped: 0,
  nextSeq: 0,
  startedAt: null,
  limit,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasValue = (snapshot: Record<string, unknown>): boolean =>
  snapshot.value !== undefined && snapshot.value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** How far back a snapshot looks for the event it answers (events of other actors come in between). */
const PAIRING_WINDOW = 200;

/** An actor's state as one line: `open.password`, or its status for an actor without states. */
export function actorStateText(actor: Pick<LiveActor, 'value' | 'status' | 'isMachine'>): string {
  if (!actor.isMachine || actor.value === null || actor.value === undefined) return actor.status;
  return stateText(actor.value as Json);
}

/** The machine's id from the definition the app sent (a JSON text of the machine's config), if it has one. */
function definitionOf(definition: unknown): { id: string | null; hasStates: boolean } {
  if (typeof definition !== 'string') return { id: null, hasStates: false };
  try {
    const parsed: unknown = JSON.parse(definition);
    if (!isRecord(parsed)) return { id: null, hasStates: false };
    return { id: text(parsed.id), hasStates: isRecord(parsed.states) || 'initial' in parsed };
  } catch {
    return { id: null, hasStates: false };
  }
}

const placeholder = (sessionId: string): LiveActor => ({
  sessionId,
  name: sessionId,
  isMachine: false,
  actorId: null,
  parentId: null,
  value: null,
  status: 'active',
  context: null,
  snapshots: 0,
  events: 0,
});

function withActor(model: LiveModel, actor: LiveActor): LiveModel {
  const known = actor.sessionId in model.actors;
  return {
    ...model,
    actors: { ...model.actors, [actor.sessionId]: actor },
    order: known ? model.order : [...model.order, actor.sessionId],
  };
}

function append(model: LiveModel, entry: Omit<LiveEntry, 'seq'>): LiveModel {
  const timeline = [...model.timeline, { ...entry, seq: model.nextSeq }];
  const over = Math.max(0, timeline.length - model.limit);
  return {
    ...model,
    timeline: over ? timeline.slice(over) : timeline,
    dropped: model.dropped + over,
    nextSeq: model.nextSeq + 1,
  };
}

const timeOf = (event: Record<string, unknown>): number => {
  const at = Number(event.createdAt);
  return Number.isFinite(at) ? at : 0;
};

/** The model with one more inspection event folded in; anything that is not one leaves it as it was. */
export function foldEvent(model: LiveModel, received: unknown): LiveModel {
  if (!isRecord(received)) return model;
  const sessionId = text(received.sessionId);
  if (!sessionId) return model;
  const at = timeOf(received);
  const started = model.startedAt === null ? { ...model, startedAt: at } : model;

  switch (received.type) {
    case '@xstate.actor': {
      const definition = definitionOf(received.definition);
      const snapshot = isRecord(received.snapshot) ? received.snapshot : {};
      const given = text(received.name) ?? sessionId;
      const name = definition.id ?? given;
      const before = model.actors[sessionId];
      const actor: LiveActor = {
        ...(before ?? placeholder(sessionId)),
        name,
        isMachine: definition.hasStates || hasValue(snapshot),
        actorId: given !== name && given !== sessionId ? given : null,
        parentId: text(received.parentId),
      };
      // A registration carries the actor's snapshot as it was when the app sent it; snapshots that already
      // came in are newer.
      if (!before || before.snapshots === 0) {
        actor.value = snapshot.value ?? null;
        actor.status = text(snapshot.status) ?? 'active';
        actor.context = snapshot.context ?? null;
      }
      return withActor(started, actor);
    }
    case '@xstate.event': {
      const event = isRecord(received.event) ? received.event : {};
      const type = text(event.type) ?? '(no type)';
      const before = started.actors[sessionId] ?? placeholder(sessionId);
      const next = withActor(started, { ...before, events: before.events + 1 });
      return append(next, {
        at,
        sessionId,
        sourceId: text(received.sourceId),
        kind: 'event',
        type,
        event,
        settled: false,
      });
    }
    case '@xstate.snapshot': {
      const snapshot = isRecord(received.snapshot) ? received.snapshot : {};
      const event = isRecord(received.event) ? received.event : {};
      const type = text(event.type) ?? '(no type)';
      const before = started.actors[sessionId] ?? placeholder(sessionId);
      const initial = before.snapshots === 0;
      const context = snapshot.context ?? null;
      const actor: LiveActor = {
        ...before,
        isMachine: before.isMachine || hasValue(snapshot),
        value: snapshot.value ?? null,
        status: text(snapshot.status) ?? before.status,
        context,
        snapshots: before.snapshots + 1,
      };
      const changes = initial ? diffJson(isRecord(context) ? {} : null, context) : diffJson(before.context, context);
      const result = {
        settled: true,
        state: actorStateText(actor),
        status: actor.status,
        changes,
        ...(initial ? { initial: true } : {}),
      };
      const next = withActor(started, actor);
      // The event this snapshot answers: the newest unsettled one of this actor with the same type.
      const timeline = next.timeline;
      for (let i = timeline.length - 1; i >= Math.max(0, timeline.length - PAIRING_WINDOW); i--) {
        const entry = timeline[i]!;
        if (entry.sessionId !== sessionId || entry.settled) continue;
        if (entry.type !== type) continue;
        const updated = [...timeline];
        updated[i] = { ...entry, ...result };
        return { ...next, timeline: updated };
      }
      return append(next, { at, sessionId, sourceId: null, kind: 'snapshot', type, event, ...result });
    }
    default:
      return model;
  }
}

/** Folds a list of events (a test's sequence, or a batch that came in together). */
export const foldEvents = (model: LiveModel, events: readonly unknown[]): LiveModel =>
  events.reduce<LiveModel>(foldEvent, model);

export interface ActorNode {
  actor: LiveActor;
  children: ActorNode[];
}

/**
 * The actors as a tree: the roots (and actors whose parent is unknown) in the order first seen, each with
 * its children in the order first seen. `keep` leaves actors out (a finished one), unless a child is kept.
 */
export function actorTree(
  model: Pick<LiveModel, 'actors' | 'order'>,
  keep: (actor: LiveActor) => boolean = () => true,
): ActorNode[] {
  const childIds = new Map<string, string[]>();
  const rootIds: string[] = [];
  for (const id of model.order) {
    const parent = model.actors[id]?.parentId;
    if (parent && parent !== id && parent in model.actors) childIds.set(parent, [...(childIds.get(parent) ?? []), id]);
    else rootIds.push(id);
  }
  const seen = new Set<string>();
  const build = (id: string): ActorNode | null => {
    const actor = model.actors[id];
    if (!actor || seen.has(id)) return null;
    seen.add(id);
    const children = (childIds.get(id) ?? []).map(build).filter((n): n is ActorNode => n !== null);
    return keep(actor) || children.length > 0 ? { actor, children } : null;
  };
  return rootIds.map(build).filter((n): n is ActorNode => n !== null);
}

/** The timeline entries about one actor (received by it or sent by it), or all of them. */
export const entriesFor = (timeline: readonly LiveEntry[], sessionId: string | null): readonly LiveEntry[] =>
  sessionId === null ? timeline : timeline.filter((e) => e.sessionId === sessionId || e.sourceId === sessionId);

/** Whether an actor has finished (done, stopped or failed). */
export const isFinished = (actor: Pick<LiveActor, 'status'>): boolean => actor.status !== 'active';

// -------------------------------------------------------------------------------------------------
// Stepping through a recording
// -------------------------------------------------------------------------------------------------

export interface RecordingStepView {
  /** 0-based position in the recording's timeline. */
  position: number;
  total: number;
  actor: RecordedActor;
  step: RecordedStep;
  /** The actor's snapshot before this step: its start, or its previous step. */
  previous: RecordedSnapshot;
  /** The state reached, as one line. */
  state: string;
  changes: JsonChange[];
}

/** The step at `position` of `recording` (time order, timelineOf), with the context diff from the actor's previous snapshot. */
export function recordingStepAt(
  recording: Recording,
  position: number,
  timeline = timelineOf(recording),
): RecordingStepView | null {
  const entry = timeline[position];
  if (!entry) return null;
  const previous = entry.index === 0 ? entry.actor.start : (entry.actor.steps[entry.index - 1] ?? entry.actor.start);
  return {
    position,
    total: timeline.length,
    actor: entry.actor,
    step: entry.step,
    previous,
    state: stateText(entry.step.value),
    changes: diffJson(previous.context, entry.step.context),
  };
}

/** What a recording holds, in a line: its actors and steps. */
export function recordingSummary(recording: Recording): { actors: number; steps: number; machines: string[] } {
  return {
    actors: recording.actors.length,
    steps: recording.actors.reduce((n, a) => n + a.steps.length, 0),
    machines: [...new Set(recording.actors.map((a) => a.machine))],
  };
}
