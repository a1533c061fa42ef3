import { useEffect, useRef } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { useTheme } from 'styled-components';
import { DecodeError, errorToastText } from '../api/errors';
import { ErrorMessage } from './LoadFailed';
import { toastText, type ErrorEntry } from '../domain/errors';

/** Toasts stay 5 s at the top right (spec constants). */
export const TOAST_DURATION_MS = 5000;
/** Below the top bar (and the account pages' theme switch), so a toast never covers a control up there. */
const TOAST_TOP_PX = 72;

export function AppToaster() {
  const theme = useTheme();
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top: TOAST_TOP_PX }}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        style: { background: theme.surfaceRaised, color: theme.text, border: `1px solid ${theme.border}` },
      }}
    />
  );
}

/**
 * Shows a failure once, when it appears: a machine keeps its last failure in context, and the screen
 * toasts it when it changes (a new failure is a new list, even with the same text). With `initial`, a
 * failure already there when the screen mounts is shown too (the login screen after a session ended).
 */
export function useErrorToast(errors: readonly Partial<ErrorEntry>[] | null | undefined, options: { initial?: boolean } = {}): void {
  const shown = useRef(options.initial ? null : errors);
  useEffect(() => {
    if (errors && errors !== shown.current) notify.errors(errors);
    shown.current = errors;
  }, [errors]);
}

export const notify = {
  success: (message: string) => toast.success(message),
  /** An error list as 'CODE: detail, CODE: detail' (fallback code ERROR). */
  errors: (errors: readonly Partial<ErrorEntry>[]) => toast.error(toastText(errors)),
  /** Anything thrown by the client; an answer the screen cannot read keeps its technical part behind 'Details'. */
  failure: (error: unknown) => toast.error(error instanceof DecodeError ? <div><ErrorMessage error={error} /></div> : errorToastText(error)),
  /** A warning list (fallback code WARN). */
  warn: (errors: readonly Partial<ErrorEntry>[]) => toast(toastText(errors, 'warn'), { icon: '⚠️' }),
  /** The spec's 'clear' kind: dismiss every toast. */
  clear: () => toast.dismiss(),
};
