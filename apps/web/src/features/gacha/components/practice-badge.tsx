import { useTranslation } from 'react-i18next';
import styles from './practice-badge.module.css';

/** The label every practice draw carries: PRACTICE / 練習. */
export function PracticeBadge({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation('gacha');
  return (
    <span className={`${styles.badge} ${onDark ? styles.onDark : ''}`} data-testid="practice-badge">
      {t('practice.badge')}
    </span>
  );
}
