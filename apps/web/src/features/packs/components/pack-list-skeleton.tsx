import { useTranslation } from 'react-i18next';
import styles from './pack-banner-list.module.css';

/** Four grey cards while packs load. */
export function PackListSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation('packs');
  return (
    <div className={styles.grid} aria-busy="true" aria-label={t('list.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeleton} />
      ))}
    </div>
  );
}
