"use client";
// A modal dialog on the native <dialog> element: the rest of the page is inert while it is open, focus
// moves in, cycles inside on Tab and returns to where it was on close. Escape, a click on the overlay,
// the × button and <DialogCloseButton> all ask to close; with `closeDelay` the dialog first shows its
// closing animation for that many milliseconds, then calls `onClose`. It is rendered into <body> (after
// hydration), so styles of the component that uses it cannot leak into it.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { Button, type ButtonProps } from "./button";
import styles from "./dialog.module.css";

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  /** Milliseconds between a close request and `onClose`. */
  closeDelay?: number;
  /** Accessible name of the × button. */
  closeLabel?: string;
  className?: string;
};

const RequestCloseContext = createContext<(() => void) | null>(null);

/** The close request of the dialog around the caller, honouring its close delay. */
function useDialogClose(): () => void {
  const requestClose = useContext(RequestCloseContext);
  if (!requestClose) throw new Error("useDialogClose must be used inside a <Dialog>.");
  return requestClose;
}

/** A button that closes the dialog it sits in. */
export function DialogCloseButton({ onClick, variant = "secondary", ...props }: ButtonProps) {
  const requestClose = useDialogClose();
  return (
    <Button
      variant={variant}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) requestClose();
      }}
      {...props}
    />
  );
}

const subscribeNever = () => () => {};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  closeDelay = 0,
  closeLabel = "Close",
  className,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const pointerDownOnOverlay = useRef(false);
  const titleId = useId();
  const descriptionId = useId();
  const inBrowser = useSyncExternalStore(subscribeNever, () => true, () => false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      window.clearTimeout(closeTimer.current);
      closeTimer.current = undefined;
      delete dialog.dataset.closing;
      if (dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open]);

  const requestClose = useCallback(() => {
    const dialog = dialogRef.current;
    if (closeDelay <= 0 || !dialog) {
      onClose();
      return;
    }
    if (closeTimer.current !== undefined) return;
    dialog.dataset.closing = "true";
    closeTimer.current = window.setTimeout(() => {
      closeTimer.current = undefined;
      onClose();
    }, closeDelay);
  }, [closeDelay, onClose]);

  function trapFocus(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => element.getClientRects().length > 0,
    );
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!inBrowser) return null;

  return createPortal(
    <dialog
      ref={dialogRef}
      className={[styles.dialog, className].filter(Boolean).join(" ")}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={trapFocus}
      onCancel={(event) => {
        // Escape: keep the element open until the parent says so (and the delay has passed).
        event.preventDefault();
        requestClose();
      }}
      onClose={(event) => {
        // The browser closed it on its own (e.g. a second Escape): bring the parent's state in line.
        if (open && !event.currentTarget.open) onClose();
      }}
      onPointerDown={(event) => {
        pointerDownOnOverlay.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // The panel fills the dialog box, so a click whose target is the dialog itself hit the overlay.
        if (event.target === event.currentTarget && pointerDownOnOverlay.current) requestClose();
        pointerDownOnOverlay.current = false;
      }}
    >
      {open ? (
        <RequestCloseContext.Provider value={requestClose}>
          <div className={styles.panel}>
            <div className={styles.header}>
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
              <button type="button" className={styles.closeButton} onClick={requestClose} aria-label={closeLabel}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
                </svg>
              </button>
            </div>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
            {children}
          </div>
        </RequestCloseContext.Provider>
      ) : null}
    </dialog>,
    document.body,
  );
}
