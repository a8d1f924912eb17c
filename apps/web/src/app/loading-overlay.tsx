import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getActivity, subscribeActivity } from '../lib/api.ts';
import styles from './loading-overlay.module.css';

const SHOW_AFTER_MS = 180; // quick answers never flash the overlay

/** The loading overlay while a request runs (spec §2), and a thin bar while a route loads. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const active = useSyncExternalStore(subscribeActivity, getActivity, () => 0) > 0;
  const navigating = useNavigation().state === 'loading';
  const [visible, setVisible] = useState(false);
  const overlay = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!active) {
      setVisible(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [active]);

  // In the top layer (a manual popover), so that it also covers an open modal dialog: the purchase's confirm
  // dialog waits for its answer with the overlay over it. Browsers without popovers keep it at its z-index.
  useEffect(() => {
    const el = overlay.current;
    if (!el || typeof el.showPopover !== 'function') return;
    const open = el.matches(':popover-open');
    if (visible && !open) el.showPopover();
    else if (!visible && open) el.hidePopover();
  }, [visible]);

  return (
    <>
      {navigating && <div className={styles.bar} aria-hidden="true" />}
      <div
        ref={overlay}
        popover="manual"
        className={`${styles.overlay} ${visible ? styles.visible : ''}`}
        aria-hidden={!visible}
      >
        {visible && (
          <div className={styles.box} role="status" aria-live="polite">
            <span className={styles.spinner} aria-hidden="true" />
            <span className="visually-hidden">{t('loading')}</span>
          </div>
        )}
      </div>
    </>
  );
}
