import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { wrapTab } from './focus';
import { addToastHost, removeToastHost } from './top-layer';

/*
 * The dialog is a column: header, then a body that takes what is left of the screen height. A table scroller
 * in the body (overflow: auto, so it may shrink) gives up height first, so the toolbars above it and the pager
 * below it stay in view; the body itself scrolls only when even that is not enough.
 */
const Dialog = styled.dialog<{ $width: string }>`
  width: min(${({ $width }) => $width}, calc(100vw - 32px));
  min-width: min(420px, calc(100vw - 32px));
  max-height: calc(100dvh - 48px);
  padding: 0;
  &[open] {
    display: flex;
    flex-direction: column;
  }
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 12px;
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
  &::backdrop {
    background: rgb(0 0 0 / 0.55);
  }
`;

const Header = styled.header`
  flex: none;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 16px 20px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  h2 {
    margin: 0;
    font-size: 18px;
  }
`;

const CloseButton = styled.button`
  min-width: 44px;
  min-height: 44px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.text};
  font-size: 20px;
  cursor: pointer;
`;

const Body = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow: auto;
  display: flex;
  flex-direction: column;
  padding: 20px;
  & > [role='region'] {
    min-height: 160px;
  }
  /* The kit's table wraps its scroll region in a frame that passes shrinking on: the floor goes on the frame.
     A rule of its own, so a browser without :has() drops only this one. */
  & > :has(> [role='region']) {
    min-height: 160px;
  }
  & > button {
    align-self: flex-start;
  }
`;

/**
 * The width of a modal that holds a table: 90% of the screen and at least 1200 px where the screen has that
 * room (never wider than the screen), so a wide table shows as many columns as it can.
 */
export const TABLE_MODAL_WIDTH = 'max(1200px, 90vw)';

interface ModalProps {
  open: boolean;
  /** The heading and the dialog's name; someone's name inside it goes in `<bdi>`. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Spec: modals are 40% wide (never wider than the screen); a table's modal is {@link TABLE_MODAL_WIDTH} wide. */
  width?: string;
  /** False while the modal must stay (a save on its way): Esc and the close button do nothing. */
  closable?: boolean;
}

/**
 * The one modal: a native `<dialog>` opened with showModal(), so the page behind is inert and focus
 * stays inside (Tab wraps from the last control to the first and back); Esc closes it (through the dialog's
 * own cancel), and focus returns to the opener. Focus starts on the element marked `data-autofocus` (the
 * OTP field), else on the first control (Close). While it is open, toasts show inside it, above it.
 */
export function Modal({ open, title, onClose, children, width = '40%', closable = true }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const closableRef = useRef(closable);
  const closedByOwner = useRef(false);
  const toastHost = useRef<HTMLDivElement>(null);
  useEffect(() => {
    onCloseRef.current = onClose;
    closableRef.current = closable;
  });

  // The last element outside the dialog that had the focus: the render that opens the dialog may also disable
  // the button that opened it (AVAIL CREDIT while the OTP is sent), and Chromium takes the focus off a disabled
  // button at once, with no blur event, so by the time the dialog opens nothing outside it is focused.
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !dialog.current?.contains(event.target))
        lastFocused.current = event.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  // A layout effect: it runs in the same task as the render that opened the dialog, so the opener is still
  // focused where the browser keeps it (Preact, the pay pages' build, runs plain effects after paint).
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : lastFocused.current;
      element.showModal();
      if (toastHost.current) addToastHost(toastHost.current);
      // The field the dialog is for, when it marks one (React does not write `autofocus` for showModal to find).
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && element.open) {
      closedByOwner.current = true;
      element.close();
    }
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const closed = () => {
      if (toastHost.current) removeToastHost(toastHost.current);
      opener.current?.focus();
      // onClose is the user's way out (Esc, Close): when the owner closed it, its flow has moved on already
      // (the pay flow's machine has stopped once the gateway redirect starts) and there is nobody to tell.
      if (closedByOwner.current) closedByOwner.current = false;
      else onCloseRef.current();
    };
    const cancel = (event: Event) => {
      if (!closableRef.current) event.preventDefault();
    };
    element.addEventListener('close', closed);
    element.addEventListener('cancel', cancel);
    const host = toastHost.current;
    return () => {
      element.removeEventListener('close', closed);
      element.removeEventListener('cancel', cancel);
      if (host) removeToastHost(host); // unmounted while open: the page is the toasts' place again
    };
  }, []);

  return (
    <Dialog
      ref={dialog}
      aria-labelledby={titleId}
      $width={width}
      onKeyDown={(event) => dialog.current && wrapTab(dialog.current, event)}
    >
      {open && (
        <>
          <Header>
            <h2 id={titleId}>{title}</h2>
            <CloseButton type="button" aria-label="Close" disabled={!closable} onClick={() => dialog.current?.close()}>
              ×
            </CloseButton>
          </Header>
          <Body>{children}</Body>
        </>
      )}
      {/* Toasts raised while the dialog is open show here, in the top layer with it (src/ui/top-layer.ts). */}
      <div ref={toastHost} />
    </Dialog>
  );
}
