import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

const FIRST_FIELD = [
  'input:not([readonly]):not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([readonly]):not([disabled])',
  '[data-body] button:not([disabled])',
].join(', ');

/**
 * A modal window on the native <dialog>: the page behind is inert, the focus stays inside, Escape or the close
 * button shuts it and the focus goes back to the control that opened it. `children` render only while it is
 * open (a form inside starts fresh each time) and get `close` to shut it themselves (a form's Cancel).
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  size = 'normal',
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode | ((close: () => void) => ReactNode);
  size?: 'normal' | 'large';
}) {
  const { t } = useTranslation('console');
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const close = () => ref.current?.close();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // the field marked data-autofocus, else the first field of the body (not the close button) takes the focus
      const first =
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        dialog.querySelector<HTMLElement>(FIRST_FIELD);
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`${styles.dialog}${size === 'large' ? ` ${styles.large}` : ''}`}
      onClose={() => {
        onClose();
        // the opener may be gone (a row that changed); then the browser's own choice stands
        if (opener.current?.isConnected) opener.current.focus();
        opener.current = null;
      }}
    >
      {open ? (
        <>
          <div className={styles.head}>
            <h2 id={titleId}>{title}</h2>
            <button type="button" className={styles.close} onClick={close} aria-label={t('common.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={styles.body} data-body>
            {typeof children === 'function' ? children(close) : children}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
