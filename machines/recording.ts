/**
 * Flow recordings, so a flow that went wrong can be replayed and kept as a test: what QA downloads from the
 * inspector and `npm run replay` plays back. Pure data and pure functions, shared by the app's recorder
 * (src/app/inspect/), the replay (machines/replay.ts) and the inspector page.
 *
 * A recording holds, per machine actor that ran while it recorded: the machine's id and version, the snapshot
 * it started from, and every event it received in order with its time offset and the state it reached. The
 * effects' answers (the API answers) are among those events: `xstate.done.actor.<invoke id>` with `output` and
 * `xstate.error.actor.<invoke id>` with `error`. Secrets are masked before anything is kept (maskSecrets).
 */

export const RECORDING_FORMAT = 'anchor-portal-flow-recording';
export const RECORDING_FORMAT_VERSION = 1;

/** A plain JSON value (what a recording holds). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface RecordedSnapshot {
  /** The state value (`'idle'`, `{ open: 'password' }`). */
  value: Json;
  /** active, done, error or stopped. */
  status: string;
  /** The context, masked and made JSON (see toJson). */
  context: Json;
}

export interface RecordedStep extends RecordedSnapshot {
  /** Milliseconds since the recording started. */
  at: number;
  /** The event, masked and made JSON. */
  event: { type: string; [key: string]: Json };
  /** The session id of the actor that sent it (a child's done event names the child), if any. */
  from?: string;
}

export interface RecordedActor {
  /** The actor's session id in the recorded page (`x:3`): how steps and parents refer to it. */
  sessionId: string;
  /** The machine's id (`session`, `profile`, `form`): machines/registry.ts knows it by this name. */
  machine: string;
  /** machineVersion() of the machine that ran: a replay refuses a recording of another version. */
  machineVersion: string;
  /** The session id of the parent actor, when this machine was invoked by another. */
  parent?: string;
  /** The invoke id it runs under in its parent (`passwordForm`), when it has a parent. */
  invokeId?: string;
  /** Milliseconds since the recording started, when the actor joined it (0: it was already running). */
  startedAt: number;
  start: RecordedSnapshot;
  steps: RecordedStep[];
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  formatVersion: typeof RECORDING_FORMAT_VERSION;
  /** ISO time the recording started. */
  recordedAt: string;
  /** The page's path when it started (no query: a pay link's token is never in it). */
  page: string;
  /** What the QA wrote about it, if anything. */
  title?: string;
  actors: RecordedActor[];
}

// -------------------------------------------------------------------------------------------------
// Machine versions
// -------------------------------------------------------------------------------------------------

/** FNV-1a, 32 bits, as 8 hex digits: small, the same in Node and every browser. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A machine's version: a hash of its definition as JSON (states, transitions, targets, guard, action and
 * actor names, delays). Inline functions are left out, so a development build, a minified production build
 * and Node agree; a change to the graph changes it.
 */
export function machineVersion(machine: { config: unknown }): string {
  return fnv1a(JSON.stringify(machine.config) ?? '');
}

// -------------------------------------------------------------------------------------------------
// Making values JSON
// -------------------------------------------------------------------------------------------------

/** How a File or Blob is kept: its name, size and type (guards read them), never its content. */
interface RecordedFile {
  $file: true;
  name: string;
  size: number;
  type: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A value as a recording keeps it: JSON, with a File or Blob as its name, size and type, an Error as
 * `{ $error: true }` with its name, message and own fields (a replay makes it an Error again), a function as
 * `{ $function: name }`, a Date as its ISO text. Cycles and actor references become `{ $ref: ... }`.
 *
 * A function's name is its `replayName` (a form check: a replay finds it by it), else the key it sits under
 * (`newKey`): a production build minifies function names (`Gt`), so the name alone would change with every
 * build and say nothing. `key` is that key, when the value is an object's property.
 */
export function toJson(value: unknown, seen = new WeakSet<object>(), key?: string): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function') {
    // A form check carries the name a replay finds it by (machines/form/form-checks.ts); a build may minify `name`.
    const named = (value as { replayName?: unknown }).replayName;
    return { $function: typeof named === 'string' ? named : key || value.name || 'anonymous' };
  }
  if (typeof value !== 'object') return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    return {
      $file: true,
      name: value instanceof File ? value.name : '',
      size: value.size,
      type: value.type,
    } satisfies RecordedFile;
  }
  if (seen.has(value)) return { $ref: 'cycle' };
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => toJson(v, seen));
    // An actor reference (a child in context): its id only.
    if ('sessionId' in value && 'send' in value && typeof value.send === 'function') {
      const id = (value as { id?: unknown }).id;
      return { $ref: typeof id === 'string' ? id : 'actor' };
    }
    const out: Record<string, Json> = {};
    if (value instanceof Error) {
      out.$error = true;
      out.name = value.name;
      out.message = value.message;
    }
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toJson(v, seen, k);
    return out;
  } finally {
    seen.delete(value);
  }
}

