import { useEffect, useRef, useState } from 'react';
import { isSearchable, SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '../domain/thresholds';

/** A search text is sent only when empty (clearing the search) or at least `min` characters long. */
export function isCommittable(text: string, min = SEARCH_MIN_LENGTH): boolean {
  return text.trim().length === 0 || isSearchable(text, min);
}

/**
 * What the user types, and the committed search: `onCommit` runs once typing has paused for
 * `delay` ms, only for committable text, and only when it differs from the committed value.
 */
export function useDebouncedSearch(
  committed: string,
  onCommit: (text: string) => void,
  options: { min?: number; delay?: number } = {},
) {
  const { min = SEARCH_MIN_LENGTH, delay = SEARCH_DEBOUNCE_MS } = options;
  const [text, setText] = useState(committed);
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });

  // A new committed value from outside (back button, a shared link) replaces what is typed.
  const [lastCommitted, setLastCommitted] = useState(committed);
  if (committed !== lastCommitted) {
    setLastCommitted(committed);
    setText(committed);
  }

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === committed || !isCommittable(trimmed, min)) return;
    const timer = setTimeout(() => onCommitRef.current(trimmed), delay);
    return () => clearTimeout(timer);
  }, [text, committed, min, delay]);

  return { text, setText, tooShort: !isCommittable(text, min) };
}
