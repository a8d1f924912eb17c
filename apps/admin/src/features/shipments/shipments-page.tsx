import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { adminShipmentListSchema, type AdminShipment } from '@gacha/contract/draws';
import { SHIPPING_DUE_DAYS } from '@gacha/contract/admin-shipping';
import type { Columns } from '../../components/data-table.tsx';
import { api, query, unwrap } from '../../lib/api.ts';
import { formatJst } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { ShipButton } from './ship-dialog.tsx';
import { carrierName, categoryName, SHIPMENTS_KEY, yen } from './shipment-query.ts';
import { TrackingImportButton } from './tracking-import.tsx';
import cols from '../../components/columns.module.css';
import styles from './shipments.module.css';

const STATUSES = ['open', 'shipped', 'all'] as const;
type Status = (typeof STATUSES)[number];

/** The age filters: waited days (min, max) as the API takes them. */
const AGES = {
  any: {},
  fresh: { max: 6 },
  week: { min: 7, max: 9 },
  soon: { min: 10, max: SHIPPING_DUE_DAYS - 1 },
  overdue: { min: SHIPPING_DUE_DAYS },
} as const satisfies Record<string, { min?: number; max?: number }>;
type Age = keyof typeof AGES;
const isAge = (v: string | null): v is Age => v !== null && v in AGES;

/**
 * /admin/shipments, the fulfilment page: shipment batches (one per member's request) oldest
 * first, as the API pages them (GET /api/admin/shipments?status&min_age_days&max_age_days&user_id&page; the
 * filters in the address). Each batch shows its member and address, its items with spec §9's customs category and
 * declared value, the declared total, and how many days it has waited — past the terms' 14 days it is overdue
 * and marked so. Batches are picked for the printable packing list and customs sheet (/shipments/print); a role
 * with shipping.write marks one shipped with its carrier and tracking code, or many from a CSV of tracking codes.
 */
