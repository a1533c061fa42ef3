import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import { validateNewUser } from './add-user/add-user.machine';
import {
  validateForgotPassword,
  validatePasswordChange,
  validatePasswordReset,
  type FormCheck,
} from './form/form-checks';
import {
  machineVersion,
  maskedDifference,
  stateText,
  toJson,
  type Json,
  type RecordedActor,
  type RecordedStep,
  type Recording,
} from './recording';

/**
 * Replays a flow recording (machines/recording.ts) on the same machines, in Node or a test: each recorded
 * actor starts from its recorded snapshot with every effect replaced by one that never answers, and gets
 * its recorded events again, the effects' answers among them (`xstate.done.actor.*` with the recorded
 * output). After each event the state it reaches must be the recorded one, its context included (compared
 * up to masking: see maskedDifference); the first that is not is the divergence. A recording of another
 * version of a machine is refused before anything runs.
 */

interface ReplayedStep {
  actor: string;
  machine: string;
  index: number;
  at: number;
  event: string;
  /** The state the replay reached. */
  state: string;
  status: string;
}

type ReplayProblem =
  | { kind: 'unknown-machine'; actor: string; machine: string; message: string }
  | { kind: 'version'; actor: string; machine: string; recorded: string; current: string; message: string }
  | {
      kind: 'divergence';
      actor: string;
      machine: string;
      index: number;
      event: string;
      expected: string;
      actual: string;
      /** Where the context differs (`values.password`), when the state value and status agree but the context does not. */
      path?: string;
      message: string;
    }
  | { kind: 'error'; actor: string; machine: string; index: number; event: string; message: string };

export interface ReplayResult {
  ok: boolean;
  /** Every step replayed, in the recording's time order, up to the first problem of each actor. */
  steps: ReplayedStep[];
  problems: ReplayProblem[];
  /** Per actor (session id), the state it ended in. */
  finalStates: Record<string, { machine: string; state: string; status: string }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Deep equality of two JSON values. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => sameJson(a[k], b[k]));
}

/** What a function the recording could not keep answers in a replay (`replayed-newKey`): never compared. */
const isFunctionAnswer = (value: Json): boolean => typeof value === 'string' && value.startsWith('replayed-');

/**
 * A recorded value made live again: `{ $function }` is a form's check, found again by its name, or another
 * function the context held (an idempotency-key maker), which becomes one that answers `replayed-<name>`
 * (a replay does not compare what it answers: the recorded one was random); `{ $error }` is an Error again
 * with its name, message and fields, so code that asks `instanceof Error` (errorEntriesOf) reads it as it did.
 * A `{ $file }` stays a plain object: its name, size and type are what the machines' checks read.
 */
/** Every form check by its name: what a replay puts back into a recorded form's context. */
const FORM_CHECKS: Readonly<Record<string, FormCheck>> = Object.fromEntries(
  [validatePasswordChange, validatePasswordReset, validateForgotPassword, validateNewUser].map((check) => [
    check.replayName,
    check,
  ]),
);

function revive(value: Json): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (!isRecord(value)) return value;
  if (typeof value.$function === 'string' && Object.keys(value).length === 1) {
    const name = value.$function;
    // It keeps the recorded name (replayName), so the context it sits in makes the same JSON again.
    return FORM_CHECKS[name] ?? Object.assign(() => `replayed-${name}`, { replayName: name });
  }
  const fields = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  if (value.$error === true) {
    const { $error: _marker, message, ...rest } = fields;
    return Object.assign(new Error(typeof message === 'string' ? message : ''), rest);
  }
  return fields;
}

/** `machine` with every actor it invokes or spawns replaced by one that never answers (the recording answers). */
function inert(machine: AnyStateMachine): AnyStateMachine {
  const silent = fromPromise(() => new Promise<never>(() => {}));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, silent]));
  return machine.provide({ actors });
}

