import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../../components/chevron-icon.tsx';
import styles from './alert-banners.module.css';

interface AlertProps {
  tone: 'info' | 'warn';
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
}

function CollapsibleAlert({ tone, title, children, defaultOpen = false }: AlertProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const { t } = useTranslation('packs');
  return (
    <div className={`${styles.alert} ${styles[tone]}`}>
      <button
        type="button"
        className={styles.head}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.icon} aria-hidden="true">
          {tone === 'info' ? 'i' : '!'}
        </span>
        <span className={styles.title}>{title}</span>
        <span className={styles.toggle}>
          {open ? t('alerts.hide') : t('alerts.show')}
          <ChevronIcon
            direction="down"
            size={16}
            weight={2.4}
            className={open ? styles.chevronOpen : styles.chevron}
          />
        </span>
      </button>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/** Collapsible notices above the tabs (spec §2): the monthly exchange-rate update and the customs note. */
export function AlertBanners() {
  const { t } = useTranslation('packs');
  return (
    <div className={styles.stack}>
      <CollapsibleAlert tone="info" title={t('alerts.rate.title')}>
        <p>{t('alerts.rate.text')}</p>
        <p className={styles.note}>{t('alerts.rate.note')}</p>
      </CollapsibleAlert>
      <CollapsibleAlert tone="warn" title={t('alerts.customs.title')}>
        <p>{t('alerts.customs.text')}</p>
      </CollapsibleAlert>
    </div>
  );
}
