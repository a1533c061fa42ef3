import { describe, expect, it } from 'vitest';
import { errorEntriesOf, FALLBACK_TEXT, toastText } from './errors';

describe('error entries', () => {
  it('reads any { errors: [...] }, keeping code, detail and field title', () => {
    expect(
      errorEntriesOf({
        errors: [
          { code: 'ER-AUTH-103', detail: 'Token expired' },
          { code: 'ER-VALIDATION', detail: 'Too long', title: 'number' },
        ],
      }),
    ).toEqual([
      { code: 'ER-AUTH-103', detail: 'Token expired' },
      { code: 'ER-VALIDATION', detail: 'Too long', title: 'number' },
    ]);
  });

  it('fills what is missing, and takes an Error or anything else as one ERROR entry', () => {
    expect(errorEntriesOf({ errors: [{ detail: 'No code' }] })).toEqual([{ code: 'ERROR', detail: 'No code' }]);
    expect(errorEntriesOf(new Error('network down'))).toEqual([{ code: 'ERROR', detail: 'network down' }]);
    expect(errorEntriesOf('???')).toEqual([{ code: 'ERROR', detail: FALLBACK_TEXT }]);
    expect(errorEntriesOf({ errors: [] }, 'WARN')).toEqual([{ code: 'WARN', detail: FALLBACK_TEXT }]);
  });

  it('toasts as CODE: detail joined by commas', () => {
    expect(
      toastText([
        { code: 'ER-1', detail: 'one' },
        { code: 'ER-2', detail: 'two' },
      ]),
    ).toBe('ER-1: one, ER-2: two');
    expect(toastText([{}], 'warn')).toBe(`WARN: ${FALLBACK_TEXT}`);
  });
});
