import { useTranslation } from 'react-i18next';
import { HistoryNav } from '../../../components/history-nav.tsx';
import { HistoryTable } from '../../../components/history-table.tsx';
import { usePageParam } from '../../../components/use-page-param.ts';
import { formatDate, formatGems, formatYen, isoDate } from '../../../lib/format.ts';
import { usePointHistory } from '../api/payments.ts';
import historyStyles from '../../../components/history-table.module.css';
import styles from './payments.module.css';
import { currentLang } from '../../../lib/i18n.ts';

/** /buy-point-history?page (spec §2 Histories): Date, About, Amount, Gems; a pager; 'No purchase history.' */
export function BuyPointHistoryPage() {
  const { t } = useTranslation('payments');
  const [page, setPage] = usePageParam();
  const query = usePointHistory(page);
  return (
    <div className="page">
      <h1 className="page-title">{t('common:pages.buyPointHistory')}</h1>
      <HistoryNav label={t('common:pages.buyPointHistory')} />
      <HistoryTable
        query={query}
        loading={<p aria-busy="true">{t('common.loading')}</p>}
        error={
          <p role="alert" className={styles.error}>
            {t('common.loadError')}
          </p>
        }
        empty={<p className={styles.empty}>{t('history.empty')}</p>}
        className={styles.table}
        caption={t('history.caption')}
        columns={[
          t('history.date'),
          t('history.about'),
          { label: t('history.amount'), className: historyStyles.right },
          { label: t('history.gems'), className: historyStyles.right },
        ]}
        renderRow={(row) => (
          <tr key={row.id}>
            <td className="num" data-label={t('history.date')}>
              <time dateTime={isoDate(row.created)}>{formatDate(row.created, currentLang())}</time>
            </td>
            <td data-label={t('history.about')}>{row.memo}</td>
            <td className={historyStyles.right} data-label={t('history.amount')}>
              {row.money ? formatYen(row.money) : '—'}
            </td>
            <td
              className={`${historyStyles.right} ${row.bonusPoint < 0 ? historyStyles.minus : historyStyles.plus}`}
              data-label={t('history.gems')}
            >
              {row.bonusPoint > 0 ? '+' : ''}
              {formatGems(row.bonusPoint)}
            </td>
          </tr>
        )}
        onPage={setPage}
      />
    </div>
  );
}

export default BuyPointHistoryPage;
