import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../lib/i18n.ts';
import { Logo } from '../components/logo.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import styles from './maintenance-page.module.css';

/** Shown when the server answers state 9999 (spec §4). Stands alone: no call is made from here. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const msg = useCatalogue();
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <Logo />
        <LanguageSwitch />
      </div>
      <main className={styles.card}>
        <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" className={styles.icon}>
          <circle cx="32" cy="32" r="30" fill="#1d2a63" />
          <path
            d="M40.5 17.5a10 10 0 0 0-12.9 12.9L17 41a3.5 3.5 0 0 0 5 5l10.6-10.6a10 10 0 0 0 12.9-12.9l-5.8 5.8-4.6-1.4-1.4-4.6z"
            fill="#ffc21a"
          />
        </svg>
        <h1 className={styles.title}>{t('maintenance.title')}</h1>
        <p className={styles.text}>{msg('maintenance')}</p>
        <p className={styles.hours}>{t('maintenance.hint')}</p>
        <a href="/" className="btn btn-primary">
          {t('maintenance.retry')}
        </a>
      </main>
    </div>
  );
}

export default MaintenancePage;
