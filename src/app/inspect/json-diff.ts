/**
 * A small structural diff of two JSON values, for the inspector's context changes: which paths were added,
 * removed or changed, with the old and new values. Objects are compared key by key, arrays index by index;
 * a value whose kind changes (an object that became a string) is one change at its path.
 */

/** Any value the inspector received (JSON as it came through postMessage). */
type JsonLike = unknown;

export type JsonChange =
  | { kind: 'added'; path: string; after: JsonLike }
  | { kind: 'removed'; path: string; before: JsonLike }
  | { kind: 'changed'; path: string; before: JsonLike; after: JsonLike };

type Segment = string | number;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `user.anchor.name`, `rows[2].amount`, `headers["Content-Type"]`; the whole value is `(value)`. */
export function formatPath(segments: readonly Segment[]): string {
  if (segments.length === 0) return '(value)';
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Deep equality of two JSON values (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

function walk(before: unknown, after: unknown, path: Segment[], out: JsonChange[]): void {
  if (sameJson(before, after)) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key))
        out.push({ kind: 'removed', path: formatPath([...path, key]), before: before[key] });
      else walk(before[key], after[key], [...path, key], out);
    }
    for (const key of Object.keys(after)) {
      if (!Object.hasOwn(before, key)) out.push({ kind: 'added', path: formatPath([...path, key]), after: after[key] });
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const shared = Math.min(before.length, after.length);
    for (let i = 0; i < shared; i++) walk(before[i], after[i], [...path, i], out);
    for (let i = shared; i < before.length; i++)
      out.push({ kind: 'removed', path: formatPath([...path, i]), before: before[i] });
    for (let i = shared; i < after.length; i++)
      out.push({ kind: 'added', path: formatPath([...path, i]), after: after[i] });
    return;
  }
  // `undefined` is how a missing value arrives (a context that was not there yet).
  if (before === undefined) out.push({ kind: 'added', path: formatPath(path), after });
  else if (after === undefined) out.push({ kind: 'removed', path: formatPath(path), before });
  else out.push({ kind: 'changed', path: formatPath(path), before, after });
}

/** What changed from `before` to `after`, in key order of `before` then the keys `after` added. */
export function diffJson(before: unknown, after: unknown): JsonChange[] {
  const out: JsonChange[] = [];
  walk(before, after, [], out);
  return out;
}

/** A value on one line for a diff or a list, cut at `max` characters. */
export function preview(value: unknown, max = 80): string {
  if (value === undefined) return 'undefined';
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'undefined';
  } catch {
    text = '(not JSON)';
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A value as indented JSON, for a payload the QA opens. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    return '(not JSON)';
  }
}
