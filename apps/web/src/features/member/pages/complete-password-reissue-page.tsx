import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './member-pages.module.css';

/**
 * /complete-password-reissue (spec §2): the temporary password was mailed; Home goes to /login. The reissue
 * pages navigated here with replace, so Back does not return to them; and when they were the first page of the
 * visit (the reissue opened from a bookmark or a mail), /login is put beneath this one, so that Back goes to the
 * login rather than out of the shop.
 */
export function CompletePasswordReissuePage() {
  const { t } = useTranslation('member');
  useEffect(() => {
    // React Router numbers this tab's entries of the shop: 0 is the first. The history API directly (two
    // navigate() calls in a row are one navigation to React Router): the router reads the address on Back.
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx !== 0) return;
    const here = window.location.pathname + window.location.search;
    window.history.replaceState({ usr: null, key: 'reissue-login', idx: 0 }, '', '/login');
    window.history.pushState({ ...state, idx: 1 }, '', here);
  }, []);
  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel} ${styles.center}`}>
        <span className={styles.badge} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="2.4">
            <rect x="3" y="5" width="18" height="14" rx="2.5" />
            <path d="M4 7l8 6 8-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('reissue.doneTitle')}</h1>
          <p className={styles.lead}>{t('reissue.doneText')}</p>
        </div>
        <Link to="/login" replace className="btn btn-primary btn-block">
          {t('reissue.home')}
        </Link>
      </div>
    </div>
  );
}

export default CompletePasswordReissuePage;
