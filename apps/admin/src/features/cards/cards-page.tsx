import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { adminCardImportResultSchema } from '@gacha/contract/admin';
import {
  adminCardSorts,
  CARD_CSV_COLUMNS,
  CARD_CSV_MAX_CHARS,
  CARD_CSV_MAX_LINES,
  type AdminCardImportLine,
} from '@gacha/contract/admin';
import { cardListRoute, importCardsRoute } from '@gacha/contract/routes/admin-catalogue';
import type { z } from 'zod';
import { CsvImport } from '../../components/csv-import.tsx';
import { Modal } from '../../components/modal.tsx';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { useCardTypes } from '../../lib/card-types.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import type { CardRow } from './card-query.ts';

/**
 * /admin/cards: the cards, found on the server by type, rarity and text (a name, a model number, #id), sorted
 * by the server, a page at a time (GET /api/admin/cards, the query in the address), with their pictures; the
 * matching cards as CSV; New card, Edit and the CSV import (POST /api/admin/cards/import) for a role with catalogue.write.
 */
export function CardsPage() {
  const { t } = useTranslation('console');
  const lang = useLang();
  const can = useCan();
  const canWrite = can('catalogue.write');
  const types = useCardTypes();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<string | null>(null);
  const queryClient = useQueryClient();

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
      { id: 'id', header: 'ID', cell: ({ row }) => row.original.id, meta: { className: 'num' } },
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
      { id: 'model', header: () => t('cards.modelNumber'), cell: ({ row }) => row.original.model_number },
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

  const resource: Resource<CardRow> = {
    route: cardListRoute,
    queryKey: ['admin', 'cards'],
    columns,
    sorts: adminCardSorts,
    filters: [
      {
        name: 'type',
        label: t('cards.type'),
        all: t('cards.allTypes'),
        options: types.list.map((c) => ({ value: c.id, label: lang === 'ja' ? c.name_ja : c.name_en })),
      },
      {
        name: 'rarity',
        label: t('cards.rarity'),
        all: t('cards.anyRarity'),
        options: [1, 2, 3, 4, 5, 6, 7].map((r) => ({ value: r, label: String(r) })),
      },
    ],
    caption: t('cards.title'),
    empty: t('cards.empty'),
    searchLabel: t('cards.search'),
    csv: true,
  };

  return (
    <>
      <div className="page-head">
        <h1>{t('cards.title')}</h1>
        <div className="actions">
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
      <Modal
        open={importing}
        size="large"
        title={t('cards.import.title')}
        onClose={() => setImporting(false)}
      >
        {(close) => (
          <CsvImport<AdminCardImportLine, z.infer<typeof adminCardImportResultSchema>>
            route={importCardsRoute}
            maxChars={CARD_CSV_MAX_CHARS}
            texts="console:cards.import"
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
      <ResourceList resource={resource} />
    </>
  );
}
