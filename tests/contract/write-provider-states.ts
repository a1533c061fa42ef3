import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACT_FILE, PACT_TODAY } from './pact';
import { PROVIDER_STATES, STATE_AREAS, type ProviderStateEntry, type StateArea } from './provider-states';

/**
 * `npm run pact:states-doc`: writes pacts/PROVIDER-STATES.md, the provider states a backend team implements,
 * from the registry (tests/contract/provider-states.ts) and the committed pact (which interactions use each
 * state, the parameters they pass, where they inject what a state answers).
 * tests/contract/provider-states.test.ts fails when the committed document differs from what this writes.
 */
export const PROVIDER_STATES_DOC = 'pacts/PROVIDER-STATES.md';
export const REGENERATE = 'npm run pact:states-doc';

const root = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------------------------------
// Reading the pact
// ---------------------------------------------------------------------------------------------------

export interface PactStateRef {
  name: string;
  params?: Record<string, unknown>;
}

export interface PactInteraction {
  description: string;
  providerStates?: PactStateRef[];
  request: { body?: { content?: unknown }; generators?: Record<string, unknown> };
  response?: { generators?: Record<string, unknown> };
}

export interface Pact {
  interactions: PactInteraction[];
}

export function readPact(): Pact {
  return JSON.parse(readFileSync(join(root, PACT_FILE), 'utf8')) as Pact;
}

export function readCommittedDoc(): string {
  return readFileSync(join(root, PROVIDER_STATES_DOC), 'utf8');
}

