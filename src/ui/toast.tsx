import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type * as ToastModule from 'react-hot-toast';
import { useTheme } from 'styled-components';
import { DecodeError, errorToastText } from '../api/errors';
import { ErrorMessage } from './LoadFailed';
import { useToastHost } from './top-layer';
import { toastText, type ErrorEntry } from '../domain/errors';

/** Toasts stay 5 s at the top right (spec constants). */
const TOAST_DURATION_MS = 5000;
/** Below the top bar (and the account pages' theme switch), so a toast never covers a control up there. */
const TOAST_TOP_PX = 72;

type ToastLibrary = typeof ToastModule;

/**
 * The toast library arrives with the first toast: a page that shows none (most first loads, the pay page
 * included) never downloads it. Its store is global, so a toast raised before the toaster is on screen
 * shows once it is.
 */
let loading: Promise<ToastLibrary> | null = null;
let loaded: ToastLibrary | null = null;
const listeners = new Set<() => void>();

function toastLibrary(): Promise<ToastLibrary> {
  loading ??= import('react-hot-toast').then(
    (library) => {
      loaded = library;
      for (const listener of listeners) listener();
      return library;
    },
    (error: unknown) => {
      loading = null; // the next toast tries again
      throw error;
    },
  );
  return loading;
}

/** Shows a toast once the library is there (in the order asked for); one that cannot load is logged, not thrown. */
function show(display: (toast: ToastLibrary['toast']) => void): void {
  toastLibrary().then(
    ({ toast }) => display(toast),
    (error: unknown) => console.warn('A message could not be shown: the toast library did not load.', error),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The toasts: on the page, or inside the open modal dialog so that they show above it. */
export function AppToaster() {
  const theme = useTheme();
  const library = useSyncExternalStore(subscribe, () => loaded);
  const host = useToastHost();
  if (!library) return null;
  const { Toaster } = library;
  const toaster = (
    <Toaster
      position="top-right"
      containerStyle={{ top: TOAST_TOP_PX }}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        style: { background: theme.surfaceRaised, color: theme.text, border: `1px solid ${theme.border}` },
      }}
    />
  );
  return host ? createPortal(toaster, host) : toaster;
}

/**
 * Shows a failure once, when it appears: a machine keeps its last failure in context, and the screen
 * toasts it when it changes (a new failure is a new list, even with the same text). With `initial`, a
 * failure already there when the screen mounts is shown too (the login screen after a session ended).
 */
export function useErrorToast(
  errors: readonly Partial<ErrorEntry>[] | null | undefined,
  options: { initial?: boolean } = {},
): void {
  const shown = useRef(options.initial ? null : errors);
  useEffect(() => {
    if (errors && errors !== shown.current) notify.errors(errors);
    shown.current = errors;
  }, [errors]);
}

export const notify = {
  success: (message: string) => show((toast) => toast.success(message)),
  /** An error list as 'CODE: detail, CODE: detail' (fallback code ERROR). */
  errors: (errors: readonly Partial<ErrorEntry>[]) => show((toast) => toast.error(toastText(errors))),
  /** Anything thrown by the client; an answer the screen cannot read keeps its technical part behind 'Details'. */
  failure: (error: unknown) =>
    show((toast) =>
      toast.error(
        error instanceof DecodeError ? (
          <div>
            <ErrorMessage error={error} />
          </div>
        ) : (
          errorToastText(error)
        ),
      ),
    ),
  /** A warning list (fallback code WARN). */
  warn: (errors: readonly Partial<ErrorEntry>[]) => show((toast) => toast(toastText(errors, 'warn'), { icon: '⚠️' })),
  /** The spec's 'clear' kind: dismiss every toast, after those asked for before (none, if no toast was ever asked for). */
  clear: () => void loading?.then(({ toast }) => toast.dismiss()).catch(() => undefined),
};
