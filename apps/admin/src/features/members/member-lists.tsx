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
import styles from './members.module.css';

/**
 * The member page's paged tabs (GET /api/admin/members/{id}/gem-lots, gem-ledger, coin-ledger, purchases,
 * items, payments): a page at a time as the API pages them, the page (and a filter) in the address.
 */

type PanelProps = { id: number; page: number; onPage: (page: number) => void };

/** A ledger reason in words ('admin' → 'Granted by staff'); an unknown one as the server names it. */
function useReason(kind: 'gem' | 'coin') {
  const { t } = useTranslation('members');
  return (reason: string) => t(`reasons.${kind}.${reason}`, { defaultValue: reason });
}

function Signed({ value, children }: { value: number; children: string }) {
  return (
    <span className={value < 0 ? styles.minus : styles.plus}>{value > 0 ? `+${children}` : children}</span>
  );
}

function ListSection<N extends ListName>({
  name,
  title,
  columns,
  data,
  isPending,
  error,
  page,
  onPage,
  empty,
  filters,
}: {
  name: N;
  title: string;
  columns: Columns<ListRow<N>>;
  data: ReturnType<typeof useMemberList<N>>['data'];
  isPending: boolean;
  error: Error | null;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  filters?: ReactNode;
}) {
  const { t } = useTranslation(['members', 'console']);
  const lang = useLang();
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
        <PagedTable
          columns={columns}
          data={data}
          page={page}
          onPage={onPage}
          caption={title}
          empty={empty}
          pagerLabel={t('lists.pages', { what: title })}
        />
      )}
    </section>
  );
}

