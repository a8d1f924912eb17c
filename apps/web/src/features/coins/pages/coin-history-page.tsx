import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CoinHistoryItem } from '@gacha/contract/coins';
import { CoinIcon } from '../../../components/currency-icons.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatCoins, formatCoinTenths, formatDate, isoDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useCoinHistory } from '../api/get-coin-history.ts';
import styles from './coin-history-page.module.css';
import { currentLang } from '../../../lib/i18n.ts';

/** A row's coins as shown: '+1,200' granted, '−500' used (a true minus sign). */
export function coinChange(row: Pick<CoinHistoryItem, 'bonusCoin' | 'money'>): {
  sign: 'plus' | 'minus';
  text: string;
} {
  return row.money > 0
    ? { sign: 'minus', text: `−${formatCoins(row.money)}` }
    : { sign: 'plus', text: `+${formatCoins(row.bonusCoin)}` };
}

/**
 * /coin-history?page (spec §2 Histories): titled 'COIN HISTORY', a table of date, content (the server's memo,
 * in the member's language) and the coins granted (+) or used (−), newest first, a pager and an empty text.
 */
export function CoinHistoryPage() {
  const { t } = useTranslation('coins');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useCoinHistory(page);
  const { data: user } = useCurrentUser();

  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('history.title')}</h1>
      <div className={styles.bar}>
        <p className={styles.held}>
          <span>{t('history.held')}</span>
          <CoinIcon size={20} />
          <span className="num" data-testid="coins-held">
            {formatCoinTenths(user?.coin_tenths ?? 0)}
          </span>
        </p>
        <Link to="/exchange-card" className="btn btn-secondary btn-sm">
          {t('history.toExchange')}
        </Link>
      </div>
      <p className={styles.lead}>{t('history.lead')}</p>
      {isPending ? (
        <p aria-busy="true" className={styles.empty}>
          {t('common:loading')}
        </p>
      ) : isError ? (
        <div role="alert" className={styles.empty}>
          <p>{t('history.loadError')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refetch()}>
            {t('history.retry')}
          </button>
        </div>
      ) : !data.list.length ? (
        <p className={styles.empty}>{t('history.empty')}</p>
      ) : (
        <div aria-busy={isPlaceholderData || undefined}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.content')}</th>
                <th scope="col" className={styles.right}>
                  {t('history.coins')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => {
                const change = coinChange(row);
                return (
                  <tr key={row.id}>
                    <td className={`num ${styles.date}`} data-label={t('history.date')}>
                      <time dateTime={isoDate(row.created)}>{formatDate(row.created, currentLang())}</time>
                    </td>
                    <td className={styles.memo} data-label={t('history.content')}>
                      {row.memo}
                    </td>
                    <td
                      className={`${styles.right} ${change.sign === 'minus' ? styles.minus : styles.plus}`}
                      data-label={t('history.coins')}
                    >
                      <span aria-hidden="true">{change.text}</span>
                      <span className="visually-hidden">
                        {change.sign === 'minus'
                          ? t('history.used', { amount: formatCoins(row.money) })
                          : t('history.granted', { amount: formatCoins(row.bonusCoin) })}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pager
            page={data.page}
            allPage={data.all_page}
            pages={data.pages}
            onChange={(p) =>
              setParams((prev) => {
                const q = new URLSearchParams(prev);
                q.set('page', String(p));
                return q;
              })
            }
          />
        </div>
      )}
    </div>
  );
}

export default CoinHistoryPage;
