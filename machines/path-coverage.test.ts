/**
 * A machine without path tests fails the suite. Every `*.machine.ts` under machines/ is listed from the file
 * system and each machine it exports must be covered by a path model (`<name>.paths.ts`, see `PathModel` in
 * test-paths.ts) whose graphs' shortest paths, together, reach every state node of the machine (each atomic and
 * final one, each region of a parallel state) and settle every effect (`invoke`) both ways: some shortest path
 * takes its `xstate.done.actor.<id>` and some its `xstate.error.actor.<id>`. And the machine's test
 * (`<name>.test.ts`, read as text) must import the model, walk each of its graphs and replay the paths.
 * A new machine, a new state or a new effect without path tests shows up here. A state no path can reach
 * by design, or an effect that cannot fail, is listed in the model with why.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  assign,
  fromPromise,
  setup,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type StateValue,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { MACHINES as REGISTRY } from './registry';
import { pathModel, type PathModel } from './test-paths';

const MACHINES = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(MACHINES);
/** A path as the messages name it, from the repository root, with forward slashes. */
const repoPath = (file: string) => relative(ROOT, file).split(sep).join('/');

// ---------------------------------------------------------------------------------------------------
// What the machines are, and what covers them

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'config' in value &&
    typeof (value as { transition?: unknown }).transition === 'function'
  );
}

function isPathModel(value: unknown): value is PathModel {
  return (
    typeof value === 'object' &&
    value !== null &&
    isMachine((value as { machine?: unknown }).machine) &&
    typeof (value as { graphs?: unknown }).graphs === 'object'
  );
}

interface Exported<T> {
  /** The file, from the repository root. */
  file: string;
  /** The export's name. */
  name: string;
  value: T;
}

/** Every file under machines/ whose name ends with `suffix`, sorted. */
function filesEnding(suffix: string): string[] {
  return readdirSync(MACHINES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => join(MACHINES, file))
    .sort();
}

async function exportsOf<T>(files: string[], keep: (value: unknown) => value is T): Promise<Exported<T>[]> {
  const found: Exported<T>[] = [];
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (keep(value)) found.push({ file: repoPath(file), name, value });
  }
  return found;
}

/** The machines no model covers, as the failure says it. */
function uncovered(machines: readonly Exported<AnyStateMachine>[], models: readonly Exported<PathModel>[]): string[] {
  return machines
    .filter(({ value }) => !models.some((m) => m.value.machine === value))
    .map(
      ({ file, name }) =>
        `${file} exports ${name} but no path model covers it: add ${file.replace(/\.machine\.ts$/, '.paths.ts')} and path tests`,
    );
}

// ---------------------------------------------------------------------------------------------------
// What a model's graphs reach

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

/** The state nodes a snapshot can rest in: every atomic and final node (a parallel state's regions hold theirs). */
function leafStateIds(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.id);
}

/** The atomic and final nodes active in a snapshot's `value` (one per region of a parallel state). */
function activeLeafIds(node: AnyStateNode, value: StateValue): string[] {
  const child = (key: string) => {
    const found = node.states[key];
    if (!found) throw new Error(`${node.id} has no state '${key}'`);
    return found;
  };
  if (Object.keys(node.states).length === 0) return [node.id];
  if (typeof value === 'string') return activeLeafIds(child(value), {});
  return Object.entries(value).flatMap(([key, sub]) => activeLeafIds(child(key), sub ?? {}));
}

/** Every invoke of the machine: its id (the `<id>` of its done and error events) and the state node that runs it. */
function invokesOf(machine: AnyStateMachine): { id: string; node: string }[] {
  return allStateNodes(machine.root).flatMap((node) => node.invoke.map((invoke) => ({ id: invoke.id, node: node.id })));
}

interface ModelReport {
  /** The leaf state nodes of the machine, and which the shortest paths reached. */
  states: string[];
  reached: Set<string>;
  invokes: { id: string; node: string }[];
  /** Every event type the graphs list (a function of the state is asked at every state reached). */
  listed: Set<string>;
  /** Every event type a shortest path takes. */
  taken: Set<string>;
  problems: string[];
}

