/**
 * Reading a V4 pact's response matching rules the way Pact's Rust core (pact_models) applies them, so a
 * test can ask "what does the contract allow at this JSON path?" without running a mock server.
 *
 * Path semantics (pact_models `DocPath::path_weight` and `MatchingRuleCategory::max_by_path`): a rule's
 * path is weighed against the concrete path token by token (an exact field or index scores 2, `*` and
 * `[*]` score 1, a mismatch 0, and the weights multiply); a rule path longer than the concrete path never
 * applies, a shorter one applies to everything under it (a cascaded rule: `eachLike`'s `{ match: type, min }`
 * on `$.data` reaches `$.data[0].attributes.region`). The rule with the highest weight x length wins. With
 * no rule at all, Pact compares by equality with the example.
 */

export interface PactMatcher {
  match: string;
  regex?: string;
  min?: number;
  max?: number;
  value?: unknown;
  [key: string]: unknown;
}

export interface PactRuleList {
  combine?: string;
  matchers: PactMatcher[];
}

export type PactBodyRules = Record<string, PactRuleList>;

export interface PactBody {
  content?: unknown;
  contentType?: string;
  encoded?: boolean | string;
}

export interface PactInteraction {
  description: string;
  type?: string;
  providerStates?: { name: string; params?: Record<string, unknown> }[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string | string[]>;
  };
  response: {
    status: number;
    headers?: Record<string, string | string[]>;
    body?: PactBody;
    matchingRules?: { body?: PactBodyRules; header?: unknown };
  };
}

// ---------------------------------------------------------------------------------------------------
// Rule paths
// ---------------------------------------------------------------------------------------------------

export type PathToken =
  | { kind: 'root' }
  | { kind: 'field'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'star' }
  | { kind: 'starIndex' };