/** A value an interaction takes from its provider states: `key` of `${key}`, where it goes, and for a JSON body the example's type. */
export interface Injection {
  key: string;
  where: string;
  jsonType?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStateGenerator = (value: unknown): value is { type: string; expression: string } =>
  isRecord(value) && value.type === 'ProviderState' && typeof value.expression === 'string';
const keysOf = (expression: string) => [...expression.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!);

/** The example at a JSON path such as `$.a.b[0].c` or `$['a b']`. */
function atPath(content: unknown, path: string): unknown {
  let value = content;
  for (const m of path.replace(/^\$/, '').matchAll(/\.([^.[\]]+)|\[(\d+)\]|\['([^']+)'\]/g)) {
    const step = m[1] ?? m[3];
    if (step !== undefined) value = isRecord(value) ? value[step] : undefined;
    else value = Array.isArray(value) ? (value as unknown[])[Number(m[2])] : undefined;
  }
  return value;
}

/** Every `${key}` an interaction injects (provider-state generators of its request and response). */
export function injectionsOf(interaction: PactInteraction): Injection[] {
  const found: Injection[] = [];
  const part = (generators: Record<string, unknown> | undefined, side: string, body?: unknown) => {
    for (const [category, entry] of Object.entries(generators ?? {})) {
      const named: [string, unknown][] = isStateGenerator(entry)
        ? [['', entry]]
        : isRecord(entry)
          ? Object.entries(entry)
          : [];
      for (const [name, generator] of named) {
        if (!isStateGenerator(generator)) continue;
        const where = `${side}${category} ${name === '' ? generator.expression : name}`;
        const example = category === 'body' ? atPath(body, name) : undefined;
        for (const key of keysOf(generator.expression))
          found.push({
            key,
            where,
            ...(example === undefined
              ? {}
              : { jsonType: Array.isArray(example) ? 'array' : example === null ? 'null' : typeof example }),
          });
      }
    }
  };
  part(interaction.request.generators, '', interaction.request.body?.content);
  part(interaction.response?.generators, 'response ');
  return found;
}

/** The interactions of each state name in the pact, in pact order. */
export function interactionsByState(
  pact: Pact,
): Map<string, { interaction: PactInteraction; params: Record<string, unknown> | undefined }[]> {
  const uses = new Map<string, { interaction: PactInteraction; params: Record<string, unknown> | undefined }[]>();
  for (const interaction of pact.interactions) {
    for (const state of interaction.providerStates ?? []) {
      const list = uses.get(state.name) ?? [];
      list.push({ interaction, params: state.params });
      uses.set(state.name, list);
    }
  }
  return uses;
}

// ---------------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------------

const AREA_TITLES: Record<StateArea, string> = {
  session: 'Session and users',
  admin: 'Admin: users, bank accounts, configuration',
  invoices: 'Invoices and payments',
  'payment-links': 'Payment links and reminders',
  lending: 'Lending, pipeline and the customer modal',
  retailers: 'Retailers',
  uploads: 'CSV uploads',
  pay: 'The pay page (a payment link’s pay token)',
};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Case-insensitive, then by code unit: the same order on every machine (no locale). */
const byText = (a: string, b: string) => compare(a.toLowerCase(), b.toLowerCase()) || compare(a, b);
const unique = (values: Iterable<string>) => [...new Set(values)].sort(byText);
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;

/** The states in the document's order: by area, then by name. */
export function sortedStates(states: readonly ProviderStateEntry[] = PROVIDER_STATES): ProviderStateEntry[] {
  return [...states].sort(
    (a, b) => STATE_AREAS.indexOf(a.area) - STATE_AREAS.indexOf(b.area) || byText(a.name, b.name),
  );
}

function isoDay(ms: number): string {
  const day = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

function intro(today: string): string[] {
  return [
    '# Provider states',
    '',
    `Generated by \`${REGENERATE}\` from \`tests/contract/provider-states.ts\` and \`${PACT_FILE}\`: edit those, not this file`,
    '(`tests/contract/provider-states.test.ts` fails when it is out of date).',
    '',
    'Every interaction of the pact names the provider states it needs: data the provider must hold, or create, before',
    'the request is sent. A provider implements them at one endpoint, which the verifier calls before each interaction,',
    'once per state, in the order the interaction names them (docs/contract.md, "Verifying a real provider against the contract"):',
    '',
    '```',
    'POST $PACT_STATES_SETUP_URL',
    '{ "state": "<name>", "params": { ... }, "action": "setup" }',
    '```',
    '',
    '- **Setup** makes the data true and answers a JSON object with the values the interaction injects',
    '  (`fromProviderState`): the keys under *Returns*, merged over all the states of the interaction. `authToken` is',
    "  the interaction's whole `Authorization` header: a user's auth token, or a payment link's pay token. No token is",
    '  in the pact (its example is `at_example-token`). Answer ids that go into a JSON body as numbers (the table below',
    '  says which) as JSON numbers, every other value as a string.',
    '- **Teardown**, the same call with `"action": "teardown"` after the interaction, puts back what the interaction',
    '  (or the setup) changed, so that the interactions pass one after the other against one provider in any order.',
    '  A state with no *Teardown* changes nothing that must be put back.',
    '- **Parameters** come in `params`; their values in the pact are listed with each state.',
    `- **Dates**: the pact's examples use dates around ${today} (its year windows end on that day): seed the test data`,
    `  around it, and run the provider's clock on it if you can (the mock does). "Today" below is the provider's today.`,
    '- **The demo data**: every demo login has the password `Demo@1234`. Anchor 1 is Sarvodaya Consumer Products Ltd',
    '  (system generated), anchor 1551 Meridian Agro Industries (not system generated). Where a state names a row the',
    '  mock seeds ("the mock: …"), any row with the same properties will do.',
    '',
    'The mock provider implements every state in `mock-server/pact-states/` (served at `POST /__dev/pact-states` when it',
    'runs with `MOCK_PACT_STATES=on`).',
    '',
  ];
}

function injectedTable(pact: Pact, states: readonly ProviderStateEntry[]): string[] {
  const where = new Map<string, Set<string>>();
  for (const interaction of pact.interactions) {
    for (const injection of injectionsOf(interaction)) {
      const places = where.get(injection.key) ?? new Set<string>();
      places.add(`${code(injection.where)}${injection.jsonType === 'number' ? ' (a number)' : ''}`);
      where.set(injection.key, places);
    }
  }
  const returnedBy = (key: string) => states.filter((s) => s.returns.includes(key)).length;
  const lines = [
    '## The values states answer',
    '',
    '| Key | Where the pact injects it | States that answer it |',
    '| --- | --- | --- |',
  ];
  for (const key of unique(where.keys()))
    lines.push(`| ${code(key)} | ${cell(unique(where.get(key) ?? []).join(', '))} | ${returnedBy(key)} |`);
  return [...lines, ''];
}

function indexTable(states: readonly ProviderStateEntry[]): string[] {
  const lines = ['## All states', '', '| State | Area | Parameters | Returns |', '| --- | --- | --- | --- |'];
  for (const state of states) {
    const params =
      Object.keys(state.params ?? {})
        .map(code)
        .join(', ') || '–';
    const returns = state.returns.map(code).join(', ') || '–';
    lines.push(`| ${cell(state.name)} | ${state.area} | ${params} | ${returns} |`);
  }
  return [...lines, ''];
}

function stateSection(
  state: ProviderStateEntry,
  uses: { interaction: PactInteraction; params: Record<string, unknown> | undefined }[],
): string[] {
  const lines = [`### ${state.name}`, '', `**Creates.** ${state.creates}`, ''];
  const params = Object.entries(state.params ?? {});
  if (params.length === 0) lines.push('**Parameters.** None.', '');
  else {
    lines.push('**Parameters.**', '', '| Parameter | Meaning | Values in the pact |', '| --- | --- | --- |');
    for (const [name, meaning] of params) {
      const values = unique(
        uses
          .map((u) => u.params?.[name])
          .filter((v) => v !== undefined)
          .map((v) => code(JSON.stringify(v))),
      );
      lines.push(`| ${code(name)} | ${cell(meaning)} | ${values.join(', ') || '–'} |`);
    }
    lines.push('');
  }
  lines.push(
    `**Returns.** ${state.returns.length === 0 ? 'Nothing to inject (answer `{}`).' : `${state.returns.map(code).join(', ')}.`}`,
    '',
  );
  if (state.teardown) lines.push(`**Teardown.** ${state.teardown}`, '');
  const descriptions = unique(uses.map((u) => u.interaction.description));
  lines.push(
    `**Interactions** (${descriptions.length}):`,
    '',
    ...(descriptions.length === 0 ? ['- none'] : descriptions.map((d) => `- ${d}`)),
    '',
  );
  return lines;
}

/** The whole document, from the registry and the pact. */
export function renderProviderStatesDoc(pact: Pact, registry: readonly ProviderStateEntry[] = PROVIDER_STATES): string {
  const states = sortedStates(registry);
  const uses = interactionsByState(pact);
  const lines = [...intro(isoDay(PACT_TODAY)), ...injectedTable(pact, states), ...indexTable(states)];
  for (const area of STATE_AREAS) {
    const inArea = states.filter((s) => s.area === area);
    if (inArea.length === 0) continue;
    lines.push(`## ${AREA_TITLES[area]}`, '');
    for (const state of inArea) lines.push(...stateSection(state, uses.get(state.name) ?? []));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pact = readPact();
  writeFileSync(join(root, PROVIDER_STATES_DOC), renderProviderStatesDoc(pact));
  console.log(
    `wrote ${PROVIDER_STATES_DOC}: ${PROVIDER_STATES.length} states, ${pact.interactions.length} interactions`,
  );
}