export function GemLotsPanel({
  id,
  page,
  onPage,
  state,
  onState,
}: PanelProps & { state: 'live' | 'all'; onState: (s: 'live' | 'all') => void }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const list = useMemberList(id, 'gem-lots', { state, page });
  const columns = useMemo<Columns<ListRow<'gem-lots'>>>(
    () => [
      {
        id: 'id',
        header: () => t('lots.id'),
        cell: ({ row }) => `#${row.original.id}`,
        meta: { className: 'num' },
      },
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
      {
        id: 'amount',
        header: () => t('lots.amount'),
        cell: ({ row }) => formatNumber(row.original.amount, lang),
        meta: { className: 'num' },
      },
      {
        id: 'remaining',
        header: () => t('lots.remaining'),
        cell: ({ row }) => formatNumber(row.original.remaining, lang),
        meta: { className: 'num' },
      },
      {
        id: 'awarded',
        header: () => t('lots.awarded'),
        cell: ({ row }) => formatJst(row.original.awarded_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
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
      name="gem-lots"
      title={t('tabs.gem-lots')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
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

export function GemLedgerPanel({ id, page, onPage }: PanelProps) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const reason = useReason('gem');
  const list = useMemberList(id, 'gem-ledger', { page });
  const columns = useMemo<Columns<ListRow<'gem-ledger'>>>(
    () => [
      {
        id: 'when',
        header: () => t('ledger.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'reason',
        header: () => t('ledger.reason'),
        cell: ({ row }) => reason(row.original.reason),
      },
      {
        id: 'delta',
        header: () => t('ledger.gems'),
        cell: ({ row }) => (
          <Signed value={row.original.delta}>{formatNumber(row.original.delta, lang)}</Signed>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'after',
        header: () => t('ledger.balanceAfter'),
        cell: ({ row }) => formatNumber(row.original.balance_after, lang),
        meta: { className: 'num' },
      },
      {
        id: 'reference',
        header: () => t('ledger.reference'),
        cell: ({ row }) =>
          row.original.reference ? <code className={styles.ref}>{row.original.reference}</code> : '—',
      },
    ],
    [t, lang, reason],
  );
  return (
    <ListSection
      name="gem-ledger"
      title={t('tabs.gem-ledger')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('ledger.empty')}
    />
  );
}

export function CoinLedgerPanel({ id, page, onPage }: PanelProps) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const reason = useReason('coin');
  const list = useMemberList(id, 'coin-ledger', { page });
  const columns = useMemo<Columns<ListRow<'coin-ledger'>>>(
    () => [
      {
        id: 'when',
        header: () => t('ledger.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'reason',
        header: () => t('ledger.reason'),
        cell: ({ row }) => reason(row.original.reason),
      },
      {
        id: 'delta',
        header: () => t('ledger.coins'),
        cell: ({ row }) => (
          <Signed value={row.original.delta_tenths}>{formatCoins(row.original.delta_tenths, lang)}</Signed>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'after',
        header: () => t('ledger.balanceAfter'),
        cell: ({ row }) => formatCoins(row.original.balance_after_tenths, lang),
        meta: { className: 'num' },
      },
      {
        id: 'reference',
        header: () => t('ledger.reference'),
        cell: ({ row }) =>
          row.original.reference ? <code className={styles.ref}>{row.original.reference}</code> : '—',
      },
    ],
    [t, lang, reason],
  );
  return (
    <ListSection
      name="coin-ledger"
      title={t('tabs.coin-ledger')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('ledger.empty')}
    />
  );
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

export function PurchasesPanel({ id, page, onPage }: PanelProps) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const list = useMemberList(id, 'purchases', { page });
  const columns = useMemo<Columns<ListRow<'purchases'>>>(
    () => [
      {
        id: 'id',
        header: () => t('purchases.id'),
        cell: ({ row }) => `#${row.original.id}`,
        meta: { className: 'num' },
      },
      {
        id: 'when',
        header: () => t('purchases.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
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
      {
        id: 'count',
        header: () => t('purchases.count'),
        cell: ({ row }) => formatNumber(row.original.count, lang),
        meta: { className: 'num' },
      },
      {
        id: 'positions',
        header: () => t('purchases.positions'),
        cell: ({ row }) =>
          row.original.first_position === row.original.last_position
            ? `#${row.original.first_position + 1}`
            : `#${row.original.first_position + 1}–#${row.original.last_position + 1}`,
        meta: { className: 'nowrap' },
      },
      {
        id: 'paid',
        header: () => t('purchases.paid'),
        cell: ({ row }) => {
          const p = row.original;
          const unit = t(`purchases.currency.${p.currency}`);
          return (
            <>
              {formatNumber(p.price_paid, lang)} {unit}
              {p.discount_percent > 0 ? (
                <span className={styles.subLine}>
                  {t('purchases.discount', {
                    base: formatNumber(p.base_price, lang),
                    percent: p.discount_percent,
                  })}
                </span>
              ) : null}
            </>
          );
        },
        meta: { className: 'num' },
      },
      {
        id: 'coins',
        header: () => t('purchases.coinsEarned'),
        cell: ({ row }) => formatCoins(row.original.coin_earned_tenths, lang),
        meta: { className: 'num' },
      },
      {
        id: 'items',
        header: () => t('purchases.items'),
        cell: ({ row }) => <ItemCounts items={row.original.items} />,
        meta: { className: 'small-cell' },
      },
    ],
    [t, lang],
  );
  return (
    <ListSection
      name="purchases"
      title={t('tabs.purchases')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('purchases.empty')}
    />
  );
}

export function ItemsPanel({
  id,
  page,
  onPage,
  status,
  counts,
  onStatus,
}: PanelProps & {
  status: string | null;
  counts: Record<(typeof wonItemStatuses)[number], number>;
  onStatus: (status: string | null) => void;
}) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const current = wonItemStatuses.find((s) => s === status) ?? null;
  const list = useMemberList(id, 'items', { status: current ?? undefined, page });
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
      {
        id: 'value',
        header: () => t('items.value'),
        cell: ({ row }) => formatNumber(row.original.buy_point, lang),
        meta: { className: 'num' },
      },
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
      name="items"
      title={t('tabs.items')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
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

export function PaymentsPanel({ id, page, onPage, pii }: PanelProps & { pii: boolean }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  // a payment opens to its page where the console has the payments section and the role reads it
  const can = useCan();
  const paymentsItem = NAV.find((n) => n.path === '/payments');
  const linked = !!paymentsItem && can(paymentsItem.permission);
  const list = useMemberList(id, 'payments', { page });
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
      {
        id: 'when',
        header: () => t('payments.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
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
      {
        id: 'yen',
        header: () => t('payments.yen'),
        cell: ({ row }) => formatYen(row.original.amount_yen, lang),
        meta: { className: 'num' },
      },
      {
        id: 'gems',
        header: () => t('payments.gems'),
        cell: ({ row }) => formatNumber(row.original.gems, lang),
        meta: { className: 'num' },
      },
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
  return (
    <ListSection
      name="payments"
      title={t('tabs.payments')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('payments.empty')}
    />
  );
}
