import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MarkdownDoc } from '../../../components/markdown-doc.tsx';
import { LEGAL_PAGES } from '../legal-pages.ts';
import styles from './site-pages.module.css';

/**
 * The legal and information pages (spec §2): /terms-of-service, /privacy-protection, /specific-commerce,
 * /fund-settlement, /gem-terms-of-service and /user-guide, each the Markdown of src/content in the member's
 * language with the seller's details filled in; the route decides which. Below it, the other pages and the
 * contact page.
 */
export function LegalPage() {
  const { t } = useTranslation('site');
  const { pathname } = useLocation();
  const current = LEGAL_PAGES.find((p) => p.path === pathname) ?? LEGAL_PAGES[0];
  return (
    <div className={`page ${styles.page}`}>
      <article className={`card ${styles.sheet}`}>
        <MarkdownDoc page={current.doc} />
      </article>
      <nav className={styles.related} aria-label={t('legal.related')}>
        <ul>
          {LEGAL_PAGES.filter((p) => p.path !== current.path).map((p) => (
            <li key={p.path}>
              <Link to={p.path}>{t(p.title, { ns: 'common' })}</Link>
            </li>
          ))}
          <li>
            <Link to="/contact">{t('pages.contact', { ns: 'common' })}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

export default LegalPage;
