import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo.tsx';
import { CONTACT_PATH } from '../lib/links.ts';
import styles from './footer.module.css';

const links = [
  { to: '/specific-commerce', key: 'footer.specificCommerce' },
  { to: '/terms-of-service', key: 'footer.terms' },
  { to: '/privacy-protection', key: 'footer.privacy' },
  { to: '/user-guide', key: 'footer.userGuide' },
  { to: CONTACT_PATH, key: 'footer.contact' },
] as const;

/** Footer buttons (spec §2): the legal and information pages, and the shop's contact page. */
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
