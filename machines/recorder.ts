import type { AnyActorRef, InspectionEvent } from 'xstate';
import {
  machineVersion,
  RECORDING_FORMAT,
  RECORDING_FORMAT_VERSION,
  SecretMasker,
  toJson,
  type Json,
  type RecordedActor,
  type RecordedSnapshot,
  type RecordedStep,
  type Recording,
} from './recording';

/**
 * Builds a flow recording from the inspection events of the app's actors (XState's `inspect` option), while
 * QA records: it follows every machine actor that is known to `machines` (machines/registry.ts), keeps the
 * snapshot each starts from (the current one for actors already running when the recording starts), and each
 * event it receives with the state it reaches. Values are masked (SecretMasker) before they are kept.
 */
export interface Recorder {
  /** Pass every inspection event here (synchronously: a snapshot is read as the event happens). */
  observe: (event: InspectionEvent) => void;
  start: (page: string, title?: string) => void;
  /** Ends the recording and answers it (null when none was running). */
  stop: () => Recording | null;
  isRecording: () => boolean;
  /** The masker, shared with the live inspector so both show the same masks. */
  masker: SecretMasker;
}

interface Tracked {
  ref: AnyActorRef;
  machine: string;
  version: string;
}

interface MachineLike {
  id: string;
  config: unknown;
}

const isMachine = (logic: unknown): logic is MachineLike =>
  typeof logic === 'object' &&
  logic !== null &&
  'config' in logic &&
  'id' in logic &&
  typeof (logic as { id: unknown }).id === 'string' &&
  'root' in logic;

export function createRecorder(options: {
  machines: Readonly<Record<string, unknown>>;
  now: () => number;
  clock: () => Date;
}): Recorder {
  const masker = new SecretMasker();
  const live = new Map<string, Tracked>();
  let recording: Recording | null = null;
  let startedAt = 0;
  /** The recorded actors by session id, and the step of each still waiting for the state it reaches. */
  const recorded = new Map<string, RecordedActor>();
  const waiting = new Map<string, RecordedStep>();

  const json = (value: unknown): Json => masker.maskJson(toJson(value));
  const snapshotOf = (snapshot: unknown): RecordedSnapshot => {
    const s = snapshot as { value?: unknown; status?: string; context?: unknown };
    return { value: toJson(s.value), status: s.status ?? 'active', context: json(s.context) };
  };
  const elapsed = () => Math.max(0, Math.round(options.now() - startedAt));

  function begin(sessionId: string, tracked: Tracked, snapshot: unknown, at: number): void {
    if (!recording) return;
    const parent = (tracked.ref as { _parent?: AnyActorRef })._parent;
    const actor: RecordedActor = {
      sessionId,
      machine: tracked.machine,
      machineVersion: tracked.version,
      ...(parent ? { parent: parent.sessionId, invokeId: tracked.ref.id } : {}),
      startedAt: at,
      start: snapshotOf(snapshot),
      steps: [],
    };
    recorded.set(sessionId, actor);
    recording.actors.push(actor);
  }

  /** Gives a step still waiting the state its actor is in now (an event that left no snapshot behind). */
  function settle(sessionId: string): void {
    const step = waiting.get(sessionId);
    const tracked = live.get(sessionId);
    if (!step) return;
    waiting.delete(sessionId);
    if (tracked) Object.assign(step, snapshotOf(tracked.ref.getSnapshot()));
  }

  function observe(event: InspectionEvent): void {
    const ref = event.actorRef;
    const sessionId = ref.sessionId;
    if (event.type === '@xstate.actor') {
      const logic = (ref as { logic?: unknown }).logic;
      if (isMachine(logic) && options.machines[logic.id])
        live.set(sessionId, { ref: ref as AnyActorRef, machine: logic.id, version: machineVersion(logic) });
      return;
    }
    const tracked = live.get(sessionId);
    if (!tracked || !recording) return;
    if (event.type === '@xstate.event') {
      if (event.event.type === 'xstate.init') return;
      settle(sessionId);
      const actor = recorded.get(sessionId);
      if (!actor) return;
      const step = {
        at: elapsed(),
        event: json(event.event) as RecordedStep['event'],
        ...(event.sourceRef && event.sourceRef !== ref ? { from: event.sourceRef.sessionId } : {}),
        value: null,
        status: 'active',
        context: null,
      } satisfies RecordedStep;
      actor.steps.push(step);
      waiting.set(sessionId, step);
      return;
    }
    if (event.type === '@xstate.snapshot') {
      if (!recorded.has(sessionId)) {
        // An actor that started while recording: its first snapshot is where it starts.
        if (event.event.type === 'xstate.init') begin(sessionId, tracked, event.snapshot, elapsed());
        return;
      }
      const step = waiting.get(sessionId);
      if (step) {
        Object.assign(step, snapshotOf(event.snapshot));
        waiting.delete(sessionId);
      }
      const status = (event.snapshot as { status?: string }).status;
      if (status === 'done' || status === 'stopped' || status === 'error') live.delete(sessionId);
    }
  }

  return {
    observe,
    masker,
    isRecording: () => recording !== null,
    start(page, title) {
      recorded.clear();
      waiting.clear();
      startedAt = options.now();
      recording = {
        format: RECORDING_FORMAT,
        formatVersion: RECORDING_FORMAT_VERSION,
        recordedAt: options.clock().toISOString(),
        page,
        ...(title ? { title } : {}),
        actors: [],
      };
      for (const [sessionId, tracked] of live) {
        const snapshot = tracked.ref.getSnapshot() as { status?: string };
        if (snapshot.status === 'active') begin(sessionId, tracked, snapshot, 0);
      }
    },
    stop() {
      if (!recording) return null;
      for (const sessionId of [...waiting.keys()]) settle(sessionId);
      const done = recording;
      recording = null;
      // Actors that only sat there while recording are left out: they add nothing to replay.
      done.actors = done.actors.filter((a) => a.steps.length > 0);
      return done;
    },
  };
}
