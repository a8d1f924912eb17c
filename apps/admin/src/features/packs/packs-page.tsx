import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminPackSorts, adminPackStates } from '@gacha/contract/admin';
import { packListRoute } from '@gacha/contract/routes/admin-catalogue';
import { RouteNotice } from '../../components/delete-draft.tsx';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { useCardTypes } from '../../lib/card-types.ts';
import { formatJst } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { packState, packsKey, STATE_LABEL, type PackRow } from './pack-state.ts';

/**
 * /admin/packs: the packs a page at a time (GET /api/admin/packs, the query in the address), found by name or #id,
 * filtered by state (draft, before its start, on sale, sold out, ended) and card type, sorted by the server; the
 * matching packs as CSV.
 */
export function PacksPage() {
  const { t } = useTranslation('console');
  const lang = useLang();
  const can = useCan();
  const types = useCardTypes();

  const columns = useMemo<Columns<PackRow>>(
    () => [
      { id: 'id', header: () => t('packs.id'), accessorFn: (p) => p.id, meta: { className: 'num' } },
      {
        id: 'name',
        header: () => t('packs.name'),
        cell: ({ row }) => (
          <Link to={`/packs/${row.original.id}`}>
            {lang === 'ja' ? row.original.name_ja : row.original.name_en}
          </Link>
        ),
      },
      {
        id: 'state',
        header: () => t('packs.state'),
        cell: ({ row }) => <PackStateBadge pack={row.original} />,
      },
      {
        id: 'type',
        header: () => t('cards.type'),
        cell: ({ row }) => types.nameOf(row.original.card_type_id),
      },
      {
        id: 'price',
        header: () => t('packs.price'),
        cell: ({ row }) =>
          `${row.original.point.toLocaleString()} ${row.original.payment_method === 2 ? t('packs.coins') : t('packs.gems')}`,
        meta: { className: 'num' },
      },
      {
        id: 'sold',
        header: () => t('packs.sold'),
        cell: ({ row }) =>
          `${row.original.sold_count.toLocaleString()} / ${row.original.total_pack_count.toLocaleString()}`,
        meta: { className: 'num' },
      },
      {
        id: 'start',
        header: () => t('packs.window'),
        cell: ({ row }) => (
          <>
            {formatJst(row.original.start_at, { zone: false })} –<br />
            {row.original.end_at ? formatJst(row.original.end_at, { zone: false }) : '—'}
          </>
        ),
        meta: { className: 'nowrap small-cell' },
      },
    ],
    [t, lang, types],
  );

  const resource: Resource<PackRow> = {
    route: packListRoute,
    queryKey: packsKey,
    columns,
    sorts: adminPackSorts,
    filters: [
      {
        name: 'state',
        label: t('packs.filterState'),
        all: t('packs.allStates'),
        options: adminPackStates.map((s) => ({ value: s, label: t(STATE_LABEL[s]) })),
      },
      {
        name: 'type',
        label: t('cards.type'),
        all: t('cards.allTypes'),
        options: types.list.map((c) => ({ value: c.id, label: lang === 'ja' ? c.name_ja : c.name_en })),
      },
    ],
    caption: t('packs.title'),
    empty: t('packs.empty'),
    searchLabel: t('packs.searchHint'),
    csv: true,
  };

  return (
    <>
      <div className="page-head">
        <h1>{t('packs.title')}</h1>
        {can('catalogue.write') ? (
          <div className="actions">
            <Link className="button button-primary" to="/packs/new">
              {t('packs.new')}
            </Link>
          </div>
        ) : null}
      </div>
      <RouteNotice />
      <ResourceList resource={resource} />
    </>
  );
}

export function PackStateBadge({ pack }: { pack: Pick<PackRow, 'status' | 'phase' | 'paused'> }) {
  const { t } = useTranslation('console');
  const state = packState(pack);
  return (
    <>
      <span className={`status status-${state}`}>{t(STATE_LABEL[state])}</span>
      {pack.paused ? (
        <>
          {' '}
          <span className="status status-open">{t('packs.paused')}</span>
        </>
      ) : null}
    </>
  );
}
