import { createBrowserReceiver } from '@statelyai/inspect';
import { emptyModel, foldEvents, type LiveModel } from './inspector-model';

/**
 * The inspection events the app posts to this window, folded into the page's model (inspector-model.ts).
 * One receiver per page, made once outside React: the receiver announces itself to the app, and each
 * announcement makes the app send everything it held back again (twice would double the timeline).
 */
export interface LiveStore {
  getSnapshot: () => LiveModel;
  subscribe: (listener: () => void) => () => void;
  /** Forgets the timeline (the actors and their states stay). */
  clearTimeline: () => void;
}

/**
 * `win` as the receiver sees it, hearing only messages from this page's own origin: the app opened this
 * window; another site's window must not write into what QA reads.
 */
function sameOriginOnly(win: Window): Window {
  const view = {
    self: win.self,
    top: win.top,
    opener: win.opener as unknown,
    parent: win.parent,
    addEventListener: (type: string, listener: (event: MessageEvent) => void) =>
      win.addEventListener(type as 'message', (event: MessageEvent) => {
        if (event.origin === win.location.origin) listener(event);
      }),
  };
  return view as unknown as Window;
}

let store: LiveStore | null = null;

export function liveStore(win: Window = window): LiveStore {
  if (store) return store;
  let model = emptyModel();
  const listeners = new Set<() => void>();
  const queue: unknown[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const notify = () => listeners.forEach((listener) => listener());
  // Events come in bursts (a login is dozens): folded and shown together.
  const flush = () => {
    timer = null;
    model = foldEvents(model, queue.splice(0));
    notify();
  };
  createBrowserReceiver({ window: sameOriginOnly(win) }).subscribe((event) => {
    queue.push(event);
    timer ??= setTimeout(flush, 40);
  });
  store = {
    getSnapshot: () => model,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clearTimeline: () => {
      model = { ...model, timeline: [], dropped: model.dropped + model.timeline.length };
      notify();
    },
  };
  return store;
}
