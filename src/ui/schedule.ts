import { useEffect, useState } from 'react';

/**
 * When heavy work runs, so that none of it lands in the task that handles a click or paints the page and a slow
 * phone stays responsive: a chart is created once it scrolls near the viewport or the browser is idle, every
 * draw waits until after the next paint, and a page paints its first part before it builds the rest, each step
 * in a task of its own.
 */

type Cancel = () => void;

interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/** Runs `callback` when the browser is idle (or after `fallbackMs` where it cannot say, e.g. older Safari). */
function whenIdle(callback: () => void, fallbackMs = 200): Cancel {
  const w = globalThis as IdleWindow;
  if (typeof w.requestIdleCallback === 'function') {
    const handle = w.requestIdleCallback(callback);
    return () => w.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(callback, fallbackMs);
  return () => clearTimeout(timer);
}

/**
 * Runs `callback` once, when `element` comes within `rootMargin` of the viewport or the browser is idle, whichever
 * comes first (without IntersectionObserver, when idle). Returns a cancel.
 */
export function whenVisibleOrIdle(element: Element, callback: () => void, rootMargin = '200px'): Cancel {
  let done = false;
  const cancels: Cancel[] = [];
  const cancel = () => {
    done = true;
    for (const c of cancels.splice(0)) c();
  };
  const run = () => {
    if (done) return;
    cancel();
    callback();
  };
  if (typeof IntersectionObserver === 'function') {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) run();
      },
      { rootMargin },
    );
    observer.observe(element);
    cancels.push(() => observer.disconnect());
  }
  cancels.push(whenIdle(run));
  return cancel;
}

/**
 * Runs `callback` in a task of its own after the next paint (an animation frame, then a new task): a click's
 * feedback reaches the screen before the work it starts. Returns a cancel.
 */
export function afterPaint(callback: () => void): Cancel {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * False in the first render, true from a task of its own after that render has painted: a page shows its first
 * part (the largest text, what a user reads first) in one short task and builds the rest in the next.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterPaint(() => setPainted(true))), [painted]);
  return painted;
}
