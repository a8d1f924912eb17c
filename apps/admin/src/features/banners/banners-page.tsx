import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTable } from '@tanstack/react-table';
import type { AdminBannerRow } from '@gacha/contract/admin-shop';
import { consoleFeatures, DataTable, type Columns } from '../../components/data-table.tsx';
import { useLang } from '../../lib/i18n.ts';
import { JstWindow } from '../../components/jst-window.tsx';
import { useCan } from '../../lib/me.ts';
import { bannerStatus, useBanners } from './banner-query.ts';
import cols from '../../components/columns.module.css';
import styles from './banners.module.css';

const KINDS = ['all', 'top', 'alert'] as const;
type KindFilter = (typeof KINDS)[number];

/**
 * /admin/banners: the Top carousel's banners and the notices above the tabs (GET /api/admin/banners), each with
 * whether the shop shows it now, its kind, slot and window in JST. The kind filter lives in the address. A role
 * with catalogue.write adds and edits them (/admin/banners/new, /admin/banners/{id}); others can open them read
 * only.
 */
export function BannersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const canWrite = useCan()('catalogue.write');
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind: KindFilter = KINDS.includes(kindParam as KindFilter) ? (kindParam as KindFilter) : 'all';
  const banners = useBanners();
  // the states are worked out at the time of the answer (a stable value: the columns are not rebuilt each render)
  const now = banners.dataUpdatedAt || 0;

  const columns = useMemo<Columns<AdminBannerRow>>(
    () => [
      {
        id: 'picture',
        header: () => t('shop.banners.picture'),
        cell: ({ row }) =>
          row.original.kind === 'alert' ? (
            <span
              className={`${styles.swatch} ${styles[`tone_${row.original.tone}`] ?? ''}`}
              aria-hidden="true"
            />
          ) : row.original.image_url ? (
            <img className={styles.thumb} src={row.original.image_url} alt="" loading="lazy" />
          ) : (
            <span className={`${styles.thumb} ${styles.noPicture}`}>{t('shop.image.none')}</span>
          ),
      },
      {
        id: 'title',
        header: () => t('shop.banners.titleCol'),
        accessorFn: (r) => (lang === 'ja' ? r.title_ja || r.title_en : r.title_en || r.title_ja),
        cell: ({ row }) => {
          const b = row.original;
          const title = lang === 'ja' ? b.title_ja || b.title_en : b.title_en || b.title_ja;
          const text = lang === 'ja' ? b.text_ja || b.text_en : b.text_en || b.text_ja;
          return (
            <>
              <Link to={`/banners/${b.id}`} className={styles.titleLink}>
                {title || t('shop.banners.untitled', { id: b.id })}
              </Link>
              {text ? <span className={`muted ${styles.snippet}`}>{text}</span> : null}
            </>
          );
        },
        meta: { className: styles.titleCell },
      },
      {
        id: 'status',
        header: () => t('shop.banners.status'),
        accessorFn: (r) => bannerStatus(r, now),
        cell: ({ row }) => {
          const s = bannerStatus(row.original, now);
          return (
            <span
              className={`status ${s === 'live' ? 'status-on_sale' : s === 'upcoming' ? 'status-before' : s === 'replaced' ? 'status-open' : 'status-ended'}`}
            >
              {t(`shop.banners.statuses.${s}`)}
            </span>
          );
        },
      },
      {
        id: 'kind',
        header: () => t('shop.banners.kind'),
        accessorFn: (r) => r.kind,
        cell: ({ row }) => t(`shop.banners.kinds.${row.original.kind}`),
        meta: { className: 'nowrap' },
      },
      {
        id: 'slot',
        header: () => t('shop.banners.slot'),
        accessorFn: (r) => (r.kind === 'top' ? r.slot : -1),
        cell: ({ row }) => (row.original.kind === 'top' ? row.original.slot : '—'),
        meta: { className: 'num' },
      },
      {
        id: 'sort',
        header: () => t('shop.common.sort'),
        accessorFn: (r) => r.sort,
        meta: { className: `num ${cols.wideOnly}` },
      },
      {
        id: 'window',
        header: () => t('shop.common.windowJst'),
        enableSorting: false,
        meta: { className: styles.windowCell },
        cell: ({ row }) => <JstWindow start={row.original.starts_at} end={row.original.ends_at} />,
      },
    ],
    [t, lang, now],
  );

  const data = useMemo(
    () => (banners.data ?? []).filter((b) => kind === 'all' || b.kind === kind),
    [banners.data, kind],
  );
  const table = useTable({
    features: consoleFeatures,
    columns,
    data,
    initialState: { pagination: { pageIndex: 0, pageSize: 500 } },
  });

  return (
    <>
      <div className="page-head">
        <h1>{t('shop.banners.title')}</h1>
        <div className="actions">
          {canWrite ? (
            <>
              <Link className="button button-primary" to="/banners/new?kind=top">
                {t('shop.banners.newTop')}
              </Link>
              <Link className="button" to="/banners/new?kind=alert">
                {t('shop.banners.newAlert')}
              </Link>
            </>
          ) : null}
        </div>
      </div>
      <p className="muted">{t('shop.banners.intro')}</p>
      {!canWrite ? <p className="note note-warn">{t('common.readOnly')}</p> : null}
      <div role="status">{notice ? <p className="success">{notice}</p> : null}</div>
      <div className="filters" role="search">
        <label className="filter">
          <span>{t('shop.banners.kind')}</span>
          <select
            value={kind}
            onChange={(e) =>
              setParams(e.target.value === 'all' ? {} : { kind: e.target.value }, { replace: true })
            }
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`shop.banners.kindFilter.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {banners.isError ? <p role="alert">{banners.error.message}</p> : null}
      {banners.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <div className={cols.tablet}>
          <DataTable table={table} caption={t('shop.banners.title')} empty={t('shop.banners.empty')} />
        </div>
      )}
    </>
  );
}
