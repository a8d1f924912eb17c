import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo.tsx';
import { CONTACT_URL } from '../lib/links.ts';
import styles from './footer.module.css';

const links = [
  { to: '/specific-commerce', key: 'footer.specificCommerce' },
  { to: '/terms-of-service', key: 'footer.terms' },
  { to: '/privacy-protection', key: 'footer.privacy' },
  { to: '/user-guide', key: 'footer.userGuide' },
] as const;

/** Footer buttons (spec §2); Contact us opens the external page. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo compact />
          <p className={styles.about}>{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.links}>
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={styles.link}>
                  {t(l.key)}
                </Link>
              </li>
            ))}
            <li>
              <a href={CONTACT_URL} className={styles.link} target="_blank" rel="noopener noreferrer">
                {t('footer.contact')}
                <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                  <path
                    d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className="visually-hidden">{t('footer.newWindow')}</span>
              </a>
            </li>
          </ul>
        </nav>
        <div className={styles.meta}>
          <p>{t('footer.support')}</p>
          <p className={styles.copy}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}

export default Footer;
