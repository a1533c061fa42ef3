import { useCallback, useSyncExternalStore } from 'react';

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Phones, in this app: viewports at most this wide get the card carousel and the folded customer summary. */
export const PHONE_MAX_WIDTH = 640;

/**
 * True while the viewport is at most `maxWidthPx` wide (`(max-width: Npx)`), following resizes and
 * rotations. False where matchMedia is missing (server rendering, old test environments).
 */
export function useNarrowScreen(maxWidthPx = PHONE_MAX_WIDTH): boolean {
  const query = `(max-width: ${maxWidthPx}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}
