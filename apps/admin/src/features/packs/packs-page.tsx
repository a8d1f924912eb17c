import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTable, type ColumnFiltersState, type SortingState } from '@tanstack/react-table';
import { adminPackListSchema } from '@gacha/contract/admin';
import { RouteNotice } from '../../components/delete-draft.tsx';
import { consoleFeatures, DataTable, Pager, type Columns } from '../../components/data-table.tsx';
import { api, unwrap } from '../../lib/api.ts';
import { formatJst } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { PACK_STATES, packState, packsKey, STATE_LABEL, type PackRow } from './pack-state.ts';

/**
 * /admin/packs: every pack (GET /api/admin/packs) with its state (draft, published before its start, on sale,
 * sold out, ended; paused), price and sold count; filtered by state and name, sorted and paged by the table.
 */
export function PacksPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const packs = useQuery({
    queryKey: packsKey,
    queryFn: async () => unwrap(await api.get('admin/packs', adminPackListSchema)).list,
  });

  const columns = useMemo<Columns<PackRow>>(
    () => [
      { id: 'id', header: () => t('packs.id'), accessorFn: (p) => p.id, meta: { className: 'num' } },
      {
        id: 'name',
        header: () => t('packs.name'),
        accessorFn: (p) => `${p.name_en} ${p.name_ja}`,
        sortFn: 'alphanumeric',
        cell: ({ row }) => (
          <Link to={`/packs/${row.original.id}`}>
            {lang === 'ja' ? row.original.name_ja : row.original.name_en}
          </Link>
        ),
      },
      {
        id: 'state',
        header: () => t('packs.state'),
        accessorFn: (p) => packState(p),
        filterFn: 'equals',
        cell: ({ row }) => <PackStateBadge pack={row.original} />,
      },
      {
        id: 'price',
        header: () => t('packs.price'),
        accessorFn: (p) => p.point,
        cell: ({ row }) =>
          `${row.original.point.toLocaleString()} ${row.original.payment_method === 2 ? t('packs.coins') : t('packs.gems')}`,
        meta: { className: 'num' },
      },
      {
        id: 'sold',
        header: () => t('packs.sold'),
        accessorFn: (p) => p.sold_count,
        cell: ({ row }) =>
          `${row.original.sold_count.toLocaleString()} / ${row.original.total_pack_count.toLocaleString()}`,
        meta: { className: 'num' },
      },
      {
        id: 'window',
        header: () => t('packs.window'),
        accessorFn: (p) => p.start_at,
        sortFn: 'alphanumeric',
        cell: ({ row }) => (
          <>
            {formatJst(row.original.start_at, { zone: false })} –<br />
            {row.original.end_at ? formatJst(row.original.end_at, { zone: false }) : '—'}
          </>
        ),
        meta: { className: 'nowrap small-cell' },
      },
    ],
    [t, lang],
  );

  const [sorting, setSorting] = useState<SortingState>([{ id: 'id', desc: true }]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [search, setSearch] = useState('');
  const table = useTable({
    features: consoleFeatures,
    columns,
    data: packs.data ?? [],
    state: { sorting, columnFilters, globalFilter: search },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onGlobalFilterChange: (v) => setSearch(typeof v === 'function' ? v(search) : String(v ?? '')),
    globalFilterFn: 'includesString',
    initialState: { pagination: { pageIndex: 0, pageSize: 25 } },
  });
  const stateFilter = (columnFilters.find((f) => f.id === 'state')?.value as string | undefined) ?? '';

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
      <div className="filters" role="search">
        <label className="filter">
          <span>{t('packs.filterState')}</span>
          <select
            value={stateFilter}
            onChange={(e) => table.getColumn('state')?.setFilterValue(e.target.value || undefined)}
          >
            <option value="">{t('packs.allStates')}</option>
            {PACK_STATES.map((s) => (
              <option key={s} value={s}>
                {t(STATE_LABEL[s])}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{t('packs.search')}</span>
          <input type="search" value={search} onChange={(e) => table.setGlobalFilter(e.target.value)} />
        </label>
      </div>
      {packs.isError ? <p role="alert">{packs.error.message}</p> : null}
      {packs.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          <DataTable table={table} caption={t('packs.title')} empty={t('packs.empty')} />
          <Pager table={table} label={t('packs.pages')} />
        </>
      )}
    </>
  );
}

export function PackStateBadge({ pack }: { pack: Pick<PackRow, 'status' | 'phase' | 'paused'> }) {
  const { t } = useTranslation();
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