// -------------------------------------------------------------------------------------------------
// Masking
// -------------------------------------------------------------------------------------------------

/**
 * Keys whose values are secrets: passwords, OTPs, auth, refresh, reset and pay tokens, card data, UPI PINs
 * and the Authorization header. (`pin_code`, an address's postal code, is not one.)
 */
const SECRET_KEY =
  /password|passwd|secret|token|authorization|otp|cvv|cvc|card_?number|card_?no|^pan$|(^|_)pin$|upi_?pin/i;

const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/** The character classes a mask keeps, in order: a lower-case letter, an upper-case one, a digit. */
const CLASSES = ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'] as const;

/** 'Demo@1234' -> 'Aaaa*0000': each character replaced by the first of its class, so length and classes stay. */
function shapeOf(secret: string): string {
  let out = '';
  for (const c of secret) {
    const cls = CLASSES.find((chars) => chars.includes(c));
    out += cls ? cls[0] : '*';
  }
  return out;
}

/** The next string of the same shape ('Aaaa*0000' -> 'Aaaa*0001'): bumps the last letter or digit. */
function nextOfShape(text: string): string {
  const chars = [...text];
  for (let i = chars.length - 1; i >= 0; i--) {
    const cls = CLASSES.find((set) => set.includes(chars[i]!));
    if (!cls) continue;
    const at = cls.indexOf(chars[i]!);
    if (at < cls.length - 1) {
      chars[i] = cls[at + 1]!;
      return chars.join('');
    }
    chars[i] = cls[0]!;
  }
  return `${text}*`;
}

/**
 * Masks secrets consistently within one recording: the same secret always gets the same mask and two
 * different secrets never share one, so a replay takes the same paths (a confirmation that matched still
 * matches, a wrong OTP is still not the right one), and a mask keeps the length and the character classes
 * (a password rule still passes). A mask is never the secret itself, and masking a mask gives the mask back.
 */
export class SecretMasker {
  private readonly masks = new Map<string, string>();
  private readonly used = new Set<string>();

  mask(secret: string): string {
    if (secret === '') return '';
    if (this.used.has(secret)) return secret; // already a mask
    const known = this.masks.get(secret);
    if (known !== undefined) return known;
    let candidate = shapeOf(secret);
    // A secret can be its own shape ('000000', 'aaaa'): its mask must still not be it.
    while (this.used.has(candidate) || candidate === secret) candidate = nextOfShape(candidate);
    this.masks.set(secret, candidate);
    this.used.add(candidate);
    return candidate;
  }

  /**
   * `value` (already JSON) with every secret masked: the value of a secret key, and the `value` of an object
   * whose `field` or `name` is a secret key (a form's `{ type: 'CHANGE', field: 'password', value }`).
   */
  maskJson(value: Json): Json {
    if (Array.isArray(value)) return value.map((v) => this.maskJson(v));
    if (!isRecord(value)) return value;
    const namesSecret = [value.field, value.name].some((n) => typeof n === 'string' && isSecretKey(n));
    const out: Record<string, Json> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = isSecretKey(key) || (namesSecret && key === 'value') ? this.maskAll(v) : this.maskJson(v);
    }
    return out;
  }

  /** Every string inside a secret value. */
  private maskAll(value: Json): Json {
    if (typeof value === 'string') return this.mask(value);
    if (typeof value === 'number') return Number(this.mask(String(value)).replace(/\D/g, '0')) || 0;
    if (Array.isArray(value)) return value.map((v) => this.maskAll(v));
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.maskAll(v)]));
    return value;
  }
}

/** The class of a character as a mask keeps it: 0 lower-case, 1 upper-case, 2 digit, -1 anything else. */
const classOfChar = (c: string): number => CLASSES.findIndex((chars) => chars.includes(c));

/**
 * `recorded` is what masking a value like `actual` could give: the same structure, strings of the same length
 * whose characters are of the same classes, numbers for numbers. A replay never sees a secret, only its mask,
 * so a value it derives under a secret key (a message under `errors.password`) can only be compared this way.
 */
