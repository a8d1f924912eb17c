import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExchangeHistoryItem } from '@gacha/contract/exchange';
import { TableHead } from '@gacha/client/components/table-head';
import { CoinIcon } from '../../../components/currency-icons.tsx';
import { LoadingBlock } from '../../../components/page-skeleton.tsx';
import { Pager } from '../../../components/pager.tsx';
import { CardLine } from '../../../components/won-item-list.tsx';
import { formatCoins, formatDate, isoDate } from '../../../lib/format.ts';
import { useLang } from '../../../lib/i18n.ts';
import { useExchangeHistory } from '../api/get-exchange-history.ts';
import { sendStateKey } from '../send-state.ts';
import styles from './exchange-history.module.css';

/**
 * The buying history's Card exchanges view: the cards the member took at the exchange counter, newest first —
 * the card (picture, name, rarity, model number), the day (Japan time), the shipping state with the tracking
 * number once shipped, and the coins paid — with a pager and an empty text leading to the counter.
 */
export function ExchangeHistory({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('history');
  const { data, isPending, isError, isPlaceholderData } = useExchangeHistory(page);

  if (isPending) return <LoadingBlock lines={6} />;
  if (isError) {
    return (
      <p className={styles.empty} role="alert">
        {t('exchanges.error')}
      </p>
    );
  }
  if (!data.list.length) {
    return (
      <div className={styles.empty}>
        <p>{t('exchanges.empty')}</p>
        <Link to="/exchange-card" className="btn btn-secondary btn-sm">
          {t('exchanges.toCounter')}
        </Link>
      </div>
    );
  }
  return (
    <div aria-busy={isPlaceholderData || undefined}>
      <p className={styles.lead}>{t('exchanges.lead')}</p>
      <table className={styles.table}>
        <TableHead
          caption={t('exchanges.caption')}
          columns={[
            t('list.date'),
            t('exchanges.card'),
            t('list.status'),
            { label: t('exchanges.coins'), className: styles.right },
          ]}
        />
        <tbody>
          {data.list.map((item) => (
            <Row key={item.id} item={item} />
          ))}
        </tbody>
      </table>
      <Pager page={data.page} allPage={data.all_page} pages={data.pages} onChange={onPage} />
    </div>
  );
}

function Row({ item }: { item: ExchangeHistoryItem }) {
  const { t } = useTranslation('history');
  const lang = useLang();
  return (
    <tr className={styles.row}>
      <td className={`num ${styles.date}`} data-label={t('list.date')}>
        <time dateTime={isoDate(item.created)}>{formatDate(item.created, lang)}</time>
      </td>
      <td className={styles.cardCell} data-label={t('exchanges.card')}>
        <span className={styles.card}>
          <CardLine card={item} />
        </span>
      </td>
      <td className={styles.status} data-label={t('list.status')}>
        <span className={`${styles.state} ${styles[item.send_state] ?? ''}`}>
          {t(sendStateKey(item.send_state))}
        </span>
        {item.delivery_code && (
          <span className={styles.tracking}>
            {t('exchanges.tracking')} <span className={styles.code}>{item.delivery_code}</span>
          </span>
        )}
      </td>
      <td className={`${styles.right} ${styles.amount}`} data-label={t('exchanges.coins')}>
        <CoinIcon size={16} />
        <span className="num">{formatCoins(item.sub_coin)}</span>
        <span className={styles.unit}>{t('list.coinUnit')}</span>
      </td>
    </tr>
  );
}
