import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HistoryItem, HistoryMode } from '@gacha/contract/draws';
import { LoadingBlock } from '../../../components/page-skeleton.tsx';
import { CoinIcon, GemIcon } from '../../../components/currency-icons.tsx';
import { HistoryNav } from '../../../components/history-nav.tsx';
import { HistoryTable } from '../../../components/history-table.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { formatDate, formatGems, isoDate } from '../../../lib/format.ts';
import { useLang } from '../../../lib/i18n.ts';
import { useHistoryList } from '../api/get-history-list.ts';
import { ExchangeHistory } from '../components/exchange-history.tsx';
import {
  FILTERS,
  parseMode,
  parsePage,
  parseView,
  rowTarget,
  sendStateKey,
  VIEWS,
  type HistoryView,
} from '../send-state.ts';
import styles from './buy-product-history-page.module.css';

/**
 * /buy-product-history (spec §2 Histories): the tabs Buying history / Your gems history, then a switch between
 * the pack purchases and the cards exchanged for coins (an exchanged card ships like a won one, so a
 * member looks for it here). Pack purchases: the status filter (All, Unselected, Not yet shipped, Shipped, No
 * shipment), the columns Date, Gacha name, Status, Gems, a pager and the empty text; a row with status '1' opens
 * the detail, otherwise the choose list. Card exchanges: see ExchangeHistory. View, filter and page live in the
 * query (?view=exchanges&mode=&page=).
 */
export function BuyProductHistoryPage() {
  const { t } = useTranslation('history');
  const [params, setParams] = useSearchParams();
  const view = parseView(params.get('view'));
  const mode = parseMode(params.get('mode'));
  const page = parsePage(params.get('page'));

  const update = (next: { view?: HistoryView; mode?: HistoryMode; page?: number }) => {
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        const v = next.view ?? view;
        const m = next.view ? 'all' : (next.mode ?? mode);
        const p = next.page ?? (next.mode || next.view ? 1 : page);
        if (v === 'packs') q.delete('view');
        else q.set('view', v);
        if (m === 'all') q.delete('mode');
        else q.set('mode', m);
        if (p <= 1) q.delete('page');
        else q.set('page', String(p));
        return q;
      },
      { replace: next.mode !== undefined || next.view !== undefined },
    );
  };

  return (
    <div className="page">
      <h1 className="page-title">{t('list.title')}</h1>
      <HistoryNav label={t('list.tabsLabel')} />
      <Tabs
        items={VIEWS.map((v) => ({ value: v.view, label: t(v.key) }))}
        value={view}
        onChange={(v) => update({ view: v })}
        label={t('view.label')}
        idBase="history-view"
        variant="segment"
      >
        {view === 'exchanges' ? (
          <ExchangeHistory page={page} onPage={(p) => update({ page: p })} />
        ) : (
          <PackHistory mode={mode} page={page} update={update} />
        )}
      </Tabs>
    </div>
  );
}

/** The pack purchases: the status filter, the table and its pager. */
function PackHistory({
  mode,
  page,
  update,
}: {
  mode: HistoryMode;
  page: number;
  update: (next: { mode?: HistoryMode; page?: number }) => void;
}) {
  const { t } = useTranslation('history');
  const query = useHistoryList(mode, page);
  const navigate = useNavigate();
  return (
    <Tabs
      items={FILTERS.map((f) => ({ value: f.mode, label: t(f.key) }))}
      value={mode}
      onChange={(m) => update({ mode: m })}
      label={t('filter.label')}
      idBase="history-filter"
    >
      <HistoryTable
        query={query}
        loading={<LoadingBlock lines={6} />}
        error={
          <p className={styles.empty} role="alert">
            {t('list.error')}
          </p>
        }
        empty={<p className={styles.empty}>{t('list.empty')}</p>}
        className={styles.table}
        caption={t('list.caption')}
        columns={[
          t('list.date'),
          t('list.name'),
          t('list.status'),
          { label: t('list.gems'), className: styles.right },
        ]}
        renderRow={(item) => <Row key={item.id} item={item} onOpen={() => navigate(rowTarget(item))} />}
        onPage={(p) => update({ page: p })}
      />
    </Tabs>
  );
}

function Row({ item, onOpen }: { item: HistoryItem; onOpen: () => void }) {
  const { t } = useTranslation('history');
  const lang = useLang();
  const coin = item.currency === 'coin';
  return (
    <tr className={styles.row} onClick={onOpen}>
      <td className={`num ${styles.date}`} data-label={t('list.date')}>
        <time dateTime={isoDate(item.created)}>{formatDate(item.created, lang)}</time>
      </td>
      <td className={styles.name} data-label={t('list.name')}>
        <Link to={rowTarget(item)} onClick={(e) => e.stopPropagation()}>
          {item.pack_name}
        </Link>
        <span className={styles.count}>{t('list.count', { count: item.count })}</span>
      </td>
      <td data-label={t('list.status')}>
        <span className={`${styles.state} ${styles[item.send_state] ?? ''}`}>
          {t(sendStateKey(item.send_state))}
        </span>
        {item.status !== '1' && <span className={styles.choose}>{t('list.choose')}</span>}
      </td>
      <td className={`${styles.right} ${styles.amount}`} data-label={t('list.gems')}>
        {coin ? <CoinIcon size={16} /> : <GemIcon size={16} />}
        <span className="num">{formatGems(item.point)}</span>
        {coin && <span className={styles.unit}>{t('list.coinUnit')}</span>}
      </td>
    </tr>
  );
}

export default BuyProductHistoryPage;
