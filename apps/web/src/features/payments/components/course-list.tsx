import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PointPriceItem } from '@gacha/contract/payments';
import { GemIcon } from '../../../components/currency-icons.tsx';
import { formatGems, formatYen } from '../../../lib/format.ts';
import { formatDollars, withQuery } from '../purchase.ts';
import styles from '../pages/payments.module.css';

interface CourseListProps {
  list: PointPriceItem[];
  productId?: string | null;
  label: string;
  /** A free grant course (rate "100") asks for confirmation first. */
  onFree?: (item: PointPriceItem) => void;
}

/** The gem courses: gems, yen (with the campaign price when there is one) and dollars, leading to the confirm page. */
export function CourseList({ list, productId, label, onFree }: CourseListProps) {
  const { t } = useTranslation('payments');
  return (
    <ul className={styles.courses} aria-label={label}>
      {list.map((item) => {
        const free = item.is_free === '1';
        const gems = formatGems(item.point);
        const discounted = item.discount !== null && item.discount !== item.price;
        return (
          <li key={item.id} className={`${styles.course} ${free ? styles.courseFree : ''}`}>
            <p className={styles.courseGems}>
              <GemIcon size={22} />
              <span className="num">{t('common.gems', { gems })}</span>
            </p>
            {free ? (
              <p className={styles.prices}>
                <span className={`${styles.badge} ${styles.badgeOn}`}>{t('buy.freeBadge')}</span>
                <span className={styles.yen}>{t('buy.free')}</span>
              </p>
            ) : (
              <p className={styles.prices}>
                {discounted ? (
                  <>
                    <span className={styles.strike}>
                      <span className="visually-hidden">{t('buy.regular')} </span>
                      {formatYen(item.price)}
                    </span>
                    <span className={`${styles.yen} ${styles.discount}`}>
                      <span className="visually-hidden">{t('buy.campaignPrice')} </span>
                      {formatYen(item.discount ?? item.price)}
                    </span>
                    <span className={styles.dollar}>
                      {formatDollars(item.discount_doller ?? item.doller)}
                    </span>
                  </>
                ) : (
                  <>
                    <span className={styles.yen}>{formatYen(item.price)}</span>
                    <span className={styles.dollar}>{formatDollars(item.doller)}</span>
                  </>
                )}
              </p>
            )}
            <div className={styles.courseAction}>
              {free ? (
                <button
                  type="button"
                  className="btn btn-primary btn-block"
                  aria-label={t('buy.getFreeLabel', { gems })}
                  onClick={() => onFree?.(item)}
                >
                  {t('buy.getFree')}
                </button>
              ) : (
                <Link
                  className="btn btn-primary btn-block"
                  to={withQuery('/confirm-buy-point', { pointPriceId: item.id, productId })}
                  aria-label={t('buy.buyLabel', { gems, price: formatYen(item.pay_price) })}
                >
                  {t('buy.buy')}
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
