import { useTranslation } from 'react-i18next';
import styles from './page-skeleton.module.css';

interface SkeletonProps {
  /** Cards of lines to draw (a page's sections). */
  blocks?: number;
  /** Lines in each card. */
  lines?: number;
  /** Draw the lines as form fields (taller). */
  form?: boolean;
}

/** The places of lines (or form fields) while they load, hidden from screen readers; `card` draws them in one. */
export function SkeletonBlock({
  lines = 4,
  form = false,
  card = true,
}: Omit<SkeletonProps, 'blocks'> & { card?: boolean }) {
  return (
    <div className={`${card ? 'card' : ''} ${styles.block}`} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={form ? styles.field : styles.line} />
      ))}
    </div>
  );
}

/**
 * A page while its content loads (spec §2: never a blank area): the title's place and cards of lines, busy for
 * assistive technology, which hears "Loading".
 */
export function PageSkeleton({ blocks = 2, lines = 4, form = false }: SkeletonProps) {
  const { t } = useTranslation();
  return (
    <div className={`page ${styles.page}`} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('loading')}
      </span>
      <span className={styles.title} aria-hidden="true" />
      {Array.from({ length: blocks }, (_, i) => (
        <SkeletonBlock key={i} lines={lines} form={form} />
      ))}
    </div>
  );
}

/** A part of a page while it loads (a list, a table): busy, "Loading" for assistive technology, cards of lines. */
export function LoadingBlock({ blocks = 1, lines = 5 }: Omit<SkeletonProps, 'form'>) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('loading')}
      </span>
      {Array.from({ length: blocks }, (_, i) => (
        <SkeletonBlock key={i} lines={lines} />
      ))}
    </div>
  );
}
