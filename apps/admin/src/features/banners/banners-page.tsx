import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  adminBannerSorts,
  adminBannerStatuses,
  bannerKinds,
  type AdminBannerRow,
} from '@gacha/contract/admin-shop';
import { bannerListRoute } from '@gacha/contract/routes/admin-shop';
import type { Columns } from '../../components/data-table.tsx';
import { JstWindow } from '../../components/jst-window.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { BANNERS_KEY, bannerStatus } from './banner-query.ts';
import cols from '../../components/columns.module.css';
import styles from './banners.module.css';

/**
 * /admin/banners: the Top carousel's banners and the notices above the tabs (GET /api/admin/banners, the query in
 * the address), each with whether the shop shows it now, its kind, slot and window in JST; found by its words,
 * link or #id, filtered by kind and status, sorted by the server. A role with catalogue.write adds and edits them
 * (/admin/banners/new, /admin/banners/{id}); others can open them read only.
 */
export function BannersPage() {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const canWrite = useCan()('catalogue.write');
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;

  const columns = useMemo<Columns<AdminBannerRow>>(
    () => [
      {
        id: 'picture',
        header: () => t('banners.picture'),
        cell: ({ row }) =>
          row.original.kind === 'alert' ? (
            <span
              className={`${styles.swatch} ${styles[`tone_${row.original.tone}`] ?? ''}`}
              aria-hidden="true"
            />
          ) : row.original.image_url ? (
            <img className={styles.thumb} src={row.original.image_url} alt="" loading="lazy" />
          ) : (
            <span className={`${styles.thumb} ${styles.noPicture}`}>{t('image.none')}</span>
          ),
      },
      {
        id: 'title',
        header: () => t('banners.titleCol'),
        cell: ({ row }) => {
          const b = row.original;
          const title = lang === 'ja' ? b.title_ja || b.title_en : b.title_en || b.title_ja;
          const text = lang === 'ja' ? b.text_ja || b.text_en : b.text_en || b.text_ja;
          return (
            <>
              <Link to={`/banners/${b.id}`} className={styles.titleLink}>
                {title || t('banners.untitled', { id: b.id })}
              </Link>
              {text ? <span className={`muted ${styles.snippet}`}>{text}</span> : null}
            </>
          );
        },
        meta: { className: styles.titleCell },
      },
      {
        id: 'status',
        header: () => t('banners.status'),
        cell: ({ row }) => {
          const s = bannerStatus(row.original);
          return (
            <span
              className={`status ${s === 'live' ? 'status-on_sale' : s === 'upcoming' ? 'status-before' : s === 'replaced' ? 'status-open' : 'status-ended'}`}
            >
              {t(`banners.statuses.${s}`)}
            </span>
          );
        },
      },
      {
        id: 'kind',
        header: () => t('banners.kind'),
        cell: ({ row }) => t(`banners.kinds.${row.original.kind}`),
        meta: { className: 'nowrap' },
      },
      {
        id: 'slot',
        header: () => t('banners.slot'),
        cell: ({ row }) => (row.original.kind === 'top' ? row.original.slot : '—'),
        meta: { className: 'num' },
      },
      {
        id: 'sort',
        header: () => t('common.sort'),
        cell: ({ row }) => row.original.sort,
        meta: { className: `num ${cols.wideOnly}` },
      },
      {
        id: 'starts',
        header: () => t('common.windowJst'),
        meta: { className: styles.windowCell },
        cell: ({ row }) => <JstWindow start={row.original.starts_at} end={row.original.ends_at} />,
      },
    ],
    [t, lang],
  );

  const resource: Resource<AdminBannerRow> = {
    route: bannerListRoute,
    queryKey: BANNERS_KEY,
    columns,
    sorts: adminBannerSorts,
    filters: [
      {
        name: 'kind',
        label: t('banners.kind'),
        all: t('banners.kindFilter.all'),
        options: bannerKinds.map((k) => ({ value: k, label: t(`banners.kindFilter.${k}`) })),
      },
      {
        name: 'status',
        label: t('banners.status'),
        all: t('banners.allStatuses'),
        options: adminBannerStatuses.map((s) => ({ value: s, label: t(`banners.statuses.${s}`) })),
      },
    ],
    caption: t('banners.title'),
    empty: t('banners.empty'),
    searchLabel: t('banners.searchHint'),
  };

  return (
    <>
      <div className="page-head">
        <h1>{t('banners.title')}</h1>
        <div className="actions">
          {canWrite
            ? bannerKinds.map((kind) => (
                <Link
                  key={kind}
                  className={kind === 'top' ? 'button button-primary' : 'button'}
                  to={`/banners/new?kind=${kind}`}
                >
                  {t(`banners.new.${kind}`)}
                </Link>
              ))
            : null}
        </div>
      </div>
      <p className="muted">{t('banners.intro')}</p>
      {!canWrite ? <p className="note note-warn">{t('console:common.readOnly')}</p> : null}
      <div role="status">{notice ? <p className="success">{notice}</p> : null}</div>
      <div className={cols.tablet}>
        <ResourceList resource={resource} />
      </div>
    </>
  );
}
