import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CSV_TYPES, uploadPath } from '../../src/domain/csv';
import { userPath } from '../../src/api/early-answers';
import { DEFAULT_PRODUCT, vendorMediaType } from '../../src/domain/product';
import { CATALOGUE, type AuthKind, type CatalogueEntry } from './catalogue';
import { EXAMPLE_AUTH_TOKEN, PACT_FILE } from './pact';

/**
 * The API catalogue (tests/contract/catalogue.ts) against the committed pact and the app's calls:
 * every catalogued call the app makes has a Pact interaction, every interaction is a catalogued call with
 * the catalogue's auth kind and media type version, and every call in src/api is catalogued. Calls marked
 * `unused` are accepted without an interaction (and must then have none, and no caller).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------------------------------
// Matching a concrete path to a catalogue path
// ---------------------------------------------------------------------------------------------------

/** A path segment that stands for an id: digits, a UUID, or a token with a digit in it (`u_12`, `abc123`). */
const ID_LIKE =
  /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]+)$/i;
/** What an app template's `${...}` becomes. */
const APP_PARAM = ':param';

const segments = (path: string) => path.replace(/\/+$/, '').split('/').slice(1);
const isPlaceholder = (segment: string) => segment.startsWith(':');

/** The number of literal segments `concrete` matches in `pattern`, or null when it does not match. */
function literalMatches(pattern: string, concrete: string): number | null {
  const want = segments(pattern);
  const have = segments(concrete);
  if (want.length !== have.length) return null;
  let literals = 0;
  for (const [i, w] of want.entries()) {
    const h = have[i]!;
    if (isPlaceholder(w)) {
      if (!isPlaceholder(h) && !ID_LIKE.test(h)) return null;
    } else if (w === h) literals++;
    else return null;
  }
  return literals;
}

/** The catalogue entries `method path` is, best match first: a literal segment beats a placeholder. */
function entriesFor(method: string, path: string, entries: readonly CatalogueEntry[] = CATALOGUE): CatalogueEntry[] {
  const scored = entries
    .filter((e) => e.method === method.toUpperCase())
    .map((e) => ({ e, score: literalMatches(e.path, path) }))
    .filter((s): s is { e: CatalogueEntry; score: number } => s.score !== null);
  const best = Math.max(...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best).map((s) => s.e);
}

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

// ---------------------------------------------------------------------------------------------------
// The committed pact
// ---------------------------------------------------------------------------------------------------

interface PactInteraction {
  description: string;
  providerStates?: { name: string }[];
  request: { method: string; path: string; headers?: Record<string, string | string[]> };
  response: { status: number };
}

const pact = JSON.parse(readFileSync(join(root, PACT_FILE), 'utf8')) as { interactions: PactInteraction[] };

