import * as t from 'io-ts';
import { rupeesToPaise, type Paise } from '../../domain/money';

/** Ids are opaque: JSON:API sends strings, attributes often numbers. Both decode to a string. */
export const Id = new t.Type<string, string, unknown>(
  'Id',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    typeof u === 'string' && u !== ''
      ? t.success(u)
      : typeof u === 'number' && Number.isSafeInteger(u)
        ? t.success(String(u))
        : t.failure(u, c),
  (id) => id,
);

/** Rupees on the wire (number or decimal string) to integer paise in the app. */
export const Money = new t.Type<Paise, number, unknown>(
  'Money',
  (u): u is Paise => typeof u === 'number' && Number.isSafeInteger(u),
  (u, c) => {
    if (typeof u !== 'number' && typeof u !== 'string') return t.failure(u, c, 'expected an amount in rupees');
    const paise = rupeesToPaise(u);
    return paise === null ? t.failure(u, c, 'expected an amount in rupees') : t.success(paise);
  },
  (paise) => paise / 100,
);

/** A codec for one of the kernel's word lists (regions, statuses, ...), so the list is written once. */
export function oneOf<const V extends string>(values: readonly V[], name?: string): t.KeyofC<Record<V, null>> {
  return t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<V, null>, name);
}

/**
 * A compile-time check that a codec decodes exactly a kernel type (the kernel declares what the machines
 * and screens rely on; the codec must satisfy it, no more and no less).
 */
export type Decodes<C extends t.Any, T> = [t.TypeOf<C>] extends [T]
  ? [T] extends [t.TypeOf<C>]
    ? true
    : false
  : false;

export const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/**
 * A value the spec lets the provider leave out (the screen shows '-'): an absent key and null both decode
 * to null, so a provider that omits the key is read the same as one that sends null. For required keys
 * (inside `t.type`); inside `t.partial` a key may be absent anyway, so `Nullable` does there.
 */
export const Optional = <C extends t.Mixed>(codec: C) =>
  new t.Type<t.TypeOf<C> | null, t.OutputOf<C> | null, unknown>(
    `Optional<${codec.name}>`,
    (u): u is t.TypeOf<C> | null => u === null || codec.is(u),
    (u, c) => (u === undefined || u === null ? t.success(null) : codec.validate(u, c)),
    (a) => (a === null ? null : (codec.encode(a) as t.OutputOf<C>)),
  );

/** The pagy paging block. */
export const Pagy = t.intersection([
  t.type({ count: t.number, page: t.number }),
  t.partial({
    pages: t.number,
    from: t.number,
    to: t.number,
    prev: Nullable(t.number),
    next: Nullable(t.number),
    items: t.number,
  }),
]);
export type Pagy = t.TypeOf<typeof Pagy>;

/** `{ data: <resource> }` after flattening. */
export const one = <C extends t.Mixed>(codec: C) => t.type({ data: codec });

/** `{ data: [<resource>], meta?, pagy? }` after flattening. */
export const list = <C extends t.Mixed, M extends t.Mixed>(item: C, meta: M) =>
  t.intersection([t.type({ data: t.array(item) }), t.partial({ meta, pagy: Pagy })]);

/** A plain `{ message }` answer (logout, forgot password, ...). */
export const MessageResponse = t.type({ message: t.string });
export type MessageResponse = t.TypeOf<typeof MessageResponse>;
