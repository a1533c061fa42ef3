// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../domain/thresholds';
import { isCommittable, useDebouncedSearch } from './search';

describe('search rules', () => {
  it('sends an empty search (clearing) or one of 3 characters or more, never 1 or 2', () => {
    expect(isCommittable('')).toBe(true);
    expect(isCommittable('  ')).toBe(true);
    expect(isCommittable('ab')).toBe(false);
    expect(isCommittable(' ab ')).toBe(false);
    expect(isCommittable('abc')).toBe(true);
    expect(isCommittable('ab', 2)).toBe(true);
  });
});

describe('useDebouncedSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('commits once, 1000 ms after the last keystroke', () => {
    const onCommit = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch('', onCommit));
    act(() => {
      result.current.setText('sha');
    });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    act(() => {
      result.current.setText('shar');
    });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(onCommit).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('shar');
  });

  it('makes no request below 3 characters, and says so', () => {
    const onCommit = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch('', onCommit));
    act(() => {
      result.current.setText('sh');
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onCommit).not.toHaveBeenCalled();
    expect(result.current.tooShort).toBe(true);
  });

  it('commits the cleared search, trims, and does not repeat the committed value', () => {
    const onCommit = vi.fn();
    const { result, rerender } = renderHook(({ committed }) => useDebouncedSearch(committed, onCommit), {
      initialProps: { committed: 'sharma' },
    });
    act(() => {
      result.current.setText(' sharma ');
    });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(onCommit).not.toHaveBeenCalled();
    act(() => {
      result.current.setText('');
    });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('');
    // A new committed value from outside (back button) replaces the typed text.
    rerender({ committed: 'verma' });
    expect(result.current.text).toBe('verma');
  });
});