function header(interaction: PactInteraction, name: string): string | undefined {
  const found = Object.entries(interaction.request.headers ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase());
  if (!found) return undefined;
  const value = found[1];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Session tokens are `at_…` (the pact's example is EXAMPLE_AUTH_TOKEN); any other Authorization is a pay link's token. */
function authOf(interaction: PactInteraction): AuthKind {
  const value = header(interaction, 'Authorization');
  if (value === undefined) return 'public';
  return value === EXAMPLE_AUTH_TOKEN || value.startsWith('at_') ? 'session' : 'pay-token';
}

const named = (i: PactInteraction) => `${i.request.method} ${i.request.path} ('${i.description}')`;

// ---------------------------------------------------------------------------------------------------
// The app's calls (src/api), read from the source
// ---------------------------------------------------------------------------------------------------

interface AppCall {
  method: string;
  path: string;
  /** Undefined when the source does not say it plainly. */
  auth?: AuthKind;
  version?: number;
  where: string;
}

/** A provider path as a string: `/a/b_c`, with `:param` for a template's substitutions. */
const PATH_LIKE = /^\/[a-z][a-z0-9_]*(\/([a-z0-9_]+|:param))*$/;

const apiDir = join(root, 'src/api');
const apiFiles = readdirSync(apiDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((f) => join(apiDir, f));

function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties) if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
  return undefined;
}

/** The paths an expression can be; null when it is not plain enough to read. */
function pathsOf(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text + node.templateSpans.map((s) => APP_PARAM + s.literal.text).join('')];
  if (ts.isParenthesizedExpression(node)) return pathsOf(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = pathsOf(node.whenTrue);
    const b = pathsOf(node.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  // The CSV upload's endpoint is the kernel's (src/domain/csv.ts): every path it gives.
  if (ts.isCallExpression(node) && node.expression.getText() === 'uploadPath')
    return [...new Set(CSV_TYPES.map(uploadPath))];
  // The profile's path is shared with the entry's early request (src/api/early-answers.ts); it encodes the id.
  if (ts.isCallExpression(node) && node.expression.getText() === 'userPath')
    return [decodeURIComponent(userPath(APP_PARAM))];
  return null;
}

function authOfSource(object: ts.ObjectLiteralExpression): AuthKind | undefined {
  const auth = propertyOf(object, 'auth');
  if (auth === undefined) return 'session';
  if (ts.isStringLiteral(auth))
    return auth.text === 'none' ? 'public' : auth.text === 'session' ? 'session' : undefined;
  if (ts.isObjectLiteralExpression(auth)) return 'pay-token';
  return undefined;
}

function readAppCalls() {
  const calls: AppCall[] = [];
  /** Path-like strings outside a `path:` property (e.g. a comparison with an endpoint). */
  const loose: { path: string; where: string }[] = [];
  const unreadable: string[] = [];
  for (const file of apiFiles) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const claimed = new Set<ts.Node>();
    const visitObjects = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const pathNode = propertyOf(node, 'path');
        if (pathNode) {
          const paths = pathsOf(pathNode);
          if (paths === null) unreadable.push(`${where(pathNode)}: path: ${pathNode.getText()}`);
          const method = propertyOf(node, 'method');
          const version = propertyOf(node, 'version');
          for (const path of paths ?? []) {
            calls.push({
              method: method && ts.isStringLiteral(method) ? method.text : 'GET',
              path,
              auth: authOfSource(node),
              ...(version && ts.isNumericLiteral(version) ? { version: Number(version.text) } : {}),
              where: where(pathNode),
            });
          }
          const claim = (n: ts.Node): void => {
            claimed.add(n);
            ts.forEachChild(n, claim);
          };
          claim(pathNode);
        }
      }
      ts.forEachChild(node, visitObjects);
    };
    visitObjects(source);
    const visitStrings = (node: ts.Node): void => {
      if (
        !claimed.has(node) &&
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
      ) {
        const [path] = pathsOf(node) ?? [];
        if (path !== undefined && PATH_LIKE.test(path)) loose.push({ path, where: where(node) });
      }
      ts.forEachChild(node, visitStrings);
    };
    visitStrings(source);
  }
  return { calls, loose, unreadable };
}

// ---------------------------------------------------------------------------------------------------

const unused = CATALOGUE.filter((e) => e.unused);
const areas = (e: CatalogueEntry) => (typeof e.area === 'string' ? [e.area] : e.area);

