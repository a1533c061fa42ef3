import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_PACT_DIR, GENERATED_PACT_FILE, PACT_DIR, PACT_FILE } from './pact';

/**
 * Drift of the contract: the consumer tests regenerate the pact into a scratch folder (GENERATED_PACT_FILE), and
 * a change to it must be reviewed before it reaches the committed pact (PACT_FILE), which providers verify.
 *
 *   tsx tests/contract/pact-drift.ts clean   clears the scratch folder (Pact merges into a file it finds)
 *   tsx tests/contract/pact-drift.ts check   fails, with a report, when the regenerated pact differs from the committed one
 *   tsx tests/contract/pact-drift.ts accept  writes the regenerated pact, normalised, over the committed one
 *
 * Both pacts are compared normalised: interactions sorted by a stable key (description, provider state names,
 * request method and path), object keys sorted. Nothing else is ignored, metadata (Pact versions) included.
 * The committed file is written normalised too, so its git diffs show changes, not reshuffles.
 */

export const ACCEPT = 'npm run pact:accept';
export const REVIEW_HINT = `review it, then run \`${ACCEPT}\` and commit pacts/`;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** Plain code-unit order, as Pact's own sort (no locale: the order must not depend on the machine). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The value with the keys of every object sorted (arrays keep their order: in a pact it means something). */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  const sorted: JsonObject = {};
  for (const key of Object.keys(value).sort(byText)) sorted[key] = canonical(value[key]);
  return sorted;
}

function interactionsOf(pact: unknown): unknown[] {
  const interactions = isObject(pact) ? pact.interactions : undefined;
  return Array.isArray(interactions) ? interactions : [];
}

const stateNames = (interaction: unknown): string[] => {
  const states = isObject(interaction) ? interaction.providerStates : undefined;
  return Array.isArray(states) ? states.map((s) => (isObject(s) ? text(s.name) : '')) : [];
};

/** How the report names an interaction: its description and provider states. */
export function interactionName(interaction: unknown): string {
  const description = isObject(interaction) ? text(interaction.description) : '';
  const states = stateNames(interaction);
  return `"${description}"${states.length > 0 ? ` (given ${states.map((s) => `"${s}"`).join(', ')})` : ''}`;
}

/** The key interactions are sorted by: description, provider state names, request method and path. */
function sortKey(interaction: unknown): string[] {
  const request = isObject(interaction) && isObject(interaction.request) ? interaction.request : {};
  const description = isObject(interaction) ? text(interaction.description) : '';
  return [description, stateNames(interaction).join('\n'), text(request.method), text(request.path)];
}

function compareKeys(a: string[], b: string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const order = byText(a[i] ?? '', b[i] ?? '');
    if (order !== 0) return order;
  }
  return 0;
}

/** The pact in a stable order: interactions sorted by their key (then by content, so the order is total), object keys sorted. */
export function normalisePact(pact: unknown): unknown {
  const sorted = canonical(pact);
  if (!isObject(sorted) || !Array.isArray(sorted.interactions)) return sorted;
  const interactions: unknown[] = sorted.interactions;
  const keyed = interactions.map((interaction) => ({
    interaction,
    key: [...sortKey(interaction), JSON.stringify(interaction)],
  }));
  keyed.sort((a, b) => compareKeys(a.key, b.key));
  return { ...sorted, interactions: keyed.map((k) => k.interaction) };
}

/** The text of the committed file: the normalised pact, laid out as Pact writes it (two spaces, no final newline). */
export function serialisePact(pact: unknown): string {
  return JSON.stringify(normalisePact(pact), null, 2);
}

// ---------------------------------------------------------------------------------------------------
// Comparing
// ---------------------------------------------------------------------------------------------------

const show = (value: unknown, max = 80) => {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > max ? `${json.slice(0, max - 1)}…` : json;
};
const childPath = (path: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/** Every difference between two JSON values, one line per path: `~` changed, `+` only in `after`, `-` only in `before`. */
export function jsonDiff(before: unknown, after: unknown, path = '$'): string[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const lines: string[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i += 1) {
      const at = `${path}[${i}]`;
      if (i >= after.length) lines.push(`- ${at}: ${show(before[i])}`);
      else if (i >= before.length) lines.push(`+ ${at}: ${show(after[i])}`);
      else lines.push(...jsonDiff(before[i], after[i], at));
    }
    return lines;
  }
  if (isObject(before) && isObject(after)) {
    const lines: string[] = [];
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(byText)) {
      const at = childPath(path, key);
      if (!(key in after)) lines.push(`- ${at}: ${show(before[key])}`);
      else if (!(key in before)) lines.push(`+ ${at}: ${show(after[key])}`);
      else lines.push(...jsonDiff(before[key], after[key], at));
    }
    return lines;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [`~ ${path}: ${show(before)} → ${show(after)}`];
}

