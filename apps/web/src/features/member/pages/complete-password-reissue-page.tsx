import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './member-pages.module.css';

/**
 * /complete-password-reissue (spec §2): the temporary password was mailed; Home goes to /login. The reissue
 * pages navigated here with replace, so Back does not return to them.
 */
export function CompletePasswordReissuePage() {
  const { t } = useTranslation('member');
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
