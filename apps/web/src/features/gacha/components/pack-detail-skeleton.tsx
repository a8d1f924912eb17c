import pageStyles from '../pages/pack-detail-page.module.css';
import styles from './pack-detail-skeleton.module.css';

/**
 * The pack page before its pack has arrived (and its first paint, prerendered without one): the breadcrumb line,
 * the square image and the info card in their places, so nothing shifts when the pack is shown.
 */
export function PackDetailSkeleton() {
  return (
    <div className={`page ${styles.skeleton}`} aria-busy="true">
      <div className={pageStyles.crumbs} aria-hidden="true">
        <span className={styles.crumb} />
      </div>
      <div className={pageStyles.layout} aria-hidden="true">
        <div className={pageStyles.media}>
          <div className={styles.image} />
        </div>
        <div className={`card ${pageStyles.info} ${styles.info}`} />
      </div>
    </div>
  );
}