function replayActor(
  recorded: RecordedActor,
  machines: Readonly<Record<string, AnyStateMachine>>,
  result: ReplayResult,
): void {
  const label = `${recorded.machine} (${recorded.sessionId})`;
  const machine = machines[recorded.machine];
  if (!machine) {
    result.problems.push({
      kind: 'unknown-machine',
      actor: recorded.sessionId,
      machine: recorded.machine,
      message: `${label}: this build has no machine '${recorded.machine}' (machines/registry.ts).`,
    });
    return;
  }
  const current = machineVersion(machine);
  if (current !== recorded.machineVersion) {
    result.problems.push({
      kind: 'version',
      actor: recorded.sessionId,
      machine: recorded.machine,
      recorded: recorded.machineVersion,
      current,
      message: `${label}: recorded with machine version ${recorded.machineVersion}, this build has ${current}: the machine changed since the recording; record the flow again.`,
    });
    return;
  }
  const logic = inert(machine);
  const actor = createActor(logic, {
    snapshot: logic.resolveState({ value: recorded.start.value as never, context: revive(recorded.start.context) }),
  });
  let failure: unknown = null;
  actor.subscribe({ error: (error) => (failure = error) });
  actor.start();
  const finish = () => {
    const snapshot = actor.getSnapshot();
    result.finalStates[recorded.sessionId] = {
      machine: recorded.machine,
      state: stateText(snapshot.value as Json),
      status: snapshot.status,
    };
    actor.stop();
  };
  for (const [index, step] of recorded.steps.entries()) {
    const eventText = describeEvent(step);
    try {
      actor.send(revive(step.event));
    } catch (error) {
      failure = error;
    }
    const snapshot = actor.getSnapshot();
    if (failure !== null) {
      const message = failure instanceof Error ? failure.message : JSON.stringify(toJson(failure));
      result.problems.push({
        kind: 'error',
        actor: recorded.sessionId,
        machine: recorded.machine,
        index,
        event: eventText,
        message: `${label}, step ${index + 1} (${eventText}): the machine failed: ${message}`,
      });
      finish();
      return;
    }
    const actual = stateText(snapshot.value as Json);
    result.steps.push({
      actor: recorded.sessionId,
      machine: recorded.machine,
      index,
      at: step.at,
      event: eventText,
      state: actual,
      status: snapshot.status,
    });
    if (!sameJson(snapshot.value, step.value) || snapshot.status !== step.status) {
      const expected = `${stateText(step.value)} (${step.status})`;
      const got = `${actual} (${snapshot.status})`;
      result.problems.push({
        kind: 'divergence',
        actor: recorded.sessionId,
        machine: recorded.machine,
        index,
        event: eventText,
        expected,
        actual: got,
        message: `${label}, step ${index + 1} (${eventText}): the recording reached ${expected}, the replay ${got}.`,
      });
      finish();
      return;
    }
    const differs = maskedDifference(step.context, toJson(snapshot.context), isFunctionAnswer);
    if (differs) {
      const where =
        differs.path === '' || differs.path.startsWith('[') ? `context${differs.path}` : `context.${differs.path}`;
      result.problems.push({
        kind: 'divergence',
        actor: recorded.sessionId,
        machine: recorded.machine,
        index,
        event: eventText,
        expected: `${where} = ${JSON.stringify(differs.recorded)}`,
        actual: `${where} = ${JSON.stringify(differs.actual)}`,
        path: differs.path,
        message: `${label}, step ${index + 1} (${eventText}): in ${actual} the recording has ${where} = ${JSON.stringify(differs.recorded)}, the replay ${JSON.stringify(differs.actual)}.`,
      });
      finish();
      return;
    }
  }
  finish();
}

/** An event as the timeline shows it: its type; for an effect's answer, which invoke answered how; for a delay, which one passed. */
export function describeEvent(step: Pick<RecordedStep, 'event'>): string {
  const type = step.event.type;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `${done[1]} answered`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error) return `${error[1]} failed`;
  // A delayed transition's event: `xstate.after.<delay>.<state node id>`.
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  return type;
}

/** Replays every actor of `recording` with the machines of this build. */
export function replayRecording(
  recording: Recording,
  machines: Readonly<Record<string, AnyStateMachine>>,
): ReplayResult {
  const result: ReplayResult = { ok: true, steps: [], problems: [], finalStates: {} };
  for (const actor of recording.actors) replayActor(actor, machines, result);
  result.steps.sort((a, b) => a.at - b.at);
  result.ok = result.problems.length === 0;
  return result;
}

/** The replay as text: one line per step (time, machine, event, state reached), then the problems. */
export function formatReplay(result: ReplayResult): string {
  const lines = result.steps.map(
    (s) =>
      `${`+${(s.at / 1000).toFixed(3)}s`.padStart(10)}  ${s.machine.padEnd(22)} ${s.event.padEnd(34)} -> ${s.state}${s.status === 'active' ? '' : ` (${s.status})`}`,
  );
  for (const [id, final] of Object.entries(result.finalStates))
    lines.push(
      `final  ${final.machine} (${id}): ${final.state}${final.status === 'active' ? '' : ` (${final.status})`}`,
    );
  if (result.ok) lines.push(`Replayed ${result.steps.length} steps: every state as recorded.`);
  else lines.push(...result.problems.map((p) => `FAILED ${p.message}`));
  return lines.join('\n');
}