/** pact_models' identifier characters after a `.` */
const IDENT_CHAR = /[\p{L}\p{N}_\-:#@]/u;

/** Parses Pact's JSONPath subset: `$`, `.name`, `.*`, `['name']`, `[0]`, `[*]`. Throws on anything else. */
export function parseRulePath(expr: string): PathToken[] {
  if (!expr.startsWith('$')) throw new Error(`rule path '${expr}' does not start with $`);
  const tokens: PathToken[] = [{ kind: 'root' }];
  let i = 1;
  while (i < expr.length) {
    const ch = expr[i];
    if (ch === '.') {
      i++;
      if (expr[i] === '*') {
        tokens.push({ kind: 'star' });
        i++;
        continue;
      }
      let name = '';
      while (i < expr.length && IDENT_CHAR.test(expr[i]!)) name += expr[i++];
      if (name === '') throw new Error(`rule path '${expr}': expected a name at ${i}`);
      tokens.push({ kind: 'field', name });
    } else if (ch === '[') {
      i++;
      if (expr[i] === '*' && expr[i + 1] === ']') {
        tokens.push({ kind: 'starIndex' });
        i += 2;
      } else if (expr[i] === "'" || expr[i] === '"') {
        const quote = expr[i];
        i++;
        let name = '';
        while (i < expr.length && expr[i] !== quote) {
          if (expr[i] === '\\') i++;
          name += expr[i++];
        }
        if (expr[i] !== quote || expr[i + 1] !== ']') throw new Error(`rule path '${expr}': unterminated ['...']`);
        i += 2;
        tokens.push({ kind: 'field', name });
      } else {
        const digits = /^\d+/.exec(expr.slice(i))?.[0];
        if (!digits || expr[i + digits.length] !== ']')
          throw new Error(`rule path '${expr}': expected [n], [*] or ['name'] at ${i}`);
        tokens.push({ kind: 'index', index: Number(digits) });
        i += digits.length + 1;
      }
    } else {
      throw new Error(`rule path '${expr}': unexpected '${ch}' at ${i}`);
    }
  }
  return tokens;
}

function tokenWeight(fragment: string, token: PathToken): number {
  switch (token.kind) {
    case 'root':
      return fragment === '$' ? 2 : 0;
    case 'field':
      return fragment === token.name ? 2 : 0;
    case 'index':
      return /^\d+$/.test(fragment) && Number(fragment) === token.index ? 2 : 0;
    case 'starIndex':
      return fragment === '[*]' || /^\d+$/.test(fragment) ? 1 : 0;
    case 'star':
      return 1;
  }
}

/** pact_models `path_weight`: the product of the token weights, 0 when the rule path is longer than the path. */
export function pathWeight(tokens: readonly PathToken[], path: readonly string[]): number {
  if (path.length < tokens.length) return 0;
  return tokens.reduce((acc, token, i) => acc * tokenWeight(path[i]!, token), 1);
}

/** A concrete path (`['$', 'data', '0', 'attributes', 'region']`) as JSONPath text (`$.data[0].attributes.region`). */
export function formatPath(path: readonly string[]): string {
  return path
    .slice(1)
    .reduce(
      (text, part) =>
        /^\d+$/.test(part)
          ? `${text}[${part}]`
          : /^[_A-Za-z][_A-Za-z0-9]*$/.test(part)
            ? `${text}.${part}`
            : `${text}['${part}']`,
      '$',
    );
}

export interface SelectedRule {
  /** The rule's own path, as written in the pact. */
  path: string;
  rules: PactRuleList;
  /** The rule was written for an ancestor (it reaches this path by cascading). */
  cascaded: boolean;
}

export interface Selection {
  /** The rule Pact applies, or null when none reaches the path (Pact then compares by equality). */
  best: SelectedRule | null;
  /** Rules with the same winning score but different matchers: Pact picks one of them in hash order. */
  ties: SelectedRule[];
}

/** The rule Pact's `max_by_path` picks for `path` among `rules` (a response's `matchingRules.body`). */
export function selectRule(rules: PactBodyRules | undefined, path: readonly string[]): Selection {
  let bestScore = 0;
  let winners: SelectedRule[] = [];
  for (const [expr, list] of Object.entries(rules ?? {})) {
    const tokens = parseRulePath(expr);
    const weight = pathWeight(tokens, path);
    if (weight === 0) continue;
    const score = weight * tokens.length;
    const candidate = { path: expr, rules: list, cascaded: tokens.length !== path.length };
    if (score > bestScore) {
      bestScore = score;
      winners = [candidate];
    } else if (score === bestScore) {
      winners.push(candidate);
    }
  }
  const [best] = winners;
  if (!best) return { best: null, ties: [] };
  const same = (a: PactRuleList, b: PactRuleList) => JSON.stringify(a) === JSON.stringify(b);
  return { best, ties: winners.slice(1).filter((w) => !same(w.rules, best.rules)) };
}

// ---------------------------------------------------------------------------------------------------
// What a rule allows for a string value
// ---------------------------------------------------------------------------------------------------

/** yes / no, or unknown for a matcher this reader does not model (it then cannot vouch for the field). */
export type Allowed = 'yes' | 'no' | 'unknown';

function matcherAllows(matcher: PactMatcher, value: string, example: unknown): Allowed {
  switch (matcher.match) {
    case 'regex':
      // Pact's Rust core uses `Regex::is_match`: a search, anchored only by the pattern's own ^ and $.
      if (typeof matcher.regex !== 'string') return 'unknown';
      try {
        return new RegExp(matcher.regex).test(value) ? 'yes' : 'no';
      } catch {
        return 'unknown'; // Rust regex syntax JavaScript does not read
      }
    case 'equality':
      return value === example ? 'yes' : 'no';
    case 'type':
      // `type`, and `eachLike`'s `{ match: type, min/max }` on a string: any string.
      return typeof example === 'string' ? 'yes' : 'no';
    case 'include':
      return typeof matcher.value === 'string' && value.includes(matcher.value) ? 'yes' : 'no';
    case 'notEmpty':
      return value !== '' ? 'yes' : 'no';
    default:
      return 'unknown';
  }
}

/** Whether the rule list (or, with none, Pact's default equality with `example`) lets `value` through. */
export function ruleAllows(rules: PactRuleList | null, value: string, example: unknown): Allowed {
  if (rules === null) return value === example ? 'yes' : 'no';
  const results = rules.matchers.map((m) => matcherAllows(m, value, example));
  if ((rules.combine ?? 'AND').toUpperCase() === 'OR') {
    if (results.includes('yes')) return 'yes';
    return results.every((r) => r === 'no') ? 'no' : 'unknown';
  }
  if (results.includes('no')) return 'no';
  return results.every((r) => r === 'yes') ? 'yes' : 'unknown';
}

/** A rule as one line for a report: `$.data (cascaded) type min 1`, `regex ^(a|b)$`, `none (equality)`. */
export function describeRule(selected: SelectedRule | null): string {
  if (!selected) return 'no rule (Pact compares by equality with the example)';
  const matchers = selected.rules.matchers
    .map((m) => {
      const extras = Object.entries(m)
        .filter(([k]) => k !== 'match' && !(m.match === 'regex' && k === 'regex'))
        .map(([k, v]) => `${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`);
      return [m.match === 'regex' ? `regex ${String(m.regex)}` : m.match, ...extras].join(' ');
    })
    .join(selected.rules.combine === 'OR' ? ' OR ' : ' AND ');
  return `${selected.path}${selected.cascaded ? ' (cascaded from an ancestor)' : ''}: ${matchers}`;
}

// ---------------------------------------------------------------------------------------------------
// Walking a JSON example
// ---------------------------------------------------------------------------------------------------

export interface Leaf {
  path: string[];
  value: string | number | boolean | null;
}

/** Every primitive of a JSON value, with its concrete path from `$`. */
export function leaves(value: unknown, path: string[] = ['$']): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, String(i)]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
    return [{ path, value }];
  return [];
}

