import type { StatelyInspectionEvent } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';
import { toJson, type Json } from '../../../machines/recording';

/**
 * How the app's inspection events leave for the inspector window, in @statelyai/inspect's event format
 * (what its receiver, and stately.ai, read).
 *
 * The library's own path (`inspector.inspect`) converts each event in a `requestIdleCallback`: on a busy page
 * (a dialog opening, a slow machine) that waits seconds, and the live view lags behind the app. So the
 * hookup (connect.ts) converts them itself with statelyEventOf, right after they happen, and hands them to
 * the library's window adapter. Its serializer is plainInspectionEvent.
 */

/** The @statelyai/inspect event format these events follow (its receiver needs a `_version`). */
const INSPECT_EVENT_VERSION = '0.7.2';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

interface ActorRefInternals {
  sessionId: string;
  id: string;
  _parent?: { sessionId: string };
  logic?: { config?: unknown };
  getSnapshot: () => unknown;
}

/** A machine's definition as the inspector reads it: its config as JSON, functions by name (once per machine). */
const definitions = new WeakMap<object, string>();
function definitionOf(config: unknown, name: string): string {
  if (!isRecord(config)) return JSON.stringify({ id: name });
  let text = definitions.get(config);
  if (text === undefined) {
    try {
      text = JSON.stringify(config, (_key, value: unknown) =>
        typeof value === 'function' ? { type: (value as { name?: string }).name ?? '' } : value,
      );
    } catch {
      text = JSON.stringify({ id: name });
    }
    definitions.set(config, text);
  }
  return text;
}

/**
 * One of XState's inspection events as @statelyai/inspect's event (actor, event or snapshot; the others are
 * not sent), not yet serialized. Call it once the event has happened: an actor's registration reads its
 * snapshot, which XState sets just after announcing it.
 */
export function statelyEventOf(event: InspectionEvent, at: number): StatelyInspectionEvent | null {
  const ref = event.actorRef as unknown as ActorRefInternals;
  const base = {
    sessionId: ref.sessionId,
    rootId: event.rootId,
    createdAt: String(at),
    id: null as unknown as string,
    _version: INSPECT_EVENT_VERSION,
  };
  switch (event.type) {
    case '@xstate.actor': {
      const config = ref.logic?.config;
      const machineId = isRecord(config) && typeof config.id === 'string' ? config.id : null;
      // A machine started on its own goes by its machine's id; an invoked or spawned actor by its own id.
      const name = ref.id === ref.sessionId ? (machineId ?? ref.id) : ref.id;
      return {
        ...base,
        type: '@xstate.actor',
        name,
        parentId: ref._parent?.sessionId,
        definition: definitionOf(config, name),
        snapshot: (ref.getSnapshot() ?? { status: 'active' }) as never,
      };
    }
    case '@xstate.event':
      return { ...base, type: '@xstate.event', event: event.event, sourceId: event.sourceRef?.sessionId };
    case '@xstate.snapshot':
      return { ...base, type: '@xstate.snapshot', event: event.event, snapshot: event.snapshot };
    default:
      return null;
  }
}

/**
 * An event as it is posted (the adapter's `serialize`): plain JSON, every event, context, output and error
 * masked, and of a snapshot only what an inspector shows (state value, status, context, output, error). The
 * rest of a snapshot would carry a promise actor's `input` (the login's email and password, unmasked); and
 * the library's own serializer cuts objects after ten keys or items (eleven invoices would arrive as `[...]`).
 */
export function plainInspectionEvent(
  event: StatelyInspectionEvent,
  mask: (value: Json) => Json,
): StatelyInspectionEvent {
  const plain: Record<string, unknown> = { ...event };
  if ('snapshot' in event) {
    const snapshot = (event.snapshot ?? {}) as {
      value?: unknown;
      status?: unknown;
      context?: unknown;
      output?: unknown;
      error?: unknown;
    };
    plain.snapshot = {
      ...(snapshot.value === undefined ? {} : { value: toJson(snapshot.value) }),
      status: typeof snapshot.status === 'string' ? snapshot.status : 'active',
      context: mask(toJson(snapshot.context)),
      ...(snapshot.output === undefined ? {} : { output: mask(toJson(snapshot.output)) }),
      ...(snapshot.error === undefined ? {} : { error: mask(toJson(snapshot.error)) }),
    };
  }
  if ('event' in event) plain.event = mask(toJson(event.event));
  return toJson(plain) as unknown as StatelyInspectionEvent;
}
