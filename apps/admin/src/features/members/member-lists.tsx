import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wonItemStatuses } from '@gacha/contract/admin-members';
import { NAV } from '../../app/nav.ts';
import type { Columns } from '../../components/data-table.tsx';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { formatCoins, formatYen, useMemberList, type ListName, type ListRow } from './member-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { figureColumn, timeColumn } from '../../components/columns.tsx';
import styles from './members.module.css';

/**
 * The member page's paged tabs (GET /api/admin/members/{id}/gem-lots, gem-ledger, coin-ledger, purchases,
 * items, payments): a page at a time as the API pages them, the page (and a filter) in the address.
 */

type PanelProps = { id: number; page: number; onPage: (page: number) => void };

function Signed({ value, children }: { value: number; children: string }) {
  return (
    <span className={value < 0 ? styles.minus : styles.plus}>{value > 0 ? `+${children}` : children}</span>
  );
}

/**
 * One paged tab: its heading (the tab's name), a filter and the row count beside it, and the page of rows the API
 * answers for the filter.
 */
function ListSection<N extends ListName>({
  id,
  page,
  onPage,
  name,
  filter,
  columns,
  empty,
  filters,
}: PanelProps & {
  name: N;
  filter?: Record<string, string | undefined>;
  columns: Columns<ListRow<N>>;
  empty: string;
  filters?: ReactNode;
}) {
  const { t } = useTranslation(['members', 'console']);
  const lang = useLang();
  const { data, isPending, error } = useMemberList(id, name, { ...filter, page });
  const title = t(`tabs.${name}`);
  const headingId = `member-${name}`;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.listHead}>
        <h2 id={headingId}>{title}</h2>
        {filters}
        {data ? (
          <span className="muted">
            {t('lists.total', { count: data.total, n: formatNumber(data.total, lang) })}
          </span>
        ) : null}
      </div>
      {error ? <p role="alert">{error.message}</p> : null}
      {isPending ? (
        <p className="loading">{t('console:common.loading')}</p>
      ) : (
        <PagedTable columns={columns} data={data} onPage={onPage} caption={title} empty={empty} />
      )}
    </section>
  );
}

export function GemLotsPanel({
  state,
  onState,
  ...panel
}: PanelProps & { state: 'live' | 'all'; onState: (s: 'live' | 'all') => void }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const columns = useMemo<Columns<ListRow<'gem-lots'>>>(
    () => [
      figureColumn('id', t('lots.id'), (lot) => `#${lot.id}`),
      {
        id: 'kind',
        header: () => t('lots.kind'),
        cell: ({ row }) => t(`lots.kinds.${row.original.kind}`),
      },
      {
        id: 'source',
        header: () => t('lots.source'),
        cell: ({ row }) => t(`lots.sources.${row.original.source}`, { defaultValue: row.original.source }),
      },
      figureColumn('amount', t('lots.amount'), (lot) => formatNumber(lot.amount, lang)),
      figureColumn('remaining', t('lots.remaining'), (lot) => formatNumber(lot.remaining, lang)),
      timeColumn('awarded', t('lots.awarded'), (lot) => lot.awarded_at),
      {
        id: 'expires',
        header: () => t('lots.expires'),
        cell: ({ row }) => (
          <>
            {formatJst(row.original.expires_at, { zone: false })}
            {row.original.expired ? (
              <>
                {' '}
                <span className="status status-ended">{t('lots.expired')}</span>
              </>
            ) : null}
          </>
        ),
        meta: { className: 'nowrap' },
      },
    ],
    [t, lang],
  );
  return (
    <ListSection
      {...panel}
      name="gem-lots"
      filter={{ state }}
      columns={columns}
      empty={state === 'live' ? t('lots.emptyLive') : t('lots.empty')}
      filters={
        <div className={styles.segmented} role="group" aria-label={t('lots.which')}>
          {(['live', 'all'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={s === state} onClick={() => onState(s)}>
              {t(`lots.states.${s}`)}
            </button>
          ))}
        </div>
      }
    />
  );
}