/** A deep copy of `value` with the leaf at `path` replaced. */
export function replaceAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length <= 1) return replacement;
  const [, key, ...rest] = path;
  if (Array.isArray(value))
    return (value as unknown[]).map((item, i) =>
      String(i) === key ? replaceAt(item, ['$', ...rest], replacement) : item,
    );
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === key ? replaceAt(v, ['$', ...rest], replacement) : v]),
    );
  }
  throw new Error(`no ${formatPath(path)} in the example`);
}

// ---------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------

function headerValue(headers: Record<string, string | string[]> | undefined, name: string): string | undefined {
  const found = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase());
  if (!found) return undefined;
  return Array.isArray(found[1]) ? found[1].join(', ') : found[1];
}

/** A JSON answer, as the client decides (`/\bjson\b/` in Content-Type, src/api/client.ts `isJson`). */
export function isJsonResponse(interaction: PactInteraction): boolean {
  const contentType =
    headerValue(interaction.response.headers, 'content-type') ?? interaction.response.body?.contentType ?? '';
  return /\bjson\b/i.test(contentType);
}

/** The example body of a JSON answer as the client reads it: an empty answer is `{}` (client.ts `readBody`). */
export function exampleBody(interaction: PactInteraction): unknown {
  const body = interaction.response.body;
  if (!body || body.content === undefined || body.content === '') return {};
  if (typeof body.content === 'string' && body.encoded)
    return JSON.parse(Buffer.from(body.content, 'base64').toString('utf8')) as unknown;
  return typeof body.content === 'string' ? (JSON.parse(body.content) as unknown) : body.content;
}

/** The request's query as the pact holds it (`{ 'filter[region]': ['north'] }`). */
export const queryOf = (interaction: PactInteraction): Record<string, string[]> => interaction.request.query ?? {};
