import { useEffect, useState, useSyncExternalStore } from 'react';
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

  useEffect(() => {
    if (!active) {
      setVisible(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [active]);

  return (
    <>
      {navigating && <div className={styles.bar} aria-hidden="true" />}
      <div className={`${styles.overlay} ${visible ? styles.visible : ''}`} aria-hidden={!visible}>
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
