import { Link, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './placeholder-page.module.css';

/** A page whose feature is not built yet: its name and a way home, inside the layout. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const handle = [...useMatches()].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)
    ?.handle as { title?: string } | undefined;
  const title = handle?.title ? t(handle.title) : '';
  return (
    <div className="page page-narrow">
      <section className={`card ${styles.box}`} aria-labelledby="placeholder-title">
        <div className={styles.icon} aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48">
            <rect
              x="6"
              y="10"
              width="36"
              height="28"
              rx="6"
              fill="#eef0ff"
              stroke="#7b4dff"
              strokeWidth="2"
            />
            <path d="M14 20h20M14 26h12" stroke="#7b4dff" strokeWidth="2.5" strokeLinecap="round" />
            <circle cx="37" cy="35" r="8" fill="#ff2e7e" />
            <path d="M37 31v4.5l2.5 1.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" fill="none" />
          </svg>
        </div>
        <h1 id="placeholder-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.text}>{t('placeholder.text')}</p>
        <Link to="/" className="btn btn-primary">
          {t('actions.backToTop')}
        </Link>
      </section>
    </div>
  );
}

export default PlaceholderPage;
