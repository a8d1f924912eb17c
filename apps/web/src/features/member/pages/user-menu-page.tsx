import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './member-pages.module.css';

function MenuLink({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <li>
      <Link to={to} className={styles.menuLink}>
        <span className={styles.menuIcon} aria-hidden="true">
          {icon}
        </span>
        <span className={styles.menuText}>
          <strong>{title}</strong>
          <span>{text}</span>
        </span>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </Link>
    </li>
  );
}

/** /user-menu (spec §2 Registration info menu): Personal information, Password change, Back to my page. */
export function UserMenuPage() {
  const { t } = useTranslation('member');
  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <h1 className={styles.title}>{t('userMenu.title')}</h1>
        <ul className={styles.menu}>
          <MenuLink
            to="/change-member"
            title={t('userMenu.personal')}
            text={t('userMenu.personalText')}
            icon={
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <circle cx="12" cy="8" r="4" />
                <path d="M4 21c1-4.5 4.5-7 8-7s7 2.5 8 7" strokeLinecap="round" />
              </svg>
            }
          />
          <MenuLink
            to="/change-password"
            title={t('userMenu.password')}
            text={t('userMenu.passwordText')}
            icon={
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <rect x="4" y="10" width="16" height="11" rx="2.5" />
                <path d="M8 10V7a4 4 0 0 1 8 0v3" strokeLinecap="round" />
              </svg>
            }
          />
        </ul>
        <Link to="/my-page" className="btn btn-secondary btn-block">
          {t('userMenu.back')}
        </Link>
      </div>
    </div>
  );
}

export default UserMenuPage;
