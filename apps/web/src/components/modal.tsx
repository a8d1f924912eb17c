import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons row. */
  footer?: ReactNode;
  /** Called on Escape, the close button and a click on the backdrop (unless `dismissible` is false). */
  onClose: () => void;
  dismissible?: boolean;
  /** 'alert' for messages that need an answer (role alertdialog). */
  role?: 'dialog' | 'alertdialog';
  /** 'lg': a picture (the board's images). */
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A modal on the native <dialog> element: showModal() puts it in the top layer and makes the rest of the
 * page inert, so focus stays inside; Escape closes it; focus returns to where it was.
 */
export function Modal({
  open,
  title,
  children,
  footer,
  onClose,
  dismissible = true,
  role = 'dialog',
  size = 'sm',
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      dialog.showModal();
      const autofocus = dialog.querySelector<HTMLElement>('[data-autofocus]');
      autofocus?.focus();
      return () => {
        if (dialog.open) dialog.close();
        previous?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault(); // keep React in charge of `open`
      if (dismissible) closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [dismissible]);

  // The browser may close the dialog itself: Chrome closes a modal dialog on Escape without a 'cancel' event
  // when there was no user activation since it opened. Tell the owner, or its `open` stays true and the
  // dialog cannot be opened again (the SMS popup did not reopen); a dialog that may not be
  // dismissed is shown again.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return undefined;
    const onClosed = () => {
      if (!openRef.current) return;
      if (dismissible) closeRef.current();
      else if (dialog.isConnected) dialog.showModal();
    };
    dialog.addEventListener('close', onClosed);
    return () => dialog.removeEventListener('close', onClosed);
  }, [open, dismissible]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${size === 'sm' ? '' : styles[size]}`}
      aria-labelledby={titleId}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      onClick={(e) => {
        if (dismissible && e.target === e.currentTarget) onClose();
      }}
    >
      <div className={styles.inner}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {dismissible && (
            <button type="button" className={styles.close} onClick={onClose} aria-label={t('actions.close')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          )}
        </div>
        {children && <div className={styles.body}>{children}</div>}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </dialog>
  );
}
