import { useEffect, useMemo, type RefObject } from 'react';
import { withSpaces } from '../../domain/admin';
import type { ErrorEntry } from '../../domain/errors';
import { focusFirstInvalid } from '../focus';
import { useErrorToast } from '../toast';

/** Spec 2 §8: error text is shown with underscores as spaces ('account_number is taken' -> 'account number is taken'). */
export const shownError = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : withSpaces(message);

/** Toasts a machine's refusal once, when it appears, as 'CODE: detail' (details with spaces for underscores). */
export function useRefusalToast(failure: readonly ErrorEntry[] | null): void {
  const shown = useMemo(
    () => failure?.map((entry) => ({ ...entry, detail: withSpaces(entry.detail) })) ?? null,
    [failure],
  );
  useErrorToast(shown);
}

/** After a failed check (new messages), moves focus to the first field marked invalid. */
export function useFocusFirstInvalid(errors: object, form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(form.current);
  }, [errors, form]);
}

/**
 * Focuses the form's first field once its modal is shown. `autoFocus` did not: React focuses at mount,
 * before the Modal's effect opens the dialog (showModal), so the closed dialog's field could not take focus
 * and the dialog then focused its Close button. The form's effect runs before the Modal's (child first);
 * the timeout runs after both.
 */
export function useFocusFirstField(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const timer = setTimeout(() => form.current?.querySelector<HTMLElement>('input, select')?.focus());
    return () => clearTimeout(timer);
  }, [form]);
}
