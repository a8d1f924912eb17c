import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './logo.module.css';

/** The shop's mark: a faceted gem in a capsule, with the wordmark in the current language. */
export function GemMark({ size = 34 }: { size?: number }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" className={styles.mark}>
      <defs>
        <linearGradient id={`${id}a`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3ee6ff" />
          <stop offset="0.5" stopColor="#7b4dff" />
          <stop offset="1" stopColor="#ff2e7e" />
        </linearGradient>
        <linearGradient id={`${id}b`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.15" />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="22" fill="#131d47" stroke={`url(#${id}a)`} strokeWidth="2.5" />
      <path d="M14 19 L19 12.5 L29 12.5 L34 19 L24 36 Z" fill={`url(#${id}a)`} />
      <path d="M14 19 L34 19 L24 36 Z" fill="#000" opacity="0.14" />
      <path
        d="M19 12.5 L21.5 19 L24 12.5 Z M29 12.5 L26.5 19 L24 12.5 Z"
        fill={`url(#${id}b)`}
        opacity="0.7"
      />
      <path d="M14 19 L21.5 19 L24 36 Z" fill="#fff" opacity="0.22" />
      <path d="M37 9 l1.2 2.8 2.8 1.2 -2.8 1.2 -1.2 2.8 -1.2 -2.8 -2.8 -1.2 2.8 -1.2 z" fill="#ffd84d" />
    </svg>
  );
}

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.logo} ${compact ? styles.compact : ''}`}>
      <GemMark />
      <span className={styles.words}>
        <span className={styles.name}>{t('brand.name')}</span>{' '}
        <span className={styles.tag}>{t('brand.tagline')}</span>
      </span>
    </span>
  );
}
