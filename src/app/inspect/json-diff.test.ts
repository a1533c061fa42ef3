import { describe, expect, it } from 'vitest';
import { diffJson, formatPath, preview, prettyJson, sameJson } from './json-diff';

describe('diffJson', () => {
  it('finds nothing between equal values, whatever the key order', () => {
    expect(diffJson({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual([]);
    expect(diffJson(null, null)).toEqual([]);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(false);
  });

  it('names each added, removed and changed key by its path, with old and new values', () => {
    const before = { error: null, user: { name: 'Asha', anchor: { name: 'Sarvodaya' } }, step: 'view' };
    const after = {
      error: 'refused',
      user: { name: 'Asha', anchor: { name: 'Sarvodaya Ltd', logo: null } },
      busy: true,
    };
    expect(diffJson(before, after)).toEqual([
      { kind: 'changed', path: 'error', before: null, after: 'refused' },
      { kind: 'changed', path: 'user.anchor.name', before: 'Sarvodaya', after: 'Sarvodaya Ltd' },
      { kind: 'added', path: 'user.anchor.logo', after: null },
      { kind: 'removed', path: 'step', before: 'view' },
      { kind: 'added', path: 'busy', after: true },
    ]);
  });

  it('compares lists item by item: a changed field, items added at the end or removed', () => {
    expect(
      diffJson({ rows: [{ id: 1, amount: 10 }, { id: 2 }] }, { rows: [{ id: 1, amount: 12 }, { id: 2 }, { id: 3 }] }),
    ).toEqual([
      { kind: 'changed', path: 'rows[0].amount', before: 10, after: 12 },
      { kind: 'added', path: 'rows[2]', after: { id: 3 } },
    ]);
    expect(diffJson([1, 2, 3], [1])).toEqual([
      { kind: 'removed', path: '[1]', before: 2 },
      { kind: 'removed', path: '[2]', before: 3 },
    ]);
  });

  it('reports a value that changed kind once, at its path, and the whole value at the root', () => {
    expect(diffJson({ values: { email: 'a' } }, { values: 'reset' })).toEqual([
      { kind: 'changed', path: 'values', before: { email: 'a' }, after: 'reset' },
    ]);
    expect(diffJson(1, 2)).toEqual([{ kind: 'changed', path: '(value)', before: 1, after: 2 }]);
    expect(diffJson(undefined, { a: 1 })).toEqual([{ kind: 'added', path: '(value)', after: { a: 1 } }]);
  });

  it('quotes keys that are not plain names', () => {
    expect(formatPath(['headers', 'Content-Type', 0, 'x y'])).toBe('headers["Content-Type"][0]["x y"]');
    expect(diffJson({ 'a-b': 1 }, { 'a-b': 2 })[0]?.path).toBe('["a-b"]');
  });
});

describe('previews', () => {
  it('shows a value on one line, cut with an ellipsis', () => {
    expect(preview('text')).toBe('"text"');
    expect(preview({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(preview(undefined)).toBe('undefined');
    expect(preview('x'.repeat(100), 10)).toBe('"xxxxxxxx…');
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
