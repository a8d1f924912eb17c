import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCouponSorts, adminCouponStatuses } from '@gacha/contract/admin-shop';
import { couponListRoute } from '@gacha/contract/routes/admin-shop';
import { RouteNotice } from '../../components/delete-draft.tsx';
import type { Columns } from '../../components/data-table.tsx';
import { JstWindow } from '../../components/jst-window.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { CreateButton, EditorModal, SavedNotice, useRowEditor } from '../../components/row-editor.tsx';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { CouponCreateForm } from './coupon-create-form.tsx';
import { COUPONS_KEY, couponStatus, STATUS_CLASS, type Coupon } from './coupon-query.ts';
import cols from '../../components/columns.module.css';
import styles from './coupons.module.css';

/**
 * /admin/coupons: the coupons a page at a time (GET /api/admin/coupons, the query in the address) with their reward,
 * window in JST, uses against the limit and whether members can use them now; found by code, note or #id, filtered
 * by status and kind, sorted by the server; the matching coupons as CSV. A role with catalogue.write creates one
 * (POST /api/admin/coupons); each opens to its page (edit, disable, who used it).
 */
export function CouponsPage() {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const canWrite = useCan()('catalogue.write');
  const editor = useRowEditor<'new', { id: number; code: string }>();
  const created = editor.done;

  const columns = useMemo<Columns<Coupon>>(
    () => [
      {
        id: 'code',
        header: () => t('coupons.code'),
        cell: ({ row }) => (
          <Link to={`/coupons/${row.original.id}`} className={styles.code}>
            {row.original.code}
          </Link>
        ),
      },
      {
        id: 'reward',
        header: () => t('coupons.reward'),
        cell: ({ row }) => <Reward coupon={row.original} />,
        meta: { className: styles.rewardCell },
      },
      {
        id: 'starts',
        header: () => t('common.windowJst'),
        cell: ({ row }) => <JstWindow start={row.original.starts_at} end={row.original.ends_at} />,
      },
      {
        id: 'uses',
        header: () => t('coupons.uses'),
        cell: ({ row }) =>
          row.original.max_uses === null
            ? t('coupons.usesUnlimited', { used: formatNumber(row.original.used_count, lang) })
            : t('coupons.usesOf', {
                used: formatNumber(row.original.used_count, lang),
                max: formatNumber(row.original.max_uses, lang),
              }),
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: () => t('common.status'),
        cell: ({ row }) => {
          const s = couponStatus(row.original);
          return <span className={`status ${STATUS_CLASS[s]}`}>{t(`coupons.statuses.${s}`)}</span>;
        },
      },
      { id: 'note', header: () => t('common.note'), cell: ({ row }) => row.original.note },
      {
        id: 'created',
        header: () => t('coupons.created'),
        cell: ({ row }) => formatJst(row.original.created_at),
        meta: { className: `nowrap ${cols.wideOnly}` },
      },
    ],
    [t, lang],
  );

  const resource: Resource<Coupon> = {
    route: couponListRoute,
    queryKey: COUPONS_KEY,
    columns,
    sorts: adminCouponSorts,
    filters: [
      {
        name: 'status',
        label: t('common.status'),
        all: t('coupons.allStatuses'),
        options: adminCouponStatuses.map((s) => ({ value: s, label: t(`coupons.statuses.${s}`) })),
      },
      {
        name: 'kind',
        label: t('coupons.kind'),
        all: t('coupons.allKinds'),
        options: [
          { value: 'gems', label: t('coupons.kinds.gems') },
          { value: 'unlock', label: t('coupons.kinds.unlock') },
        ],
      },
    ],
    caption: t('coupons.title'),
    empty: t('coupons.empty'),
    searchLabel: t('coupons.searchHint'),
    csv: true,
  };

  return (
    <>
      <PageHead title={t('coupons.title')}>
        <CreateButton canWrite={canWrite} onClick={() => editor.create('new')}>
          {t('coupons.new')}
        </CreateButton>
      </PageHead>
      {!canWrite ? <p className="note note-warn">{t('console:common.readOnly')}</p> : null}
      <RouteNotice />
      <SavedNotice>
        {created ? (
          <>
            {t('coupons.createdOne')} <code className={styles.code}>{created.code}</code>{' '}
            <Link to={`/coupons/${created.id}`}>{t('coupons.open')}</Link>
          </>
        ) : null}
      </SavedNotice>
      <div className={cols.tablet}>
        <ResourceList resource={resource} />
      </div>
      <EditorModal editor={editor} title={() => t('coupons.new')}>
        {(_, form) => (
          <CouponCreateForm onCancel={form.onCancel} onCreated={(id, code) => form.onSaved({ id, code })} />
        )}
      </EditorModal>
    </>
  );
}

/** '150 gems' or 'Unlocks course #9'. */
export function Reward({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('shop');
  const lang = useLang();
  return coupon.kind === 'gems' ? (
    <>{t('coupons.gemsReward', { gems: formatNumber(coupon.gems, lang) })}</>
  ) : (
    <>
      {t('coupons.unlockReward', {
        ids: coupon.point_price_ids.map((id) => `#${id}`).join(', '),
        count: coupon.point_price_ids.length,
      })}
    </>
  );
}
