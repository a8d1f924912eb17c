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
  const { t, i18n } = useTranslation();
  return (reason: string) => {
    const key = `members.reasons.${kind}.${reason}`;
    return i18n.exists(key) ? t(key) : reason;
  };
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
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = `member-${name}`;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.listHead}>
        <h2 id={headingId}>{title}</h2>
        {filters}
        {data ? (
          <span className="muted">
            {t('members.lists.total', { count: data.total, n: formatNumber(data.total, lang) })}
          </span>
        ) : null}
      </div>
      {error ? <p role="alert">{error.message}</p> : null}
      {isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <PagedTable
          columns={columns}
          data={data}
          page={page}
          onPage={onPage}
          caption={title}
          empty={empty}
          pagerLabel={t('members.lists.pages', { what: title })}
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
  const { t } = useTranslation();
  const lang = useLang();
  const list = useMemberList(id, 'gem-lots', { state, page });
  const columns = useMemo<Columns<ListRow<'gem-lots'>>>(
    () => [
      {
        id: 'id',
        header: () => t('members.lots.id'),
        cell: ({ row }) => `#${row.original.id}`,
        meta: { className: 'num' },
      },
      {
        id: 'kind',
        header: () => t('members.lots.kind'),
        cell: ({ row }) => t(`members.lots.kinds.${row.original.kind}`),
      },
      {
        id: 'source',
        header: () => t('members.lots.source'),
        cell: ({ row }) => {
          const key = `members.lots.sources.${row.original.source}`;
          return t(key, { defaultValue: row.original.source });
        },
      },
      {
        id: 'amount',
        header: () => t('members.lots.amount'),
        cell: ({ row }) => formatNumber(row.original.amount, lang),
        meta: { className: 'num' },
      },
      {
        id: 'remaining',
        header: () => t('members.lots.remaining'),
        cell: ({ row }) => formatNumber(row.original.remaining, lang),
        meta: { className: 'num' },
      },
      {
        id: 'awarded',
        header: () => t('members.lots.awarded'),
        cell: ({ row }) => formatJst(row.original.awarded_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'expires',
        header: () => t('members.lots.expires'),
        cell: ({ row }) => (
          <>
            {formatJst(row.original.expires_at, { zone: false })}
            {row.original.expired ? (
              <>
                {' '}
                <span className="status status-ended">{t('members.lots.expired')}</span>
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
      title={t('members.tabs.gem-lots')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={state === 'live' ? t('members.lots.emptyLive') : t('members.lots.empty')}
      filters={
        <div className={styles.segmented} role="group" aria-label={t('members.lots.which')}>
          {(['live', 'all'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={s === state} onClick={() => onState(s)}>
              {t(`members.lots.states.${s}`)}
            </button>
          ))}
        </div>
      }
    />
  );
}

export function GemLedgerPanel({ id, page, onPage }: PanelProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const reason = useReason('gem');
  const list = useMemberList(id, 'gem-ledger', { page });
  const columns = useMemo<Columns<ListRow<'gem-ledger'>>>(
    () => [
      {
        id: 'when',
        header: () => t('members.ledger.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'reason',
        header: () => t('members.ledger.reason'),
        cell: ({ row }) => reason(row.original.reason),
      },
      {
        id: 'delta',
        header: () => t('members.ledger.gems'),
        cell: ({ row }) => (
          <Signed value={row.original.delta}>{formatNumber(row.original.delta, lang)}</Signed>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'after',
        header: () => t('members.ledger.balanceAfter'),
        cell: ({ row }) => formatNumber(row.original.balance_after, lang),
        meta: { className: 'num' },
      },
      {
        id: 'reference',
        header: () => t('members.ledger.reference'),
        cell: ({ row }) =>
          row.original.reference ? <code className={styles.ref}>{row.original.reference}</code> : '—',
      },
    ],
    [t, lang, reason],
  );
  return (
    <ListSection
      name="gem-ledger"
      title={t('members.tabs.gem-ledger')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('members.ledger.empty')}
    />
  );
}

export function CoinLedgerPanel({ id, page, onPage }: PanelProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const reason = useReason('coin');
  const list = useMemberList(id, 'coin-ledger', { page });
  const columns = useMemo<Columns<ListRow<'coin-ledger'>>>(
    () => [
      {
        id: 'when',
        header: () => t('members.ledger.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'reason',
        header: () => t('members.ledger.reason'),
        cell: ({ row }) => reason(row.original.reason),
      },
      {
        id: 'delta',
        header: () => t('members.ledger.coins'),
        cell: ({ row }) => (
          <Signed value={row.original.delta_tenths}>{formatCoins(row.original.delta_tenths, lang)}</Signed>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'after',
        header: () => t('members.ledger.balanceAfter'),
        cell: ({ row }) => formatCoins(row.original.balance_after_tenths, lang),
        meta: { className: 'num' },
      },
      {
        id: 'reference',
        header: () => t('members.ledger.reference'),
        cell: ({ row }) =>
          row.original.reference ? <code className={styles.ref}>{row.original.reference}</code> : '—',
      },
    ],
    [t, lang, reason],
  );
  return (
    <ListSection
      name="coin-ledger"
      title={t('members.tabs.coin-ledger')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('members.ledger.empty')}
    />
  );
}

/** Item counts by state ('2 to choose · 1 to ship …'), the empty ones left out. */
function ItemCounts({ items }: { items: Record<(typeof wonItemStatuses)[number], number> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const parts = wonItemStatuses
    .filter((s) => items[s] > 0)
    .map((s) => t(`members.items.countOf.${s}`, { n: formatNumber(items[s], lang) }));
  return <>{parts.length ? parts.join(' · ') : '—'}</>;
}

export function PurchasesPanel({ id, page, onPage }: PanelProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useMemberList(id, 'purchases', { page });
  const columns = useMemo<Columns<ListRow<'purchases'>>>(
    () => [
      {
        id: 'id',
        header: () => t('members.purchases.id'),
        cell: ({ row }) => `#${row.original.id}`,
        meta: { className: 'num' },
      },
      {
        id: 'when',
        header: () => t('members.purchases.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'pack',
        header: () => t('members.purchases.pack'),
        cell: ({ row }) => (
          <Link to={`/packs/${row.original.pack_id}`}>
            {lang === 'ja' ? row.original.pack_name_ja : row.original.pack_name_en}
          </Link>
        ),
        meta: { className: 'name-cell' },
      },
      {
        id: 'count',
        header: () => t('members.purchases.count'),
        cell: ({ row }) => formatNumber(row.original.count, lang),
        meta: { className: 'num' },
      },
      {
        id: 'positions',
        header: () => t('members.purchases.positions'),
        cell: ({ row }) =>
          row.original.first_position === row.original.last_position
            ? `#${row.original.first_position + 1}`
            : `#${row.original.first_position + 1}–#${row.original.last_position + 1}`,
        meta: { className: 'nowrap' },
      },
      {
        id: 'paid',
        header: () => t('members.purchases.paid'),
        cell: ({ row }) => {
          const p = row.original;
          const unit = t(`members.purchases.currency.${p.currency}`);
          return (
            <>
              {formatNumber(p.price_paid, lang)} {unit}
              {p.discount_percent > 0 ? (
                <span className={styles.subLine}>
                  {t('members.purchases.discount', {
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
        header: () => t('members.purchases.coinsEarned'),
        cell: ({ row }) => formatCoins(row.original.coin_earned_tenths, lang),
        meta: { className: 'num' },
      },
      {
        id: 'items',
        header: () => t('members.purchases.items'),
        cell: ({ row }) => <ItemCounts items={row.original.items} />,
        meta: { className: 'small-cell' },
      },
    ],
    [t, lang],
  );
  return (
    <ListSection
      name="purchases"
      title={t('members.tabs.purchases')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('members.purchases.empty')}
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
  const { t } = useTranslation();
  const lang = useLang();
  const current = wonItemStatuses.find((s) => s === status) ?? null;
  const list = useMemberList(id, 'items', { status: current ?? undefined, page });
  const columns = useMemo<Columns<ListRow<'items'>>>(
    () => [
      {
        id: 'id',
        header: () => t('members.items.id'),
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
        header: () => t('members.items.card'),
        cell: ({ row }) => (
          <>
            {lang === 'ja' ? row.original.card_name_ja : row.original.card_name_en}
            <span className={styles.subLine}>
              {t('members.items.rarity', { rarity: row.original.rarity })}
              {row.original.action_type === '2' ? ` · ${t('members.items.shipOnly')}` : ''}
            </span>
          </>
        ),
        meta: { className: 'name-cell' },
      },
      {
        id: 'position',
        header: () => t('members.items.position'),
        cell: ({ row }) => (
          <>
            {row.original.is_last_one || row.original.position === null ? (
              <span className="status status-before">{t('members.items.lastOne')}</span>
            ) : (
              `#${row.original.position + 1}`
            )}
            <span className={styles.subLine}>
              {t('members.items.purchase', { id: row.original.purchase_id })}{' '}
              <Link to={`/packs/${row.original.pack_id}`}>
                {t('members.items.pack', { id: row.original.pack_id })}
              </Link>
            </span>
          </>
        ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'value',
        header: () => t('members.items.value'),
        cell: ({ row }) => formatNumber(row.original.buy_point, lang),
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: () => t('members.items.status'),
        cell: ({ row }) => {
          const it = row.original;
          return (
            <>
              <span className={`status ${styles[`item_${it.status}`] ?? ''}`}>
                {t(`members.items.statuses.${it.status}`)}
              </span>
              {it.decided_at ? (
                <span className={styles.subLine}>
                  {t(`members.items.decidedBy.${it.decided_by ?? 'member'}`, {
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
        header: () => t('members.items.shipment'),
        cell: ({ row }) => {
          const it = row.original;
          if (it.shipment_id === null) return '—';
          return (
            <>
              #{it.shipment_id}{' '}
              {it.shipment_status ? (
                <span className={`status status-${it.shipment_status}`}>
                  {t(`members.items.shipmentStatus.${it.shipment_status}`)}
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
      title={t('members.tabs.items')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('members.items.empty')}
      filters={
        <div className={styles.segmented} role="group" aria-label={t('members.items.which')}>
          <button type="button" aria-pressed={current === null} onClick={() => onStatus(null)}>
            {t('members.items.all', { n: formatNumber(all, lang) })}
          </button>
          {wonItemStatuses.map((s) => (
            <button key={s} type="button" aria-pressed={current === s} onClick={() => onStatus(s)}>
              {t(`members.items.filter.${s}`, { n: formatNumber(counts[s], lang) })}
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
  const { t } = useTranslation();
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
        header: () => t('members.payments.id'),
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
        header: () => t('members.payments.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'method',
        header: () => t('members.payments.method'),
        cell: ({ row }) => (
          <>
            {t(`members.methods.${row.original.method}`, { defaultValue: row.original.method })}
            <span className={styles.subLine}>{row.original.provider}</span>
          </>
        ),
      },
      {
        id: 'yen',
        header: () => t('members.payments.yen'),
        cell: ({ row }) => formatYen(row.original.amount_yen, lang),
        meta: { className: 'num' },
      },
      {
        id: 'gems',
        header: () => t('members.payments.gems'),
        cell: ({ row }) => formatNumber(row.original.gems, lang),
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: () => t('members.payments.status'),
        cell: ({ row }) => {
          const p = row.original;
          return (
            <>
              <span className={`status ${PAYMENT_STATUS_CLASS[p.status] ?? ''}`}>
                {t(`members.payments.statuses.${p.status}`)}
              </span>
              <span className={styles.subLine}>
                {p.credited ? t('members.payments.credited') : t('members.payments.notCredited')}
              </span>
              {p.failure_code ? <code className={styles.ref}>{p.failure_code}</code> : null}
            </>
          );
        },
      },
      {
        id: 'settled',
        header: () => t('members.payments.settled'),
        cell: ({ row }) =>
          row.original.settled_at ? (
            formatJst(row.original.settled_at, { zone: false })
          ) : (
            <span className="muted">
              {t('members.payments.expires', { when: formatJst(row.original.expires_at, { zone: false }) })}
            </span>
          ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'ref',
        header: () => t('members.payments.ref'),
        cell: ({ row }) => (
          <>
            {row.original.provider_ref ? (
              <code className={styles.ref}>{row.original.provider_ref}</code>
            ) : (
              '—'
            )}
            {row.original.method === 'bank' ? (
              <span className={styles.subLine}>
                {t('members.payments.holder', {
                  name: row.original.holder_name ?? (pii ? '—' : t('members.payments.hidden')),
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
      title={t('members.tabs.payments')}
      columns={columns}
      data={list.data}
      isPending={list.isPending}
      error={list.error}
      page={page}
      onPage={onPage}
      empty={t('members.payments.empty')}
    />
  );
}
