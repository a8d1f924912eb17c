import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HistoryNav } from '../../../components/history-nav.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDate, formatGems, formatYen, isoDate } from '../../../lib/format.ts';
import { usePointHistory } from '../api/payments.ts';
import styles from './payments.module.css';
import { currentLang } from '../../../lib/i18n.ts';

/** /buy-point-history?page (spec §2 Histories): Date, About, Amount, Gems; a pager; 'No purchase history.' */
export function BuyPointHistoryPage() {
  const { t } = useTranslation('payments');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, isPlaceholderData } = usePointHistory(page);
  return (
    <div className="page">
      <h1 className="page-title">{t('common:pages.buyPointHistory')}</h1>
      <HistoryNav label={t('common:pages.buyPointHistory')} />
      {isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : isError ? (
        <p role="alert" className={styles.error}>
          {t('common.loadError')}
        </p>
      ) : !data.list.length ? (
        <p className={styles.empty}>{t('history.empty')}</p>
      ) : (
        <div aria-busy={isPlaceholderData || undefined}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.about')}</th>
                <th scope="col" className={styles.right}>
                  {t('history.amount')}
                </th>
                <th scope="col" className={styles.right}>
                  {t('history.gems')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={row.id}>
                  <td className="num" data-label={t('history.date')}>
                    <time dateTime={isoDate(row.created)}>{formatDate(row.created, currentLang())}</time>
                  </td>
                  <td data-label={t('history.about')}>{row.memo}</td>
                  <td className={styles.right} data-label={t('history.amount')}>
                    {row.money ? formatYen(row.money) : '—'}
                  </td>
                  <td
                    className={`${styles.right} ${row.bonusPoint < 0 ? styles.minus : styles.plus}`}
                    data-label={t('history.gems')}
                  >
                    {row.bonusPoint > 0 ? '+' : ''}
                    {formatGems(row.bonusPoint)}
                  </td>
                </tr>
              ))}
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

export default BuyPointHistoryPage;
