import { useTranslation } from 'react-i18next';
import styles from './record-board.module.css';

/** The Everyone's Record tab (-1): the board comes in a later issue; a tidy placeholder list for now. */
export function RecordBoard() {
  const { t } = useTranslation('packs');
  return (
    <section aria-labelledby="record-title" className={styles.root}>
      <div className={styles.head}>
        <div>
          <h2 id="record-title" className={styles.title}>
            {t('record.title')}
          </h2>
          <p className={styles.lead}>{t('record.lead')}</p>
        </div>
        <button type="button" className="btn btn-primary" disabled>
          {t('record.post')}
        </button>
      </div>
      <ul className={styles.list} aria-label={t('record.listLabel')}>
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.item} aria-hidden="true">
            <span className={styles.avatar} />
            <span className={styles.lines}>
              <span className={styles.line} style={{ width: '38%' }} />
              <span className={styles.line} style={{ width: '86%' }} />
              <span className={styles.line} style={{ width: '64%' }} />
            </span>
            <span className={styles.thumbs}>
              <span className={styles.thumb} />
              <span className={styles.thumb} />
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.soon}>{t('record.soon')}</p>
    </section>
  );
}

export default RecordBoard;
