import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAfterIdle } from '../../../lib/idle.ts';
import { useFairness } from '../api/get-fairness.ts';
import styles from './fairness-panel.module.css';

/**
 * The fairness panel : the commitment to the lot sequence during the sale; after sell-out or the
 * end of sale, the revealed seed and a link to the verify page that recomputes the sequence in the browser.
 */
export function FairnessPanel({ packId }: { packId: string }) {
  const { t } = useTranslation('gacha');
  const headingId = useId();
  const { data, isPending, isError } = useFairness(packId, useAfterIdle());
  if (isPending || isError || !data.commitment) return null;
  const verifyUrl = `/pack-detail/verify?${new URLSearchParams({ packId })}`;
  const mine = data.my_positions.length;

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22">
            <path
              d="M12 2.5l7.5 3v5.6c0 4.6-3.1 8.6-7.5 10.4-4.4-1.8-7.5-5.8-7.5-10.4V5.5z"
              fill="currentColor"
              opacity="0.18"
            />
            <path
              d="M12 2.5l7.5 3v5.6c0 4.6-3.1 8.6-7.5 10.4-4.4-1.8-7.5-5.8-7.5-10.4V5.5z M8.5 12l2.5 2.5 4.5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        </span>
        <h2 id={headingId} className={styles.title}>
          {t('fairness.title')}
        </h2>
        <span className={`${styles.state} ${data.revealed ? styles.revealed : ''}`}>
          {data.revealed ? t('fairness.stateRevealed') : t('fairness.stateSealed')}
        </span>
      </div>
      <p className={styles.lead}>
        {data.revealed
          ? t('fairness.leadRevealed', { total: data.total })
          : t('fairness.leadSealed', { total: data.total })}
      </p>
      <dl className={styles.values}>
        <div>
          <dt>{t('fairness.commitment')}</dt>
          <dd>
            <code className={styles.hash}>{data.commitment}</code>
          </dd>
        </div>
        <div>
          <dt>{t('fairness.seed')}</dt>
          <dd>
            {data.seed ? (
              <code className={styles.hash}>{data.seed}</code>
            ) : (
              <span className={styles.sealed}>{t('fairness.seedSealed')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('fairness.sold')}</dt>
          <dd className="num">
            {data.sold} / {data.total}
          </dd>
        </div>
        {mine > 0 && (
          <div>
            <dt>{t('fairness.myDraws')}</dt>
            <dd className="num">{t('fairness.myDrawsValue', { count: mine })}</dd>
          </div>
        )}
      </dl>
      <div className={styles.actions}>
        <Link to={verifyUrl} className={`btn btn-sm ${data.revealed ? 'btn-primary' : 'btn-secondary'}`}>
          {data.revealed ? t('fairness.verify') : t('fairness.howItWorks')}
        </Link>
      </div>
    </section>
  );
}