type LedgerName = 'gem-ledger' | 'coin-ledger';

/** What the gem and the coin ledger differ in: the reasons' words, the amount's heading, and coins in tenths. */
const LEDGERS: {
  [N in LedgerName]: {
    reasons: 'gem' | 'coin';
    heading: 'ledger.gems' | 'ledger.coins';
    delta: (row: ListRow<N>) => number;
    after: (row: ListRow<N>) => number;
    format: (n: number, lang: string) => string;
  };
} = {
  'gem-ledger': {
    reasons: 'gem',
    heading: 'ledger.gems',
    delta: (row) => row.delta,
    after: (row) => row.balance_after,
    format: formatNumber,
  },
  'coin-ledger': {
    reasons: 'coin',
    heading: 'ledger.coins',
    delta: (row) => row.delta_tenths,
    after: (row) => row.balance_after_tenths,
    format: formatCoins,
  },
};

function LedgerPanel<N extends LedgerName>({ name, ...panel }: PanelProps & { name: N }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const ledger = LEDGERS[name];
  const columns = useMemo<Columns<ListRow<N>>>(
    () => [
      timeColumn('when', t('ledger.when'), (entry) => entry.created_at),
      {
        id: 'reason',
        header: () => t('ledger.reason'),
        // a ledger reason in words ('admin' → 'Granted by staff'); an unknown one as the server names it
        cell: ({ row }) =>
          t(`reasons.${ledger.reasons}.${row.original.reason}`, { defaultValue: row.original.reason }),
      },
      figureColumn('delta', t(ledger.heading), (entry) => {
        const delta = ledger.delta(entry);
        return <Signed value={delta}>{ledger.format(delta, lang)}</Signed>;
      }),
      figureColumn('after', t('ledger.balanceAfter'), (entry) => ledger.format(ledger.after(entry), lang)),
      {
        id: 'reference',
        header: () => t('ledger.reference'),
        cell: ({ row }) =>
          row.original.reference ? <code className={styles.ref}>{row.original.reference}</code> : '—',
      },
    ],
    [t, lang, ledger],
  );
  return <ListSection {...panel} name={name} columns={columns} empty={t('ledger.empty')} />;
}

export function GemLedgerPanel(props: PanelProps) {
  return <LedgerPanel {...props} name="gem-ledger" />;
}

export function CoinLedgerPanel(props: PanelProps) {
  return <LedgerPanel {...props} name="coin-ledger" />;
}

/** Item counts by state ('2 to choose · 1 to ship …'), the empty ones left out. */
function ItemCounts({ items }: { items: Record<(typeof wonItemStatuses)[number], number> }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const parts = wonItemStatuses
    .filter((s) => items[s] > 0)
    .map((s) => t(`items.countOf.${s}`, { n: formatNumber(items[s], lang) }));
  return <>{parts.length ? parts.join(' · ') : '—'}</>;
}

