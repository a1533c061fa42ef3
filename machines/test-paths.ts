/**
 * Test helper for the machines' path tests (not a machine): effects held open until the test settles
 * them, and the replay of a graph path (from `xstate/graph`) on a live actor.
 *
 * A path's effect events (`xstate.done.actor.<invokeId>` with `output`, `xstate.error.actor.<invokeId>`
 * with `error`) are not sent: the one pending call of that invoke's fake effect is resolved or rejected
 * with them, and the machine reacts to its own effect. Everything else is sent as it is, unless the test
 * drives it another way (a timer, a child actor).
 */
import {
  fromPromise,
  type AnyEventObject,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type PromiseActorLogic,
} from 'xstate';
import type { TraversalOptions } from 'xstate/graph';

/** One call of a fake effect: what it got, and the means to settle it. */
interface EffectCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  settled: boolean;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

export interface FakeEffect<TOutput, TInput> {
  /** Provide this as the machine's actor. */
  logic: PromiseActorLogic<TOutput, TInput>;
  /** Every call, in order. */
  calls: EffectCall<TOutput, TInput>[];
  /** The calls neither settled nor aborted (the actor that made them still runs). */
  pending: () => EffectCall<TOutput, TInput>[];
}

/** An effect whose every call stays pending until the test settles it. */
export function fakeEffect<TOutput, TInput>(): FakeEffect<TOutput, TInput> {
  const calls: EffectCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        const call: EffectCall<TOutput, TInput> = {
          input,
          signal,
          settled: false,
          resolve: (output) => {
            call.settled = true;
            resolve(output);
          },
          reject: (error) => {
            call.settled = true;
            // The fake fails as the real effect would: with whatever that throws (an ApiError, a plain { errors }).
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
            reject(error);
          },
        };
        calls.push(call);
      }),
  );
  return { logic, calls, pending: () => calls.filter((c) => !c.settled && !c.signal.aborted) };
}

/** Lets a settled effect reach the machine (and its parent): microtasks only, so hundreds of paths stay fast. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

export type EffectOutcome = { id: string; ok: true; output: unknown } | { id: string; ok: false; error: unknown };

/** The invoke id and outcome of an effect event of a path, or null for any other event. */
export function effectOutcome(event: AnyEventObject): EffectOutcome | null {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return { id: done[1]!, ok: true, output: (event as { output?: unknown }).output };
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (error) return { id: error[1]!, ok: false, error: (event as { error?: unknown }).error };
  return null;
}

/** A path as it is named in failure messages: its event types. */
export function pathName(path: { steps: readonly { event: AnyEventObject }[] }): string {
  return path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' > ');
}

/** What a graph path is made of (a `StatePath` of `xstate/graph`, typed loosely so any machine's fits). */
export interface GraphPath<TSnapshot> {
  state: TSnapshot;
  steps: readonly { event: AnyEventObject; state: TSnapshot }[];
}

/** What the replay needs of a fake effect (any `FakeEffect` fits). */
interface Settleable {
  pending: () => readonly { resolve: (output: never) => void; reject: (error: unknown) => void }[];
}

export interface ReplayOptions<TSnapshot> {
  /** The fakes by invoke id (the id in `xstate.done.actor.<id>`). */
  effects: Readonly<Record<string, Settleable>>;
  /** Sends an ordinary event to the live actor. */
  send: (event: AnyEventObject) => void;
  /** Replays an event some other way (advance a timer, drive a child); returns false to leave it to the replay. */
  drive?: (event: AnyEventObject, index: number) => boolean | Promise<boolean>;
  /** Runs after each step (the initial one included) with the state the graph says the step reaches. */
  check: (expected: TSnapshot, index: number, event: AnyEventObject) => void | Promise<void>;
}

/**
 * Replays `path` on a live actor: each ordinary event is sent, each effect event settles the one pending
 * call of its fake (a path whose effect was not called, or called twice, fails here), and `check` runs
 * after every step.
 */
export async function replay<TSnapshot>(path: GraphPath<TSnapshot>, options: ReplayOptions<TSnapshot>): Promise<void> {
  for (const [index, step] of path.steps.entries()) {
    const { event } = step;
    if (event.type !== 'xstate.init') {
      const outcome = effectOutcome(event);
      if (options.drive && (await options.drive(event, index))) {
        // driven by the test
      } else if (outcome) {
        const fake = options.effects[outcome.id];
        if (!fake) throw new Error(`No fake effect for invoke '${outcome.id}'`);
        const pending = fake.pending();
        if (pending.length !== 1) {
          throw new Error(
            `${pathName(path)}: step ${index} settles '${outcome.id}', but ${pending.length} calls of it are pending`,
          );
        }
        const call = pending[0]!;
        if (outcome.ok) call.resolve(outcome.output as never);
        else call.reject(outcome.error);
      } else {
        options.send(event);
      }
      await settle();
    }
    await options.check(step.state, index, event);
  }
}

/** The options `getShortestPaths` and `getSimplePaths` take for `TMachine` (effect events among its events are cast). */
type GraphOptions<TMachine extends AnyStateMachine> = TraversalOptions<
  ReturnType<TMachine['transition']>,
  EventFromLogic<TMachine>,
  InputFrom<TMachine>
>;

/**
 * A machine's path model: the graphs its path tests generate their paths from, in `<name>.paths.ts` next to the
 * machine, so they can be imported without importing a test file. The test walks them
 * (`getShortestPaths(model.machine, model.graphs.x)`) and replays the paths with fake effects;
 * machines/path-coverage.test.ts checks every machine has a model, that the shortest paths of its graphs
 * together reach every state node and settle every effect both ways, and that the test walks every graph.
 */
export interface PathModel<TMachine extends AnyStateMachine = AnyStateMachine, TGraph extends string = string> {
  machine: TMachine;
  /** Each graph its tests walk, by name: input, events (the effect events `xstate.done.actor.<id>` and `xstate.error.actor.<id>` included), serializers, filter. */
  graphs: Readonly<Record<TGraph, GraphOptions<TMachine>>>;
  /** The invoke ids its paths settle through fake effects (the keys of `replay`'s `effects`); every invoke of the machine. */
  effects: readonly string[];
  /** State node ids (`machine.stateX`) no path can reach by design, each with why. */
  unreachable?: Readonly<Record<string, string>>;
  /** Invoke ids whose actor cannot fail by design, each with why: their paths need no `xstate.error.actor.<id>`. */
  cannotFail?: Readonly<Record<string, string>>;
}

/** Declares a path model (keeps the machine's types and the graphs' names). */
export function pathModel<TMachine extends AnyStateMachine, TGraph extends string>(
  model: PathModel<TMachine, TGraph>,
): PathModel<TMachine, TGraph> {
  return model;
}
