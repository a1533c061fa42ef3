/** After a failed check, moves focus to the first field marked invalid (once React has rendered the marks). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/** The elements Tab stops on inside `root`, in order (enabled, shown, not taken out with tabindex -1). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.matches(':disabled') &&
      !(el instanceof HTMLInputElement && el.type === 'hidden') &&
      el.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab inside a modal: from its last stop Tab goes to the first, from its first Shift+Tab to the last
 * (a native modal dialog would send the focus out to the browser's own controls first).
 */
export function wrapTab(
  root: HTMLElement,
  event: { key: string; shiftKey: boolean; defaultPrevented: boolean; preventDefault: () => void },
): void {
  // Handled already: by a modal inside this one.
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const stops = tabbables(root);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const at = document.activeElement;
  if (event.shiftKey && (at === first || !root.contains(at))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (at === last || !root.contains(at))) {
    event.preventDefault();
    first.focus();
  }
}