export function PurchasesPanel(panel: PanelProps) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const columns = useMemo<Columns<ListRow<'purchases'>>>(
    () => [
      figureColumn('id', t('purchases.id'), (p) => `#${p.id}`),
      timeColumn('when', t('purchases.when'), (p) => p.created_at),
      {
        id: 'pack',
        header: () => t('purchases.pack'),
        cell: ({ row }) => (
          <Link to={`/packs/${row.original.pack_id}`}>
            {lang === 'ja' ? row.original.pack_name_ja : row.original.pack_name_en}
          </Link>
        ),
        meta: { className: 'name-cell' },
      },
      figureColumn('count', t('purchases.count'), (p) => formatNumber(p.count, lang)),
      {
        id: 'positions',
        header: () => t('purchases.positions'),
        cell: ({ row }) =>
          row.original.first_position === row.original.last_position
            ? `#${row.original.first_position + 1}`
            : `#${row.original.first_position + 1}–#${row.original.last_position + 1}`,
        meta: { className: 'nowrap' },
      },
      figureColumn('paid', t('purchases.paid'), (p) => (
        <>
          {formatNumber(p.price_paid, lang)} {t(`purchases.currency.${p.currency}`)}
          {p.discount_percent > 0 ? (
            <span className={styles.subLine}>
              {t('purchases.discount', {
                base: formatNumber(p.base_price, lang),
                percent: p.discount_percent,
              })}
            </span>
          ) : null}
        </>
      )),
      figureColumn('coins', t('purchases.coinsEarned'), (p) => formatCoins(p.coin_earned_tenths, lang)),
      {
        id: 'items',
        header: () => t('purchases.items'),
        cell: ({ row }) => <ItemCounts items={row.original.items} />,
        meta: { className: 'small-cell' },
      },
    ],
    [t, lang],
  );
  return <ListSection {...panel} name="purchases" columns={columns} empty={t('purchases.empty')} />;
}

export function ItemsPanel({
  status,
  counts,
  onStatus,
  ...panel
}: PanelProps & {
  status: string | null;
  counts: Record<(typeof wonItemStatuses)[number], number>;
  onStatus: (status: string | null) => void;
}) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const current = wonItemStatuses.find((s) => s === status) ?? null;
  const columns = useMemo<Columns<ListRow<'items'>>>(
    () => [
      {
        id: 'id',
        header: () => t('items.id'),
        cell: ({ row }) => (
          <>
            #{row.original.id}
            <span className={styles.subLine}>{formatJst(row.original.created_at, { zone: false })}</span>
          </>
        ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'card',
        header: () => t('items.card'),
        cell: ({ row }) => (
          <>
            {lang === 'ja' ? row.original.card_name_ja : row.original.card_name_en}
            <span className={styles.subLine}>
              {t('items.rarity', { rarity: row.original.rarity })}
              {row.original.action_type === '2' ? ` · ${t('items.shipOnly')}` : ''}
            </span>
          </>
        ),
        meta: { className: 'name-cell' },
      },
      {
        id: 'position',
        header: () => t('items.position'),
        cell: ({ row }) => (
          <>
            {row.original.is_last_one || row.original.position === null ? (
              <span className="status status-before">{t('items.lastOne')}</span>
            ) : (
              `#${row.original.position + 1}`
            )}
            <span className={styles.subLine}>
              {t('items.purchase', { id: row.original.purchase_id })}{' '}
              <Link to={`/packs/${row.original.pack_id}`}>
                {t('items.pack', { id: row.original.pack_id })}
              </Link>
            </span>
          </>
        ),
        meta: { className: 'nowrap' },
      },
      figureColumn('value', t('items.value'), (it) => formatNumber(it.buy_point, lang)),
      {
        id: 'status',
        header: () => t('items.status'),
        cell: ({ row }) => {
          const it = row.original;
          return (
            <>
              <span className={`status ${styles[`item_${it.status}`] ?? ''}`}>
                {t(`items.statuses.${it.status}`)}
              </span>
              {it.decided_at ? (
                <span className={styles.subLine}>
                  {t(`items.decidedBy.${it.decided_by ?? 'member'}`, {
                    when: formatJst(it.decided_at),
                  })}
                </span>
              ) : null}
            </>
          );
        },
      },
      {
        id: 'shipment',
        header: () => t('items.shipment'),
        cell: ({ row }) => {
          const it = row.original;
          if (it.shipment_id === null) return '—';
          return (
            <>
              #{it.shipment_id}{' '}
              {it.shipment_status ? (
                <span className={`status status-${it.shipment_status}`}>
                  {t(`items.shipmentStatus.${it.shipment_status}`)}
                </span>
              ) : null}
              {it.delivery_code ? <span className={styles.subLine}>{it.delivery_code}</span> : null}
            </>
          );
        },
      },
    ],
    [t, lang],
  );
  const all = wonItemStatuses.reduce((n, s) => n + counts[s], 0);
  return (
    <ListSection
      {...panel}
      name="items"
      filter={{ status: current ?? undefined }}
      columns={columns}
      empty={t('items.empty')}
      filters={
        <div className={styles.segmented} role="group" aria-label={t('items.which')}>
          <button type="button" aria-pressed={current === null} onClick={() => onStatus(null)}>
            {t('items.all', { n: formatNumber(all, lang) })}
          </button>
          {wonItemStatuses.map((s) => (
            <button key={s} type="button" aria-pressed={current === s} onClick={() => onStatus(s)}>
              {t(`items.filter.${s}`, { n: formatNumber(counts[s], lang) })}
            </button>
          ))}
        </div>
      }
    />
  );
}