export function ShipmentsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const canShip = can('shipping.write');
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: Status = STATUSES.includes(rawStatus as Status) ? (rawStatus as Status) : 'open';
  const rawAge = params.get('age');
  const age: Age = isAge(rawAge) ? rawAge : 'any';
  const member = params.get('member') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [done, setDone] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());

  const range: { min?: number; max?: number } = AGES[age];
  const shipments = useQuery({
    queryKey: [...SHIPMENTS_KEY, 'list', status, age, member, page],
    queryFn: async () =>
      unwrap(
        await api.get(
          `admin/shipments${query({
            status,
            min_age_days: range.min,
            max_age_days: range.max,
            user_id: /^\d+$/.test(member) ? member : undefined,
            page,
          })}`,
          adminShipmentListSchema,
        ),
      ),
    placeholderData: keepPreviousData,
  });

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setDone(null);
    setParams(next);
  };

  const list = shipments.data?.list;
  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allPicked = !!list?.length && list.every((s) => picked.has(s.id));

  const columns = useMemo<Columns<AdminShipment>>(
    () => [
      {
        id: 'pick',
        header: () => (
          <input
            type="checkbox"
            aria-label={t('fulfil.pickAll')}
            checked={allPicked}
            onChange={() => setPicked(allPicked ? new Set() : new Set(list?.map((s) => s.id)))}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t('fulfil.pick', { id: row.original.id })}
            checked={picked.has(row.original.id)}
            onChange={() => toggle(row.original.id)}
          />
        ),
      },
      {
        id: 'batch',
        header: () => t('fulfil.batch'),
        cell: ({ row }) => (
          <span className={styles.batchId}>
            #{row.original.id}
            <span className={styles.sub}>{formatJst(row.original.created_at, { zone: false })}</span>
          </span>
        ),
      },
      {
        id: 'member',
        header: () => t('fulfil.member'),
        cell: ({ row }) => <Recipient shipment={row.original} />,
      },
      {
        id: 'items',
        header: () => t('fulfil.items'),
        cell: ({ row }) => (
          <ul className={styles.items}>
            {row.original.items.map((item, i) => (
              <li key={`${item.history_id ?? 'x'}-${item.exchange_id ?? 'x'}-${i}`}>
                <span>
                  {item.name} {item.model_number ? <span className="muted">{item.model_number}</span> : null}
                  <span className={styles.sub}>{categoryName(item.customs_category, lang)}</span>
                </span>
                <span className={styles.declared}>{yen(item.declared_value_yen, lang)}</span>
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'declared',
        header: () => t('fulfil.declaredTotal'),
        cell: ({ row }) => yen(row.original.declared_total_yen, lang),
        // at tablet width the total goes (each item keeps its value), so the row's buttons stay in view
        meta: { className: `num ${cols.wideOnly}` },
      },
      {
        id: 'age',
        header: () => t('fulfil.age'),
        cell: ({ row }) => <AgeCell shipment={row.original} />,
      },
      {
        id: 'actions',
        header: () => t('fulfil.state'),
        cell: ({ row }) => {
          const s = row.original;
          return (
            <div className={styles.rowActions}>
              {s.status === 'shipped' ? (
                <span>
                  <span className="status status-shipped">{t('fulfil.shipped')}</span>
                  <span className={styles.sub}>{carrierName(s.carrier, lang)}</span>
                  <code className={styles.code}>{s.delivery_code}</code>
                  <span className={styles.sub}>{formatJst(s.shipped_at)}</span>
                  {canShip ? <ShipButton shipment={s} onDone={setDone} correct /> : null}
                </span>
              ) : canShip ? (
                <ShipButton shipment={s} onDone={setDone} />
              ) : (
                <span className="status status-open">{t('fulfil.open')}</span>
              )}
              <Link to={`/shipments/print?ids=${s.id}`} className="button">
                {t('fulfil.print')}
              </Link>
            </div>
          );
        },
      },
    ],
    [t, lang, canShip, picked, allPicked, list],
  );

  const data = shipments.data;
  const pickedIds = [...picked].sort((a, b) => a - b);
  return (
    <>
      <div className="page-head">
        <h1>{t('nav.shipments')}</h1>
        <div className="actions">{canShip ? <TrackingImportButton onDone={setDone} /> : null}</div>
      </div>
      <p className="muted">{t('fulfil.intro', { days: SHIPPING_DUE_DAYS })}</p>
      <div className="filters" role="search" aria-label={t('fulfil.filters')}>
        <label className="filter">
          <span>{t('fulfil.status')}</span>
          <select
            value={status}
            onChange={(e) => set({ status: e.target.value === 'open' ? '' : e.target.value })}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`fulfil.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{t('fulfil.ageFilter')}</span>
          <select value={age} onChange={(e) => set({ age: e.target.value === 'any' ? '' : e.target.value })}>
            {(Object.keys(AGES) as Age[]).map((a) => (
              <option key={a} value={a}>
                {t(`fulfil.ages.${a}`, { days: SHIPPING_DUE_DAYS })}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{t('fulfil.memberId')}</span>
          {/* applied on Enter or on leaving the field (no form: the filters write nothing) */}
          <input
            type="search"
            defaultValue={member}
            key={member}
            inputMode="numeric"
            className={styles.short}
            onKeyDown={(e) => {
              if (e.key === 'Enter') set({ member: e.currentTarget.value.trim() });
            }}
            onBlur={(e) => {
              if (e.currentTarget.value.trim() !== member) set({ member: e.currentTarget.value.trim() });
            }}
          />
        </label>
      </div>
      {done ? (
        <p className="success" role="status">
          {done}
        </p>
      ) : null}
      {shipments.isError ? <p role="alert">{shipments.error.message}</p> : null}
      <div className={styles.toolbar}>
        <span className="muted" aria-live="polite">
          {t('fulfil.count', { count: data?.total ?? 0 })}
          {data ? ` · ${t('fulfil.overdueCount', { count: data.list.filter((s) => s.overdue).length })}` : ''}
        </span>
        {pickedIds.length ? (
          <Link
            className="button button-primary"
            to={`/shipments/print?ids=${pickedIds.slice(0, 50).join(',')}`}
          >
            {t('fulfil.printPicked', { count: Math.min(pickedIds.length, 50) })}
          </Link>
        ) : (
          <span className="muted">{t('fulfil.pickHint')}</span>
        )}
      </div>
      {shipments.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <div className={`${styles.table} ${cols.tablet}`}>
          <PagedTable
            columns={columns}
            data={data ? { ...data, per_page: 500 } : undefined}
            page={page}
            onPage={(p) => set({ page: p > 1 ? String(p) : '' })}
            caption={t('nav.shipments')}
            empty={t('fulfil.empty')}
            pagerLabel={t('fulfil.pages')}
          />
        </div>
      )}
    </>
  );
}

function Recipient({ shipment }: { shipment: AdminShipment }) {
  const { t } = useTranslation();
  const lang = useLang();
  const a = shipment.address;
  const country = (lang === 'ja' ? a.country_ja : a.country_en) ?? a.country_en;
  return (
    <address className={styles.address}>
      <strong>{a.name || '—'}</strong>{' '}
      <Link to={`/members/${shipment.user_id}`} className="muted">
        #{shipment.user_id}
      </Link>
      <br />
      {a.zipcode} {a.state} {a.city}
      <br />
      {a.address} {a.building}
      <br />
      {a.tel}
      {a.country_id !== null ? (
        <span className="muted"> · {country ?? t('fulfil.country', { id: a.country_id })}</span>
      ) : null}
    </address>
  );
}

function AgeCell({ shipment }: { shipment: AdminShipment }) {
  const { t } = useTranslation();
  const s = shipment;
  return (
    <span className={s.overdue ? styles.overdue : undefined} data-overdue={s.overdue || undefined}>
      <strong>{t('fulfil.days', { count: s.age_days })}</strong>
      {s.overdue ? <span className={`status ${styles.overdueBadge}`}>{t('fulfil.overdue')}</span> : null}
      <span className={styles.sub}>{t('fulfil.due', { when: formatJst(s.due_at, { zone: false }) })}</span>
    </span>
  );
}
