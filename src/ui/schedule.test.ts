import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, whenVisibleOrIdle } from './schedule';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function fakeBrowser() {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  const idle: (() => void)[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { callback: Callback; disconnected: boolean };
      constructor(callback: Callback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return { observers, idle };
}

describe('whenVisibleOrIdle', () => {
  it('runs once, when the element comes into view', () => {
    const { observers, idle } = fakeBrowser();
    const run = vi.fn();
    whenVisibleOrIdle({} as Element, run);
    observers[0]!.callback([{ isIntersecting: false }]);
    expect(run).not.toHaveBeenCalled();
    observers[0]!.callback([{ isIntersecting: true }]);
    idle[0]!();
    expect(run).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('runs once, when the browser is idle first', () => {
    const { observers, idle } = fakeBrowser();
    const run = vi.fn();
    whenVisibleOrIdle({} as Element, run);
    idle[0]!();
    observers[0]!.callback([{ isIntersecting: true }]);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const { observers, idle } = fakeBrowser();
    const run = vi.fn();
    whenVisibleOrIdle({} as Element, run)();
    idle[0]!();
    observers[0]!.callback([{ isIntersecting: true }]);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('afterPaint', () => {
  it('runs in a task after the next animation frame, unless cancelled', () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const run = vi.fn();
    afterPaint(run);
    const cancelled = vi.fn();
    const cancel = afterPaint(cancelled);
    expect(run).not.toHaveBeenCalled();
    frames.forEach((frame) => frame());
    cancel();
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