export interface ChangedInteraction {
  name: string;
  differences: string[];
}

/** How the regenerated pact differs from the committed one (every list empty: no drift). */
export interface PactDrift {
  /** Interactions only in the regenerated pact, by name. */
  added: string[];
  /** Interactions only in the committed pact, by name. */
  removed: string[];
  /** Interactions in both (same description and state names) whose content differs, with the paths that differ. */
  changed: ChangedInteraction[];
  /** Differences outside the interactions: consumer, provider, metadata (the Pact versions that wrote it). */
  other: string[];
}

export const hasDrift = (drift: PactDrift) =>
  drift.added.length + drift.removed.length + drift.changed.length + drift.other.length > 0;

interface Named {
  name: string;
  description: string;
  interaction: unknown;
}

/** The interactions with their names; a name that repeats gets `#2`, `#3`… in file order (after normalising). */
function named(pact: unknown): Named[] {
  const seen = new Set<string>();
  return interactionsOf(pact).map((interaction) => {
    const name = interactionName(interaction);
    let unique = name;
    for (let n = 2; seen.has(unique); n += 1) unique = `${name} #${n}`;
    seen.add(unique);
    return { name: unique, description: isObject(interaction) ? text(interaction.description) : '', interaction };
  });
}

/**
 * The drift from `committed` to `regenerated`, ignoring only the order of interactions and of object keys.
 * An interaction is the same one in both when its description and provider state names are; one whose states
 * changed but whose description is found once on each side is reported as changed, not as removed and added.
 */
export function comparePacts(committed: unknown, regenerated: unknown): PactDrift {
  const before = normalisePact(committed);
  const after = normalisePact(regenerated);
  const withoutInteractions = (pact: unknown) => {
    if (!isObject(pact)) return pact;
    const { interactions: _interactions, ...rest } = pact;
    return rest;
  };
  const other = jsonDiff(withoutInteractions(before), withoutInteractions(after));
  const old = named(before);
  const now = named(after);
  const oldNames = new Set(old.map((o) => o.name));
  const nowNames = new Set(now.map((n) => n.name));
  const pairs: [Named, Named][] = now
    .filter((n) => oldNames.has(n.name))
    .map((n) => [old.find((o) => o.name === n.name)!, n]);
  let removed = old.filter((o) => !nowNames.has(o.name));
  let added = now.filter((n) => !oldNames.has(n.name));
  const once = (list: Named[], description: string) => list.filter((x) => x.description === description).length === 1;
  const restated = added.filter((n) => once(added, n.description) && once(removed, n.description));
  for (const n of restated) pairs.push([removed.find((o) => o.description === n.description)!, n]);
  removed = removed.filter((o) => !restated.some((n) => n.description === o.description));
  added = added.filter((n) => !restated.includes(n));
  const changed: ChangedInteraction[] = [];
  for (const [o, n] of pairs) {
    const differences = jsonDiff(o.interaction, n.interaction);
    if (differences.length > 0) changed.push({ name: n.name, differences });
  }
  changed.sort((a, b) => byText(a.name, b.name));
  return { added: added.map((n) => n.name), removed: removed.map((o) => o.name), changed, other };
}

export interface ReportOptions {
  committedFile: string;
  regeneratedFile: string;
  /** The most paths listed for one changed interaction. */
  linesPerInteraction?: number;
  /** The most changed interactions listed. */
  changedListed?: number;
}

const capped = (lines: string[], max: number, indent: string) => [
  ...lines.slice(0, max).map((line) => `${indent}${line}`),
  ...(lines.length > max ? [`${indent}… and ${lines.length - max} more`] : []),
];

