import * as t from 'io-ts';
import { rupeesToPaise, type Paise } from '../../lib/money';

/** Ids are opaque: JSON:API sends strings, attributes often numbers. Both decode to a string. */
export const Id = new t.Type<string, string, unknown>(
  'Id',
  (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' && u !== '' ? t.success(u) : typeof u === 'number' && Number.isSafeInteger(u) ? t.success(String(u)) : t.failure(u, c)),
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

export const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** The pagy paging block. */
export const Pagy = t.intersection([
  t.type({ count: t.number, page: t.number }),
  t.partial({ pages: t.number, from: t.number, to: t.number, prev: Nullable(t.number), next: Nullable(t.number), items: t.number }),
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
