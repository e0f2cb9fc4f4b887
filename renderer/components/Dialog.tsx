// A modal dialog: labelled by its title, focus moved in on open and back to where it was on close (or as
// near as still exists: focus.ts), Tab kept inside, Escape closes. Its header and footer are plain boxes:
// a <header> or <footer> outside a sectioning element would be a second banner or contentinfo landmark.
// Hand-written because jsdom and older Chromium builds differ on <dialog>. Drawn in a portal at the root:
// opened from the status bar it would otherwise inherit the bar's nowrap and colours and sit inside its
// <footer> and a role=status (a screen reader would meet a second page footer and hear it as a status).

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n/index.js';
import { DialogFooter } from './FormKit.js';
import { useReturnFocus } from './focus.js';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Whether an event happened in a dialog (or its backdrop). A dialog is drawn in a portal at the root, so a
 * menu that closes on a press outside its own box must not take a press in a dialog it opened for outside:
 * closing the menu would unmount the dialog under the user's click.
 */
export function inDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('.backdrop') !== null;
}

export function Dialog(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** False when the dialog's own footer has the one "Close" button (no second one in the header). */
  headerClose?: boolean;
}) {
  const { onClose } = props;
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useReturnFocus(ref);
  useEffect(() => {
    const first =
      ref.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? ref.current)?.focus();
  }, []);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={props.wide ? 'dialog wide' : 'dialog'}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-header">
          <h2 id={titleId}>{props.title}</h2>
          {props.headerClose !== false && (
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        {props.children}
      </div>
    </div>,
    document.body,
  );
}

/** A yes/no question in a dialog. */
export function ConfirmDialog(props: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <div className="dialog-body">
        <p>{props.message}</p>
        {props.error && (
          <p role="alert" className="error-text">
            {props.error}
          </p>
        )}
      </div>
      <DialogFooter
        onCancel={props.onClose}
        submit={props.confirmLabel}
        onSubmit={props.onConfirm}
        danger={props.danger}
        disabled={props.busy}
        autoFocus="submit"
      />
    </Dialog>
  );
}
