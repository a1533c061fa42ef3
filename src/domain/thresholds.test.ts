import { describe, expect, it } from 'vitest';
import { isSearchable, searchKeyword, SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from './thresholds';

describe('the search minimum', () => {
  it('is 3 characters after trimming, sent 1 s after the last keystroke', () => {
    expect([SEARCH_MIN_LENGTH, SEARCH_DEBOUNCE_MS]).toEqual([3, 1000]);
    expect(isSearchable('ab')).toBe(false);
    expect(isSearchable('  ab  ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
    expect(isSearchable(undefined)).toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(isSearchable('😀😀')).toBe(false);
    expect(isSearchable('😀😀😀')).toBe(true);
  });

  it('sends the trimmed text, or nothing below the minimum', () => {
    expect(searchKeyword('  acme ')).toBe('acme');
    expect(searchKeyword('ac')).toBeUndefined();
    expect(searchKeyword('')).toBeUndefined();
    expect(searchKeyword(undefined)).toBeUndefined();
  });

  it('takes another minimum where a field asks for one', () => {
    expect(isSearchable('ab', 2)).toBe(true);
  });
});
