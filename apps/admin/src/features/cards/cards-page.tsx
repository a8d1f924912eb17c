import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTable, type PaginationState, type Updater } from '@tanstack/react-table';
import {
  adminCardImportResultSchema,
  adminCardListSchema,
  CARD_CSV_COLUMNS,
  CARD_CSV_MAX_CHARS,
  CARD_CSV_MAX_LINES,
  type AdminCardImportLine,
} from '@gacha/contract/admin';
import type { z } from 'zod';
import { CsvImport } from '../../components/csv-import.tsx';
import { Modal } from '../../components/modal.tsx';
import { consoleFeatures, DataTable, Pager, type Columns } from '../../components/data-table.tsx';
import { api, query, unwrap } from '../../lib/api.ts';
import { useCardTypes } from '../../lib/card-types.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { cardsKey, type CardRow } from './card-query.ts';

/**
 * /admin/cards: the cards, found on the server by type, rarity and text (a name, a model number, #id), a page at a
 * time (GET /api/admin/cards?type&rarity&q&page, all in the address), with their pictures; the matching cards as
 * CSV; New card, Edit and the CSV import (POST /api/admin/cards/import) for a role with catalogue.write.
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
  const q = params.get('q') ?? '';
  const rarity = params.get('rarity') ?? '';
  const filter = { type, q, rarity };
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const cards = useQuery({
    queryKey: cardsKey(filter, page),
    queryFn: async () =>
      unwrap(await api.get(`admin/cards${query({ ...filter, page })}`, adminCardListSchema)),
    placeholderData: keepPreviousData,
  });
  const show = (next: Partial<typeof filter> & { page?: number }) => {
    const all = { ...filter, page: undefined as number | undefined, ...next };
    setParams(
      new URLSearchParams(
        Object.entries(all).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
      ),
    );
  };

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
      show({ page: next.pageIndex + 1 });
    },
  });

  return (
    <>
      <div className="page-head">
        <h1>{t('cards.title')}</h1>
        <div className="actions">
          <a className="button" href={`/api/admin/cards/export.csv${query(filter)}`} download>
            {t('cards.export')}
          </a>
          {canWrite ? (
            <>
              <button type="button" onClick={() => setImporting(true)}>
                {t('cards.import.button')}
              </button>
              <Link className="button button-primary" to="/cards/new">
                {t('cards.new')}
              </Link>
            </>
          ) : null}
        </div>
      </div>
      {notice || imported ? (
        <p className="success" role="status">
          {imported ?? notice}
        </p>
      ) : null}
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          show({ q: String(form.get('q') ?? '').trim(), rarity: String(form.get('rarity') ?? '') });
        }}
      >
        <label className="filter">
          <span>{t('cards.type')}</span>
          <select value={type} onChange={(e) => show({ type: e.target.value })}>
            <option value="">{t('cards.allTypes')}</option>
            {types.list.map((c) => (
              <option key={c.id} value={c.id}>
                {lang === 'ja' ? c.name_ja : c.name_en}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{t('cards.rarity')}</span>
          <select name="rarity" defaultValue={rarity} key={`r${rarity}`}>
            <option value="">{t('cards.anyRarity')}</option>
            {[1, 2, 3, 4, 5, 6, 7].map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{t('cards.search')}</span>
          <input type="search" name="q" defaultValue={q} key={`q${q}`} maxLength={100} />
        </label>
        <button type="submit">{t('cards.searchButton')}</button>
        {data ? (
          <span className="muted" role="status">
            {t('cards.found', { count: data.total })}
          </span>
        ) : null}
      </form>
      <Modal
        open={importing}
        size="large"
        title={t('cards.import.title')}
        onClose={() => setImporting(false)}
      >
        {(close) => (
          <CsvImport<AdminCardImportLine, z.infer<typeof adminCardImportResultSchema>>
            path="admin/cards/import"
            answer={adminCardImportResultSchema}
            maxChars={CARD_CSV_MAX_CHARS}
            texts="cards.import"
            intro={t('cards.import.intro', { max: CARD_CSV_MAX_LINES })}
            sample={`${CARD_CSV_COLUMNS.join(',')}\n,2,Pikachu,ピカチュウ,SV-025,5,SR,1200,0,cards`}
            columns={[
              {
                header: t('cards.import.card'),
                cell: (l) => `${l.id === null ? t('cards.import.newCard') : `#${l.id}`} ${l.name_en}`,
              },
            ]}
            applied={(r) => t('cards.import.applied', { created: r.created, updated: r.updated })}
            checked={(r) => t('cards.import.checked', { created: r.created, updated: r.updated })}
            onApplied={async (_, message) => {
              setImported(message);
              await queryClient.invalidateQueries({ queryKey: ['admin', 'cards'] });
            }}
            close={close}
          />
        )}
      </Modal>
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
