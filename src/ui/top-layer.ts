import { useSyncExternalStore } from 'react';

/*
 * The open modal dialogs' toast hosts, innermost last. A modal `<dialog>` is in the browser's top layer, above
 * anything else on the page however high its z-index, and makes the rest of the page inert: a toast raised
 * while one is open is shown inside it (src/ui/toast.tsx), or it would be hidden behind it and unread.
 */
const hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

/** A modal opened: toasts show in its host until it closes. */
export function addToastHost(host: HTMLElement): void {
  if (hosts.includes(host)) return;
  hosts.push(host);
  changed();
}

export function removeToastHost(host: HTMLElement): void {
  const at = hosts.indexOf(host);
  if (at < 0) return;
  hosts.splice(at, 1);
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const innermost = () => hosts.at(-1) ?? null;

/** Where toasts show now: the innermost open modal's host, or null for the page itself. */
export function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(subscribe, innermost, () => null);
}
