import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  /** Stable name, used for test ids and styling hooks. */
  name?: string;
  title?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** 'sm' 420px, 'md' 560px (default), 'lg' 860px. */
  size?: 'sm' | 'md' | 'lg';
  /** Backdrop click closes unless disabled (e.g. while a form is submitting). */
  closeOnBackdrop?: boolean;
  footer?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openCount = 0;
let savedScrollY = 0;
/** Open modals, newest last: only the top one answers Escape and traps Tab (a dialog over a dialog). */
const modalStack: object[] = [];

/** Whether a dialog is open over the page (any Modal). */
export function isModalOpen(): boolean {
  return document.documentElement.dataset.modalOpen !== undefined;
}

/** Fixes the page in place while any modal is open and restores the scroll position afterwards. */
function lockScroll() {
  if (openCount === 0) {
    savedScrollY = window.scrollY;
    const body = document.body.style;
    body.position = 'fixed';
    body.top = `-${savedScrollY}px`;
    body.left = '0';
    body.right = '0';
    body.overflow = 'hidden';
    // Read by what moves on its own under a dialog (the home carousel): it holds still meanwhile.
    document.documentElement.dataset.modalOpen = '';
  }
  openCount += 1;
}

function unlockScroll() {
  openCount = Math.max(0, openCount - 1);
  if (openCount === 0) {
    const body = document.body.style;
    body.position = '';
    body.top = '';
    body.left = '';
    body.right = '';
    body.overflow = '';
    delete document.documentElement.dataset.modalOpen;
    window.scrollTo(0, savedScrollY);
  }
}

export function Modal({
  name,
  title,
  onClose,
  children,
  size = 'md',
  closeOnBackdrop = true,
  footer,
}: ModalProps) {
  const { t } = useTranslation('common');
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    lockScroll();
    const token = {};
    modalStack.push(token);
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    // Start in the content (first field), not on the close button; fall back to the dialog itself.
    const first = dialog?.querySelector<HTMLElement>(`.modal__body :is(${FOCUSABLE})`);
    (first ?? dialog)?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (modalStack[modalStack.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      modalStack.splice(modalStack.indexOf(token), 1);
      unlockScroll();
      previouslyFocused?.focus?.();
    };
  }, []);

  return createPortal(
    <div className="modal-root" data-modal={name}>
      <div
        className="modal-backdrop"
        aria-hidden="true"
        onClick={() => {
          if (closeOnBackdrop) onClose();
        }}
      />
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : name}
        tabIndex={-1}
      >
        <div className="modal__head">
          {title ? (
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
          ) : (
            <span />
          )}
          <button
            type="button"
            className="icon-btn modal__close"
            onClick={onClose}
            aria-label={t('actions.close')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__foot">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
