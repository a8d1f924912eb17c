import { useTranslation } from 'react-i18next';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  allPage: number;
  pages: number[];
  onChange: (page: number) => void;
}

/** Page numbers as the server sends them (spec §3 page info); paging starts at 1. */
export function Pager({ page, allPage, pages, onChange }: PagerProps) {
  const { t } = useTranslation();
  if (allPage <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('pager.label')}>
      <button
        type="button"
        className={styles.step}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('pager.prev')}
      >
        ‹
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          className={`${styles.page} ${p === page ? styles.current : ''}`}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('pager.page', { page: p })}
          onClick={() => onChange(p)}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        className={styles.step}
        disabled={page >= allPage}
        onClick={() => onChange(page + 1)}
        aria-label={t('pager.next')}
      >
        ›
      </button>
    </nav>
  );
}