function fitsMask(recorded: Json, actual: Json): boolean {
  if (typeof recorded === 'string' && typeof actual === 'string') {
    const [r, a] = [[...recorded], [...actual]];
    return r.length === a.length && r.every((c, i) => classOfChar(c) === classOfChar(a[i]!));
  }
  if (typeof recorded === 'number' && typeof actual === 'number') return true;
  if (Array.isArray(recorded) || Array.isArray(actual)) {
    return (
      Array.isArray(recorded) &&
      Array.isArray(actual) &&
      recorded.length === actual.length &&
      recorded.every((v, i) => fitsMask(v, actual[i]!))
    );
  }
  if (isRecord(recorded) && isRecord(actual)) {
    const keys = Object.keys(recorded);
    return (
      keys.length === Object.keys(actual).length && keys.every((k) => k in actual && fitsMask(recorded[k]!, actual[k]!))
    );
  }
  return recorded === actual;
}

/** Where two JSON values differ first: a path (`values.password`, `selections[0].credit`) and both values. */
export interface JsonDifference {
  path: string;
  recorded: Json;
  actual: Json;
}

const childPath = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;

/**
 * The first difference between a recorded value (masked by SecretMasker.maskJson) and the same value as a
 * replay has it (not masked: a replay derives it from masks), or null when they agree. Where the masker
 * masked (a secret key, a form event's `value` for a secret field) the recorded value only has to fit the
 * replay's (fitsMask); elsewhere they must be equal. `free` marks replayed values that are not compared
 * (what a function the recording could not keep answered).
 */
export function maskedDifference(
  recorded: Json,
  actual: Json,
  free: (actual: Json) => boolean = () => false,
  path = '',
): JsonDifference | null {
  if (free(actual)) return null;
  const differ = { path, recorded, actual };
  if (Array.isArray(recorded) || Array.isArray(actual)) {
    if (!Array.isArray(recorded) || !Array.isArray(actual) || recorded.length !== actual.length) return differ;
    for (const [i, v] of recorded.entries()) {
      const found = maskedDifference(v, actual[i]!, free, childPath(path, i));
      if (found) return found;
    }
    return null;
  }
  if (isRecord(recorded) && isRecord(actual)) {
    const namesSecret = [recorded.field, recorded.name].some((n) => typeof n === 'string' && isSecretKey(n));
    for (const key of new Set([...Object.keys(recorded), ...Object.keys(actual)])) {
      const at = childPath(path, key);
      if (!(key in recorded) || !(key in actual))
        return { path: at, recorded: recorded[key] ?? null, actual: actual[key] ?? null };
      const [r, a] = [recorded[key]!, actual[key]!];
      if (isSecretKey(key) || (namesSecret && key === 'value')) {
        if (!fitsMask(r, a) && !free(a)) return { path: at, recorded: r, actual: a };
        continue;
      }
      const found = maskedDifference(r, a, free, at);
      if (found) return found;
    }
    return null;
  }
  return recorded === actual ? null : differ;
}

// -------------------------------------------------------------------------------------------------
// Reading a recording
// -------------------------------------------------------------------------------------------------

/** The recording in `text`, or a message saying what is wrong with it. */
export function parseRecording(text: string): Recording | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: 'The file is not JSON.' };
  }
  if (!isRecord(data) || data.format !== RECORDING_FORMAT)
    return { error: `The file is not a flow recording (format '${RECORDING_FORMAT}').` };
  if (data.formatVersion !== RECORDING_FORMAT_VERSION) {
    return {
      error: `The recording is format version ${String(data.formatVersion)}; this build reads version ${RECORDING_FORMAT_VERSION}.`,
    };
  }
  if (!Array.isArray(data.actors)) return { error: 'The recording has no actors.' };
  for (const [i, actor] of (data.actors as unknown[]).entries()) {
    if (
      !isRecord(actor) ||
      typeof actor.machine !== 'string' ||
      typeof actor.machineVersion !== 'string' ||
      !isRecord(actor.start) ||
      !Array.isArray(actor.steps)
    ) {
      return {
        error: `Actor ${i} of the recording is incomplete (machine, machineVersion, start and steps are needed).`,
      };
    }
  }
  return data as unknown as Recording;
}

/** Every step of every actor in time order (ties keep the recording's order): the flow as it happened. */
export function timelineOf(recording: Recording): { actor: RecordedActor; step: RecordedStep; index: number }[] {
  return recording.actors
    .flatMap((actor) => actor.steps.map((step, index) => ({ actor, step, index })))
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.step.at - b.entry.step.at || a.order - b.order)
    .map(({ entry }) => entry);
}

/** A state value as one line: `open.password`, `{ a: x, b: y }` for parallel states. */
export function stateText(value: Json): string {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return JSON.stringify(value);
  const entries = Object.entries(value);
  if (entries.length === 1) return `${entries[0]![0]}.${stateText(entries[0]![1])}`;
  return `{ ${entries.map(([k, v]) => `${k}: ${stateText(v)}`).join(', ')} }`;
}