/** Walks the shortest paths of each graph of `model` and says what they miss. */
function checkPathModel(model: PathModel, label: string): ModelReport {
  const { machine } = model;
  const states = leafStateIds(machine);
  const invokes = invokesOf(machine);
  const reached = new Set<string>();
  const listed = new Set<string>();
  const taken = new Set<string>();
  const problems: string[] = [];
  const graphs = Object.entries(model.graphs);
  if (graphs.length === 0) problems.push(`${label}: the model has no graph`);
  for (const [, options] of graphs) {
    const paths = getShortestPaths(machine, options);
    for (const path of paths) {
      for (const id of activeLeafIds(machine.root, path.state.value as StateValue)) reached.add(id);
      for (const step of path.steps) taken.add((step.event as AnyEventObject).type);
      const events = typeof options.events === 'function' ? options.events(path.state) : (options.events ?? []);
      for (const event of events as readonly AnyEventObject[]) listed.add(event.type);
    }
  }

  const unreachable = model.unreachable ?? {};
  for (const id of states) {
    if (reached.has(id) && id in unreachable)
      problems.push(
        `${label}: state ${id} is listed as unreachable, but a shortest path reaches it: take it off the list`,
      );
    if (!reached.has(id) && !(id in unreachable))
      problems.push(
        `${label}: no shortest path reaches state ${id}: add the events that lead there (or list it as unreachable, with why)`,
      );
  }
  for (const id of Object.keys(unreachable))
    if (!states.includes(id))
      problems.push(`${label}: ${id} is listed as unreachable, but the machine has no such state`);

  const invokeIds = new Set(invokes.map((i) => i.id));
  const cannotFail = model.cannotFail ?? {};
  /** An effect event is listed, and some shortest path takes it (else the paths never replay it). */
  const settles = (type: string, what: string, node: string, hint = '') => {
    if (!listed.has(type))
      problems.push(
        `${label}: the effect '${type.replace(/^xstate\.(done|error)\.actor\./, '')}' (invoked by ${node}) never ${what}: no '${type}' event in the graphs${hint}`,
      );
    else if (!taken.has(type)) {
      problems.push(
        `${label}: no shortest path takes '${type}' (invoked by ${node}): it only leads to states reached otherwise; tell its state apart (serializeState) or add a graph where it is`,
      );
    }
  };
  for (const { id, node } of invokes) {
    const error = `xstate.error.actor.${id}`;
    if (!model.effects.includes(id))
      problems.push(`${label}: the effect '${id}' (invoked by ${node}) is not among the model's effects`);
    settles(`xstate.done.actor.${id}`, 'succeeds', node);
    if (!(id in cannotFail)) settles(error, 'fails', node, ' (or list it among cannotFail, with why)');
    else if (listed.has(error))
      problems.push(
        `${label}: the effect '${id}' is listed as one that cannot fail, but the graphs fail it ('${error}')`,
      );
  }
  for (const id of model.effects)
    if (!invokeIds.has(id)) problems.push(`${label}: the model's effect '${id}' is invoked by no state of the machine`);
  for (const id of Object.keys(cannotFail))
    if (!invokeIds.has(id))
      problems.push(`${label}: '${id}' is listed as an effect that cannot fail, but no state invokes it`);
  return { states, reached, invokes, listed, taken, problems };
}

/** The machine's test must walk the model and replay its paths (read from its text). */
function testProblems(machineFile: string, model: Exported<PathModel>): string[] {
  const testFile = machineFile.replace(/\.machine\.ts$/, '.test.ts');
  const at = join(ROOT, testFile);
  if (!existsSync(at)) return [`${machineFile}: no test ${testFile} walks the path model ${model.name}`];
  let specifier = relative(dirname(at), join(ROOT, model.file)).split(sep).join('/').replace(/\.ts$/, '');
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  return problemsOfTest(testFile, readFileSync(at, 'utf8'), model, specifier);
}

