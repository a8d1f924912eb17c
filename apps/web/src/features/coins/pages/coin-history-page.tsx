import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CoinHistoryItem } from '@gacha/contract/coins';
import { CoinIcon } from '../../../components/currency-icons.tsx';
import { HistoryTable } from '../../../components/history-table.tsx';
import { usePageParam } from '../../../components/use-page-param.ts';
import { formatCoins, formatCoinTenths, formatDate, isoDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useCoinHistory } from '../api/get-coin-history.ts';
import historyStyles from '../../../components/history-table.module.css';
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
  const [page, setPage] = usePageParam();
  const query = useCoinHistory(page);
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
      <HistoryTable
        query={query}
        loading={
          <p aria-busy="true" className={styles.empty}>
            {t('common:loading')}
          </p>
        }
        error={
          <div role="alert" className={styles.empty}>
            <p>{t('history.loadError')}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
              {t('history.retry')}
            </button>
          </div>
        }
        empty={<p className={styles.empty}>{t('history.empty')}</p>}
        className={styles.table}
        caption={t('history.caption')}
        columns={[
          t('history.date'),
          t('history.content'),
          { label: t('history.coins'), className: styles.right },
        ]}
        renderRow={(row) => {
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
                className={`${styles.right} ${change.sign === 'minus' ? historyStyles.minus : historyStyles.plus}`}
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
        }}
        onPage={setPage}
      />
    </div>
  );
}

export default CoinHistoryPage;
