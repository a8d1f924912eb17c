import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTable } from '@tanstack/react-table';
import { RouteNotice } from '../../components/delete-draft.tsx';
import { consoleFeatures, DataTable, Pager, type Columns } from '../../components/data-table.tsx';
import { Modal } from '../../components/modal.tsx';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { JstWindow } from '../../components/jst-window.tsx';
import { useCan } from '../../lib/me.ts';
import { CouponCreateForm } from './coupon-create-form.tsx';
import { couponStatus, STATUS_CLASS, useCoupons, type Coupon, type CouponStatus } from './coupon-query.ts';
import cols from '../../components/columns.module.css';
import styles from './coupons.module.css';

const STATUSES: readonly ('all' | CouponStatus)[] = [
  'all',
  'active',
  'upcoming',
  'ended',
  'used_up',
  'disabled',
];

/**
 * /admin/coupons: every coupon (GET /api/admin/coupons) with its reward, window in JST, uses against its limit
 * and whether members can use it now; searchable by code and note. A role with catalogue.write creates one
 * (POST /api/admin/coupons); each opens to its page (edit, disable, who used it).
 */
export function CouponsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const canWrite = useCan()('catalogue.write');
  const coupons = useCoupons();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: number; code: string } | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | CouponStatus>('all');
  // the states are worked out at the time of the answer (a stable value: the columns are not rebuilt each render)
  const now = coupons.dataUpdatedAt || 0;

  const columns = useMemo<Columns<Coupon>>(
    () => [
      {
        id: 'code',
        header: () => t('shop.coupons.code'),
        accessorFn: (r) => r.code,
        cell: ({ row }) => (
          <Link to={`/coupons/${row.original.id}`} className={styles.code}>
            {row.original.code}
          </Link>
        ),
      },
      {
        id: 'reward',
        header: () => t('shop.coupons.reward'),
        enableSorting: false,
        cell: ({ row }) => <Reward coupon={row.original} />,
        meta: { className: styles.rewardCell },
      },
      {
        id: 'window',
        header: () => t('shop.common.windowJst'),
        accessorFn: (r) => r.starts_at,
        cell: ({ row }) => <JstWindow start={row.original.starts_at} end={row.original.ends_at} />,
      },
      {
        id: 'uses',
        header: () => t('shop.coupons.uses'),
        accessorFn: (r) => r.used_count,
        cell: ({ row }) =>
          row.original.max_uses === null
            ? t('shop.coupons.usesUnlimited', { used: formatNumber(row.original.used_count, lang) })
            : t('shop.coupons.usesOf', {
                used: formatNumber(row.original.used_count, lang),
                max: formatNumber(row.original.max_uses, lang),
              }),
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: () => t('shop.common.status'),
        accessorFn: (r) => couponStatus(r, now),
        cell: ({ row }) => {
          const s = couponStatus(row.original, now);
          return <span className={`status ${STATUS_CLASS[s]}`}>{t(`shop.coupons.statuses.${s}`)}</span>;
        },
      },
      { id: 'note', header: () => t('shop.common.note'), accessorFn: (r) => r.note, enableSorting: false },
      {
        id: 'created',
        header: () => t('shop.coupons.created'),
        accessorFn: (r) => r.created_at,
        cell: ({ row }) => formatJst(row.original.created_at),
        meta: { className: `nowrap ${cols.wideOnly}` },
      },
    ],
    [t, lang, now],
  );

  const data = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (coupons.data ?? []).filter(
      (c) =>
        (status === 'all' || couponStatus(c, now) === status) &&
        (!q || c.code.toLowerCase().includes(q) || c.note.toLowerCase().includes(q)),
    );
  }, [coupons.data, search, status, now]);
  const table = useTable({
    features: consoleFeatures,
    columns,
    data,
    initialState: { sorting: [{ id: 'created', desc: true }], pagination: { pageIndex: 0, pageSize: 50 } },
  });

  return (
    <>
      <div className="page-head">
        <h1>{t('shop.coupons.title')}</h1>
        <div className="actions">
          <button
            type="button"
            className="button-primary"
            disabled={!canWrite}
            onClick={() => {
              setCreated(null);
              setCreating(true);
            }}
          >
            {t('shop.coupons.new')}
          </button>
        </div>
      </div>
      {!canWrite ? <p className="note note-warn">{t('common.readOnly')}</p> : null}
      <RouteNotice />
      <div role="status">
        {created ? (
          <p className="success">
            {t('shop.coupons.createdOne')} <code className={styles.code}>{created.code}</code>{' '}
            <Link to={`/coupons/${created.id}`}>{t('shop.coupons.open')}</Link>
          </p>
        ) : null}
      </div>
      <div className="filters" role="search">
        <label className="filter">
          <span>{t('shop.coupons.search')}</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              table.setPageIndex(0);
            }}
          />
        </label>
        <label className="filter">
          <span>{t('shop.common.status')}</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as 'all' | CouponStatus);
              table.setPageIndex(0);
            }}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? t('shop.coupons.allStatuses') : t(`shop.coupons.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {coupons.isError ? <p role="alert">{coupons.error.message}</p> : null}
      {coupons.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          <div className={cols.tablet}>
            <DataTable table={table} caption={t('shop.coupons.title')} empty={t('shop.coupons.empty')} />
          </div>
          {table.getPageCount() > 1 ? <Pager table={table} label={t('shop.coupons.pages')} /> : null}
        </>
      )}
      <Modal open={creating} title={t('shop.coupons.new')} onClose={() => setCreating(false)}>
        {(close) =>
          creating ? (
            <CouponCreateForm
              onCancel={close}
              onCreated={(id, code) => {
                setCreated({ id, code });
                close();
              }}
            />
          ) : null
        }
      </Modal>
    </>
  );
}

/** '150 gems' or 'Unlocks course #9'. */
export function Reward({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const lang = useLang();
  return coupon.kind === 'gems' ? (
    <>{t('shop.coupons.gemsReward', { gems: formatNumber(coupon.gems, lang) })}</>
  ) : (
    <>
      {t('shop.coupons.unlockReward', {
        ids: coupon.point_price_ids.map((id) => `#${id}`).join(', '),
        count: coupon.point_price_ids.length,
      })}
    </>
  );
}