/** What a test's text misses: the model imported, each of its graphs walked, its paths' effects replayed. */
function problemsOfTest(testFile: string, text: string, model: Exported<PathModel>, specifier: string): string[] {
  const problems: string[] = [];
  if (!text.includes(`from '${specifier}'`))
    problems.push(`${testFile} does not import its path model (from '${specifier}')`);
  if (!new RegExp(`\\b${model.name}\\b`).test(text)) problems.push(`${testFile} does not use ${model.name}`);
  if (!text.includes('getShortestPaths(')) problems.push(`${testFile} generates no shortest paths (getShortestPaths)`);
  for (const graph of Object.keys(model.value.graphs)) {
    if (!text.includes(`graphs.${graph}`))
      problems.push(`${testFile} walks no paths of the graph '${graph}' of ${model.name} (graphs.${graph})`);
  }
  // The effects are driven: replayed by test-paths' `replay` on fake effects, or settled by the test itself.
  if (invokesOf(model.value.machine).length > 0 && !text.includes('replay(') && !text.includes('xstate.done.actor.')) {
    problems.push(`${testFile} does not replay its paths' effects (replay from test-paths)`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------

const machineFiles = filesEnding('.machine.ts');
const machines = await exportsOf(machineFiles, isMachine);
const models = await exportsOf(filesEnding('.paths.ts'), isPathModel);

describe('every machine has path tests', () => {
  it('finds the machines under machines/ and their path models', () => {
    expect(machineFiles.length).toBeGreaterThan(0);
    for (const file of machineFiles)
      expect(
        machines.map((m) => m.file),
        `${repoPath(file)} exports no machine`,
      ).toContain(repoPath(file));
  });

  it('covers every exported machine with a path model', () => {
    expect(uncovered(machines, models)).toEqual([]);
  });

  it('lists every exported machine in the registry (what recordings name and replays run), each under its own id', () => {
    // The files are imported here on their own, so the registry's machines are other instances of the same definitions.
    const shape = (machine: AnyStateMachine | undefined) =>
      machine
        ? allStateNodes(machine.root)
            .map((node) => node.id)
            .join(' ')
        : '';
    const missing = machines
      .filter((m) => shape(REGISTRY[m.value.id]) !== shape(m.value))
      .map((m) => `${m.file} ${m.name} (id ${m.value.id})`);
    expect(missing).toEqual([]);
    expect(new Set(machines.map((m) => m.value.id)).size).toBe(machines.length);
    expect(Object.keys(REGISTRY)).toHaveLength(machines.length);
  });

  it('has no path model of a machine no machine file exports', () => {
    expect(
      models.filter((m) => !machines.some((x) => x.value === m.value.machine)).map((m) => `${m.file} ${m.name}`),
    ).toEqual([]);
  });

  describe.each(machines.map((m) => [`${m.file} ${m.name}`, m] as const))('%s', (_label, exported) => {
    const covering = models.filter((m) => m.value.machine === exported.value);

    it.skipIf(covering.length === 0)(
      'reaches every state by a shortest path and settles every effect both ways',
      () => {
        for (const model of covering) {
          expect(checkPathModel(model.value, `${model.file} ${model.name}`).problems).toEqual([]);
        }
      },
    );

    it.skipIf(covering.length === 0)('is walked and replayed by its test', () => {
      expect(covering.flatMap((model) => testProblems(exported.file, model))).toEqual([]);
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// The checks have teeth: a tiny machine, models that miss something.

const tiny = setup({
  types: { context: {} as { failed: boolean }, events: {} as { type: 'GO' } | { type: 'SKIP' } | { type: 'BACK' } },
  actors: { load: fromPromise<number>(() => Promise.resolve(1)) },
}).createMachine({
  id: 'tiny',
  context: { failed: false },
  initial: 'idle',
  states: {
    idle: { on: { GO: 'loading', SKIP: 'skipped' } },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: 'loaded',
        onError: { target: 'idle', actions: assign({ failed: true }) },
      },
    },
    skipped: { on: { BACK: 'idle' } },
    loaded: { type: 'final' },
  },
});
const loaded = { type: 'xstate.done.actor.load', output: 1 };
const failed = { type: 'xstate.error.actor.load', error: new Error('down') };

/** Two regions side by side: each region's states count, whichever the other is in. */
const split = setup({ types: { events: {} as { type: 'A' } | { type: 'B' } } }).createMachine({
  id: 'split',
  type: 'parallel',
  states: {
    left: { initial: 'l1', states: { l1: { on: { A: 'l2' } }, l2: {} } },
    right: { initial: 'r1', states: { r1: { on: { B: 'r2' } }, r2: {} } },
  },
});

describe('the path coverage checks', () => {
  const complete = pathModel({
    machine: tiny,
    effects: ['load'],
    graphs: { all: { events: [{ type: 'GO' }, { type: 'SKIP' }, { type: 'BACK' }, loaded, failed] as never } },
  });

  it('passes a model that reaches every state and settles the effect both ways', () => {
    const report = checkPathModel(complete, 'tiny');
    expect(report.problems).toEqual([]);
    expect(report.states).toEqual(['tiny.idle', 'tiny.loading', 'tiny.skipped', 'tiny.loaded']);
    expect(report.invokes).toEqual([{ id: 'load', node: 'tiny.loading' }]);
  });

  it('reports a state no shortest path reaches, by its id', () => {
    const problems = checkPathModel(
      { ...complete, graphs: { all: { events: [{ type: 'GO' }, loaded, failed] as never } } },
      'tiny',
    ).problems;
    expect(problems).toEqual([
      'tiny: no shortest path reaches state tiny.skipped: add the events that lead there (or list it as unreachable, with why)',
    ]);
  });

  it('reports an effect whose failure the events never send, and one never settled', () => {
    expect(
      checkPathModel(
        { ...complete, graphs: { all: { events: [{ type: 'GO' }, { type: 'SKIP' }, loaded] as never } } },
        'tiny',
      ).problems,
    ).toEqual([
      "tiny: the effect 'load' (invoked by tiny.loading) never fails: no 'xstate.error.actor.load' event in the graphs (or list it among cannotFail, with why)",
    ]);
    expect(
      checkPathModel(
        { ...complete, graphs: { all: { events: [{ type: 'GO' }, { type: 'SKIP' }, failed] as never } } },
        'tiny',
      ).problems,
    ).toEqual([
      'tiny: no shortest path reaches state tiny.loaded: add the events that lead there (or list it as unreachable, with why)',
      "tiny: the effect 'load' (invoked by tiny.loading) never succeeds: no 'xstate.done.actor.load' event in the graphs",
    ]);
    expect(checkPathModel({ ...complete, effects: [] }, 'tiny').problems).toEqual([
      "tiny: the effect 'load' (invoked by tiny.loading) is not among the model's effects",
    ]);
  });

  it('reports an effect event no shortest path takes (its state is told apart from none)', () => {
    const byValue = {
      all: {
        events: [{ type: 'GO' }, { type: 'SKIP' }, { type: 'BACK' }, loaded, failed] as never,
        serializeState: (s: { value: unknown }) => JSON.stringify(s.value),
      },
    };
    expect(checkPathModel({ ...complete, graphs: byValue }, 'tiny').problems).toEqual([
      "tiny: no shortest path takes 'xstate.error.actor.load' (invoked by tiny.loading): it only leads to states reached otherwise; tell its state apart (serializeState) or add a graph where it is",
    ]);
  });

  it('takes an explicit reason for a state or a failure left out, and refuses a stale one', () => {
    const withoutSkip = { all: { events: [{ type: 'GO' }, loaded] as never } };
    expect(
      checkPathModel(
        { ...complete, graphs: withoutSkip, unreachable: { 'tiny.skipped': 'why' }, cannotFail: { load: 'why' } },
        'tiny',
      ).problems,
    ).toEqual([]);
    expect(
      checkPathModel(
        { ...complete, unreachable: { 'tiny.skipped': 'why', 'tiny.gone': 'why' }, cannotFail: { load: 'why' } },
        'tiny',
      ).problems,
    ).toEqual([
      'tiny: state tiny.skipped is listed as unreachable, but a shortest path reaches it: take it off the list',
      'tiny: tiny.gone is listed as unreachable, but the machine has no such state',
      "tiny: the effect 'load' is listed as one that cannot fail, but the graphs fail it ('xstate.error.actor.load')",
    ]);
  });

  it('counts the states of each region of a parallel state', () => {
    expect(leafStateIds(split)).toEqual(['split.left.l1', 'split.left.l2', 'split.right.r1', 'split.right.r2']);
    expect(activeLeafIds(split.root, { left: 'l2', right: 'r1' })).toEqual(['split.left.l2', 'split.right.r1']);
    const leftOnly = pathModel({ machine: split, effects: [], graphs: { left: { events: [{ type: 'A' }] } } });
    expect(checkPathModel(leftOnly, 'split').problems).toEqual([
      'split: no shortest path reaches state split.right.r2: add the events that lead there (or list it as unreachable, with why)',
    ]);
    expect(
      checkPathModel(
        { ...leftOnly, graphs: { left: { events: [{ type: 'A' }] }, right: { events: [{ type: 'B' }] } } },
        'split',
      ).problems,
    ).toEqual([]);
  });

  it('reports a test that does not import the model, walk each graph or replay the effects', () => {
    const model = { file: 'machines/tiny/tiny.paths.ts', name: 'tinyPaths', value: complete as PathModel };
    const walks =
      "import { tinyPaths } from './tiny.paths';\nconst paths = getShortestPaths(tinyPaths.machine, tinyPaths.graphs.all);\nawait replay(path, h);";
    expect(problemsOfTest('tiny.test.ts', walks, model, './tiny.paths')).toEqual([]);
    expect(problemsOfTest('tiny.test.ts', 'const paths = getShortestPaths(tiny, {});', model, './tiny.paths')).toEqual([
      "tiny.test.ts does not import its path model (from './tiny.paths')",
      'tiny.test.ts does not use tinyPaths',
      "tiny.test.ts walks no paths of the graph 'all' of tinyPaths (graphs.all)",
      "tiny.test.ts does not replay its paths' effects (replay from test-paths)",
    ]);
  });

  it('names a machine no model covers, with the file to add', () => {
    const exported = [
      { file: 'machines/tiny/tiny.machine.ts', name: 'tinyMachine', value: tiny as AnyStateMachine },
      { file: 'machines/tiny/tiny.machine.ts', name: 'splitMachine', value: split as AnyStateMachine },
    ];
    expect(
      uncovered(exported, [{ file: 'machines/tiny/tiny.paths.ts', name: 'tinyPaths', value: complete as PathModel }]),
    ).toEqual([
      'machines/tiny/tiny.machine.ts exports splitMachine but no path model covers it: add machines/tiny/tiny.paths.ts and path tests',
    ]);
  });
});