const PAYMENT_STATUS_CLASS: Record<string, string> = {
  pending: 'status-open',
  succeeded: 'status-on_sale',
  failed: 'status-ended',
  canceled: 'status-draft',
  expired: 'status-draft',
};

export function PaymentsPanel({ pii, ...panel }: PanelProps & { pii: boolean }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  // a payment opens to its page where the console has the payments section and the role reads it
  const can = useCan();
  const paymentsItem = NAV.find((n) => n.path === '/payments');
  const linked = !!paymentsItem && can(paymentsItem.permission);
  const columns = useMemo<Columns<ListRow<'payments'>>>(
    () => [
      {
        id: 'id',
        header: () => t('payments.id'),
        cell: ({ row }) => (
          <>
            {linked ? (
              <Link to={`/payments/${row.original.id}`}>#{row.original.id}</Link>
            ) : (
              `#${row.original.id}`
            )}
            <span className={`${styles.subLine} ${styles.ref}`}>{row.original.public_id}</span>
          </>
        ),
      },
      timeColumn('when', t('payments.when'), (p) => p.created_at),
      {
        id: 'method',
        header: () => t('payments.method'),
        cell: ({ row }) => (
          <>
            {t(`methods.${row.original.method}`, { defaultValue: row.original.method })}
            <span className={styles.subLine}>{row.original.provider}</span>
          </>
        ),
      },
      figureColumn('yen', t('payments.yen'), (p) => formatYen(p.amount_yen, lang)),
      figureColumn('gems', t('payments.gems'), (p) => formatNumber(p.gems, lang)),
      {
        id: 'status',
        header: () => t('payments.status'),
        cell: ({ row }) => {
          const p = row.original;
          return (
            <>
              <span className={`status ${PAYMENT_STATUS_CLASS[p.status] ?? ''}`}>
                {t(`payments.statuses.${p.status}`)}
              </span>
              <span className={styles.subLine}>
                {p.credited ? t('payments.credited') : t('payments.notCredited')}
              </span>
              {p.failure_code ? <code className={styles.ref}>{p.failure_code}</code> : null}
            </>
          );
        },
      },
      {
        id: 'settled',
        header: () => t('payments.settled'),
        cell: ({ row }) =>
          row.original.settled_at ? (
            formatJst(row.original.settled_at, { zone: false })
          ) : (
            <span className="muted">
              {t('payments.expires', { when: formatJst(row.original.expires_at, { zone: false }) })}
            </span>
          ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'ref',
        header: () => t('payments.ref'),
        cell: ({ row }) => (
          <>
            {row.original.provider_ref ? (
              <code className={styles.ref}>{row.original.provider_ref}</code>
            ) : (
              '—'
            )}
            {row.original.method === 'bank' ? (
              <span className={styles.subLine}>
                {t('payments.holder', {
                  name: row.original.holder_name ?? (pii ? '—' : t('payments.hidden')),
                })}
              </span>
            ) : null}
          </>
        ),
      },
    ],
    [t, lang, pii, linked],
  );
  return <ListSection {...panel} name="payments" columns={columns} empty={t('payments.empty')} />;
}