/** A readable report of the drift, ending with what to do about it. */
export function formatDrift(drift: PactDrift, options: ReportOptions): string {
  const { committedFile, regeneratedFile, linesPerInteraction = 6, changedListed = 25 } = options;
  const counts = [
    drift.added.length > 0 ? `${drift.added.length} added` : '',
    drift.removed.length > 0 ? `${drift.removed.length} removed` : '',
    drift.changed.length > 0 ? `${drift.changed.length} changed` : '',
  ].filter(Boolean);
  const lines = [
    `The pact the consumer tests generated (${regeneratedFile}) differs from the committed one (${committedFile})` +
      (counts.length > 0 ? `: interactions ${counts.join(', ')}.` : '.'),
  ];
  if (drift.added.length > 0) lines.push('', 'Added interactions:', ...drift.added.map((name) => `  + ${name}`));
  if (drift.removed.length > 0) lines.push('', 'Removed interactions:', ...drift.removed.map((name) => `  - ${name}`));
  if (drift.changed.length > 0) {
    lines.push('', 'Changed interactions (committed → generated):');
    for (const change of drift.changed.slice(0, changedListed))
      lines.push(`  ~ ${change.name}`, ...capped(change.differences, linesPerInteraction, '      '));
    if (drift.changed.length > changedListed)
      lines.push(`  … and ${drift.changed.length - changedListed} more changed interactions`);
  }
  if (drift.other.length > 0)
    lines.push(
      '',
      'Outside the interactions (committed → generated):',
      ...capped(drift.other, linesPerInteraction, '  '),
    );
  lines.push(
    '',
    `The whole diff: git diff --no-index ${committedFile} ${regeneratedFile}`,
    `The contract changed: ${REVIEW_HINT}.`,
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// The commands
// ---------------------------------------------------------------------------------------------------

const root = fileURLToPath(new URL('../..', import.meta.url));
const inRoot = (path: string) => resolve(root, path);
const readJson = (path: string): unknown => JSON.parse(readFileSync(inRoot(path), 'utf8'));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readRegenerated(): unknown {
  if (!existsSync(inRoot(GENERATED_PACT_FILE)))
    fail(`No generated pact at ${GENERATED_PACT_FILE}: run \`npm run pact:consumer\` (its consumer tests write it).`);
  return readJson(GENERATED_PACT_FILE);
}

/** `clean`: deletes the pacts of the scratch folder (never the committed folder). */
function clean(): void {
  const dir = inRoot(GENERATED_PACT_DIR);
  if (dir === inRoot(PACT_DIR) || root.startsWith(`${dir}/`))
    fail(`Refusing to clear ${GENERATED_PACT_DIR}: set PACT_OUT_DIR to a scratch folder.`);
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) if (file.endsWith('.json')) rmSync(resolve(dir, file));
}

/** `check`: exits 1 with a report when the regenerated pact differs from the committed one (or there is none committed). */
function check(): void {
  const regenerated = readRegenerated();
  if (!existsSync(inRoot(PACT_FILE))) {
    fail(
      `There is no committed pact at ${PACT_FILE}; the consumer tests generated ${GENERATED_PACT_FILE} (${interactionsOf(regenerated).length} interactions): ${REVIEW_HINT}.`,
    );
  }
  const drift = comparePacts(readJson(PACT_FILE), regenerated);
  if (hasDrift(drift)) fail(formatDrift(drift, { committedFile: PACT_FILE, regeneratedFile: GENERATED_PACT_FILE }));
  console.log(
    `No drift: ${GENERATED_PACT_FILE} matches the committed ${PACT_FILE} (${interactionsOf(regenerated).length} interactions).`,
  );
}

/** `accept`: writes the regenerated pact, normalised, over the committed one, and says what changed. */
function accept(): void {
  const regenerated = readRegenerated();
  const target = inRoot(PACT_FILE);
  const drift = existsSync(target) ? comparePacts(readJson(PACT_FILE), regenerated) : null;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, serialisePact(regenerated));
  const what =
    drift === null
      ? 'a new file'
      : hasDrift(drift)
        ? `${drift.added.length} added, ${drift.removed.length} removed, ${drift.changed.length} changed`
        : 'no change to the contract';
  console.log(
    `Wrote ${PACT_FILE} from ${GENERATED_PACT_FILE} (${interactionsOf(regenerated).length} interactions; ${what}). Commit pacts/.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv[2] ?? 'check';
  const commands: Record<string, () => void> = { clean, check, accept };
  const run = commands[command];
  if (!run) fail(`Unknown command ${command}: use clean, check or accept.`);
  run();
}
