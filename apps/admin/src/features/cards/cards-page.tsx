import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTable, type PaginationState, type Updater } from '@tanstack/react-table';
import { adminCardListSchema } from '@gacha/contract/admin';
import { consoleFeatures, DataTable, Pager, type Columns } from '../../components/data-table.tsx';
import { api, query, unwrap } from '../../lib/api.ts';
import { useCardTypes } from '../../lib/card-types.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { cardsKey, type CardRow } from './card-query.ts';

/**
 * /admin/cards: the cards of one type or all, a page at a time as the API pages them (GET /api/admin/cards?type&page,
 * type and page in the address), with their pictures; New card and Edit for a role with catalogue.write.
 */
export function CardsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const canWrite = can('catalogue.write');
  const types = useCardTypes();
  const [params, setParams] = useSearchParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const type = params.get('type') ?? '';

  const cards = useQuery({
    queryKey: cardsKey(type, page),
    queryFn: async () => unwrap(await api.get(`admin/cards${query({ type, page })}`, adminCardListSchema)),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Columns<CardRow>>(
    () => [
      {
        id: 'image',
        header: () => t('cards.image'),
        cell: ({ row }) =>
          row.original.image_url ? (
            <img
              className="thumb"
              src={row.original.image_url}
              alt=""
              loading="lazy"
              width={48}
              height={64}
            />
          ) : null,
      },
      { id: 'id', header: 'ID', accessorFn: (c) => c.id, meta: { className: 'num' } },
      {
        id: 'name',
        header: () => t('cards.name'),
        cell: ({ row }) => {
          const c = row.original;
          const name = lang === 'ja' ? c.name_ja : c.name_en;
          return canWrite ? (
            <Link to={`/cards/${c.id}`} state={{ card: c }}>
              {name}
            </Link>
          ) : (
            name
          );
        },
      },
      { id: 'model', header: () => t('cards.modelNumber'), accessorFn: (c) => c.model_number },
      {
        id: 'rarity',
        header: () => t('cards.rarity'),
        cell: ({ row }) => `${row.original.rarity} · ${row.original.rarity_label}`,
        meta: { className: 'nowrap' },
      },
      {
        id: 'type',
        header: () => t('cards.type'),
        cell: ({ row }) => types.nameOf(row.original.card_type_id),
      },
      {
        id: 'conversion',
        header: () => t('cards.conversionValue'),
        cell: ({ row }) => row.original.conversion_value.toLocaleString(),
        meta: { className: 'num' },
      },
      {
        id: 'shipOnly',
        header: () => t('cards.shipOnly'),
        cell: ({ row }) => (row.original.ship_only ? t('common.yes') : t('common.no')),
      },
      {
        id: 'customs',
        header: () => t('cards.customsCategory'),
        cell: ({ row }) => t(`customs.${row.original.customs_category}`),
      },
    ],
    [t, lang, canWrite, types],
  );

  const data = cards.data;
  const pagination: PaginationState = { pageIndex: page - 1, pageSize: data?.list.length || 1 };
  const table = useTable({
    features: consoleFeatures,
    columns,
    data: data?.list ?? [],
    enableSorting: false,
    manualPagination: true,
    pageCount: data?.all_page ?? 1,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      setParams(new URLSearchParams({ ...(type ? { type } : {}), page: String(next.pageIndex + 1) }));
    },
  });

  return (
    <>
      <div className="page-head">
        <h1>{t('cards.title')}</h1>
        {canWrite ? (
          <div className="actions">
            <Link className="button button-primary" to="/cards/new">
              {t('cards.new')}
            </Link>
          </div>
        ) : null}
      </div>
      {notice ? (
        <p className="success" role="status">
          {notice}
        </p>
      ) : null}
      <div className="filters" role="search">
        <label className="filter">
          <span>{t('cards.type')}</span>
          <select
            value={type}
            onChange={(e) => setParams(new URLSearchParams(e.target.value ? { type: e.target.value } : {}))}
          >
            <option value="">{t('cards.allTypes')}</option>
            {types.list.map((c) => (
              <option key={c.id} value={c.id}>
                {lang === 'ja' ? c.name_ja : c.name_en}
              </option>
            ))}
          </select>
        </label>
      </div>
      {cards.isError ? <p role="alert">{cards.error.message}</p> : null}
      {cards.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          <DataTable table={table} caption={t('cards.title')} empty={t('cards.empty')} />
          <Pager table={table} label={t('cards.pages')} />
        </>
      )}
    </>
  );
}