describe('the API catalogue', () => {
  it('is well formed: one entry per method and path, :name placeholders, reasons where asked', () => {
    const seen = new Map<string, number>();
    for (const e of CATALOGUE) seen.set(key(e), (seen.get(key(e)) ?? 0) + 1);
    expect
      .soft(
        [...seen].filter(([, n]) => n > 1).map(([k]) => k),
        'entries listed more than once',
      )
      .toEqual([]);
    expect
      .soft(
        CATALOGUE.filter((e) => !/^\/[a-z][a-z0-9_]*(\/([a-z0-9_]+|:[a-z_]+))*$/.test(e.path)).map(key),
        'paths that are not /segments with :name placeholders',
      )
      .toEqual([]);
    expect
      .soft(
        CATALOGUE.filter(
          (e) =>
            (e.pathChosen && !e.pathChosen.reason.trim()) ||
            (e.unused && !e.unused.reason.trim()) ||
            !e.spec.trim() ||
            areas(e).length === 0,
        ).map(key),
        'entries with an empty reason, spec or area',
      )
      .toEqual([]);
    // No two entries can claim the same concrete path.
    const clashes = CATALOGUE.flatMap((e) => {
      const example = e.path.replaceAll(/:[a-z_]+/g, '42');
      const found = entriesFor(e.method, example);
      return found.length === 1 && found[0] === e
        ? []
        : [`${key(e)} (as ${example}) -> ${found.map(key).join(' | ') || 'nothing'}`];
    });
    expect.soft(clashes, 'entries whose own example path resolves to another entry').toEqual([]);
  });

  it('has a Pact interaction for every call the app uses, and every interaction is catalogued with its auth kind and version', () => {
    const byEntry = new Map<CatalogueEntry, PactInteraction[]>();
    const uncatalogued: string[] = [];
    const ambiguous: string[] = [];
    const wrongAuth: string[] = [];
    const wrongVersion: string[] = [];
    for (const interaction of pact.interactions) {
      const found = entriesFor(interaction.request.method, interaction.request.path);
      if (found.length === 0) {
        uncatalogued.push(named(interaction));
        continue;
      }
      if (found.length > 1) {
        ambiguous.push(`${named(interaction)} -> ${found.map(key).join(' | ')}`);
        continue;
      }
      const entry = found[0]!;
      byEntry.set(entry, [...(byEntry.get(entry) ?? []), interaction]);
      const auth = authOf(interaction);
      if (auth !== entry.auth)
        wrongAuth.push(`${named(interaction)}: sends ${auth}, the catalogue says ${entry.auth} (${key(entry)})`);
      const accept = header(interaction, 'Accept');
      const expected = vendorMediaType(DEFAULT_PRODUCT, entry.version ?? 1);
      // A 406 interaction asks for a version on purpose that the provider must refuse.
      if (accept !== expected && interaction.response.status !== 406)
        wrongVersion.push(`${named(interaction)}: Accept ${accept ?? '(none)'}, the catalogue says ${expected}`);
    }
    const missing = CATALOGUE.filter((e) => !e.unused && !byEntry.has(e)).map(
      (e) => `${key(e)} (${areas(e).join(', ')}; ${e.spec})`,
    );
    const unusedWithInteractions = unused
      .filter((e) => byEntry.has(e))
      .map(
        (e) =>
          `${key(e)}: ${byEntry
            .get(e)!
            .map((i) => `'${i.description}'`)
            .join(', ')}`,
      );

    expect.soft(missing, `catalogue entries with no interaction in ${PACT_FILE}`).toEqual([]);
    expect.soft(uncatalogued, 'interactions whose request is in no catalogue entry').toEqual([]);
    expect.soft(ambiguous, 'interactions that match more than one entry').toEqual([]);
    expect.soft(wrongAuth, 'interactions whose Authorization disagrees with the catalogue’s auth kind').toEqual([]);
    expect.soft(wrongVersion, 'interactions whose Accept version disagrees with the catalogue').toEqual([]);
    expect.soft(unusedWithInteractions, 'entries marked unused that have interactions (drop the mark)').toEqual([]);
  });

  it('catalogues every call in src/api, with its auth kind and version, and marks unused only what the app never calls', () => {
    const { calls, loose, unreadable } = readAppCalls();
    expect
      .soft(unreadable, 'path: expressions in src/api this test cannot read (teach pathsOf, or use a literal)')
      .toEqual([]);
    expect(calls.length, 'calls found in src/api').toBeGreaterThan(40);

    const used = new Set<CatalogueEntry>();
    const uncatalogued: string[] = [];
    const mismatched: string[] = [];
    for (const call of calls) {
      const found = entriesFor(call.method, call.path);
      if (found.length !== 1) {
        uncatalogued.push(
          `${call.method} ${call.path} at ${call.where}${found.length > 1 ? ` (ambiguous: ${found.map(key).join(' | ')})` : ''}`,
        );
        continue;
      }
      const entry = found[0]!;
      used.add(entry);
      if (call.auth !== undefined && call.auth !== entry.auth)
        mismatched.push(
          `${call.method} ${call.path} at ${call.where}: sends ${call.auth}, the catalogue says ${entry.auth}`,
        );
      if ((call.version ?? 1) !== (entry.version ?? 1))
        mismatched.push(
          `${call.method} ${call.path} at ${call.where}: version ${call.version ?? 1}, the catalogue says ${entry.version ?? 1}`,
        );
    }
    const looseUncatalogued = loose
      .filter((l) => CATALOGUE.every((e) => literalMatches(e.path, l.path) === null))
      .map((l) => `${l.path} at ${l.where}`);

    expect.soft(uncatalogued, 'calls in src/api that are in no catalogue entry').toEqual([]);
    expect.soft(looseUncatalogued, 'provider paths written in src/api that are in no catalogue entry').toEqual([]);
    expect.soft(mismatched, 'calls in src/api whose auth or version disagrees with the catalogue').toEqual([]);
    expect
      .soft(unused.filter((e) => used.has(e)).map(key), 'entries marked unused that src/api calls (drop the mark)')
      .toEqual([]);
    expect
      .soft(
        CATALOGUE.filter((e) => !e.unused && !used.has(e)).map(key),
        'entries src/api never calls (mark them unused with a reason, or add the call)',
      )
      .toEqual([]);
  });

  it('says its size', () => {
    const byAuth = (['session', 'pay-token', 'public'] as const)
      .map((a) => `${a} ${CATALOGUE.filter((e) => e.auth === a).length}`)
      .join(', ');
    console.info(
      `API catalogue: ${CATALOGUE.length} calls (${byAuth}); ${CATALOGUE.filter((e) => e.pathChosen).length} chosen paths; ${unused.length} unused:\n` +
        unused.map((e) => `  ${key(e)}: ${e.unused!.reason}`).join('\n'),
    );
    expect(CATALOGUE.length).toBeGreaterThan(0);
  });

  describe('calls accepted without an interaction (unused by the app)', () => {
    it.each(unused.map((e) => [key(e), e.unused!.reason]))('%s: %s', (_call, reason) => {
      expect(reason).not.toBe('');
    });
  });
});
