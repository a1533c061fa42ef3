import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { Money, Nullable } from './codecs/common';
import { formatValidationErrors } from './errors';

/** The readable problems of decoding `value` with `codec` (none when it decodes). */
function problems(codec: t.Decoder<unknown, unknown>, value: unknown): string[] {
  const decoded = codec.decode(value);
  return decoded._tag === 'Left' ? formatValidationErrors(decoded.left) : [];
}

describe('formatValidationErrors (the decode-error reporter)', () => {
  const Invoices = t.type({ data: t.array(t.type({ id: t.number, amount: Money })) });

  it('names the expected type, the path and the value received, one line per path, sorted by path', () => {
    expect(problems(Invoices, { data: [{ id: 2 }, { id: 'x', amount: 100 }] })).toEqual([
      // The codec's own message, when it gives one, follows in brackets.
      'Expecting Money at data.0.amount but instead got: undefined (expected an amount in rupees)',
      'Expecting number at data.1.id but instead got: "x"',
    ]);
  });

  it('writes a failure at the root without a path', () => {
    expect(problems(t.string, 123)).toEqual(['Expecting string but instead got: 123']);
    expect(problems(Invoices, null)).toEqual([
      'Expecting { data: Array<{ id: number, amount: Money }> } but instead got: null',
    ]);
  });

  it('lists every branch a union tried, once, at the union’s path', () => {
    expect(problems(t.type({ due: Nullable(t.string) }), { due: 5 })).toEqual([
      'Expecting one of:\n    string\n    null\nat due but instead got: 5',
    ]);
  });

  it('cuts a very long type name to 160 characters', () => {
    const Long = t.type(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field_${i}`, t.string])));
    const [line] = problems(Long, 'x');
    expect(line).toMatch(/^Expecting \{ field_0: string, .{100,}\.\.\. but instead got: "x"$/);
    expect(line!.length).toBeLessThan(160 + 'Expecting  but instead got: "x"'.length + 1);
  });

  it('reports nothing for a value that decodes', () => {
    expect(problems(Invoices, { data: [{ id: 1, amount: 250 }] })).toEqual([]);
  });
});
