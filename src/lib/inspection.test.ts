import { describe, expect, it } from 'vitest';
import { inspectOption, inspectTarget, setInspectionListener } from './inspection';

describe('which inspector a page asks for', () => {
  it('reads ?inspect and ?inspect=stately', () => {
    expect(inspectTarget('', undefined)).toBeNull();
    expect(inspectTarget('?inspect', undefined)).toBe('local');
    expect(inspectTarget('?token=abc&inspect', undefined)).toBe('local');
    expect(inspectTarget('?inspect=stately', undefined)).toBe('stately');
    expect(inspectTarget('?inspect=anything-else', undefined)).toBe('local');
  });

  it('reads VITE_INSPECT: 1 or stately turn it on, off turns the query off too', () => {
    expect(inspectTarget('', '1')).toBe('local');
    expect(inspectTarget('', 'stately')).toBe('stately');
    expect(inspectTarget('?inspect=stately', '1')).toBe('stately');
    expect(inspectTarget('?inspect', 'off')).toBeNull();
    expect(inspectTarget('', '')).toBeNull();
  });
});

describe('the inspect option of an actor', () => {
  it('is empty until the hookup sets a listener, and passes that listener on', () => {
    expect(inspectOption()).toEqual({});
    const listener = () => {};
    setInspectionListener(listener);
    expect(inspectOption()).toEqual({ inspect: listener });
    setInspectionListener(null);
    expect(inspectOption()).toEqual({});
  });
});
