import { useTranslation } from 'react-i18next';
import type { PackCheckResult } from '@gacha/contract/draws';
import { Amount } from './amount.tsx';
import styles from './purchase-summary.module.css';

/** Count, amount to spend (with any rank discount), balance before and after (spec §2 confirm modal). */
export function PurchaseSummary({ check }: { check: PackCheckResult }) {
  const { t } = useTranslation('gacha');
  const { currency } = check;
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('confirm.count')}</dt>
        <dd className="num">{t('confirm.countValue', { count: check.count })}</dd>
      </div>
      <div className={styles.spend}>
        <dt>{currency === 'coin' ? t('confirm.coinsToSpend') : t('confirm.gemsToSpend')}</dt>
        <dd>
          {check.discount_percent > 0 && (
            <span className={styles.was}>
              <Amount currency={currency} value={check.base_price} icon={false} />
              <span className={styles.discount}>
                {t('confirm.discount', { percent: check.discount_percent })}
              </span>
            </span>
          )}
          <Amount currency={currency} value={check.price} />
        </dd>
      </div>
      <div>
        <dt>{currency === 'coin' ? t('confirm.coinsHeld') : t('confirm.gemsHeld')}</dt>
        <dd>
          <Amount currency={currency} value={check.balance_before} />
        </dd>
      </div>
      <div className={styles.after}>
        <dt>{currency === 'coin' ? t('confirm.coinsLeft') : t('confirm.gemsLeft')}</dt>
        <dd>
          <Amount currency={currency} value={check.balance_after} />
        </dd>
      </div>
    </dl>
  );
}
