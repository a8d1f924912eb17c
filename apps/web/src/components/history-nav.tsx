import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './history-nav.module.css';

/**
 * The two history tabs of spec §2 Histories — Buying history (/buy-product-history) and Your gems history
 * (/buy-point-history) — as links, the current one marked.
 */
export function HistoryNav({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.nav} aria-label={label}>
      <NavLink
        to="/buy-product-history"
        className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
      >
        {t('menu.buyingHistory')}
      </NavLink>
      <NavLink
        to="/buy-point-history"
        className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
      >
        {t('menu.gemsHistory')}
      </NavLink>
    </nav>
  );
}
