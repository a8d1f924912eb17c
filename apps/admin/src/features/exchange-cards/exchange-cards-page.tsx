import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { adminExchangeCardListSchema } from '@gacha/contract/admin-shop';
import {
  adminExchangeCardCreateSchema,
  adminExchangeCardPhases,
  adminExchangeCardSorts,
  adminExchangeCardUpdateSchema,
  adminStockChangeSchema,
} from '@gacha/contract/admin-shop';
import {
  createExchangeCardRoute,
  exchangeCardListRoute,
  exchangeCardStockRoute,
  updateExchangeCardRoute,
} from '@gacha/contract/routes/admin-shop';
import type { z } from 'zod';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { PageHead } from '../../components/page-head.tsx';
import {
  CreateButton,
  EditorModal,
  FormActions,
  SavedNotice,
  useRowEditor,
  type RowFormHandlers,
  type RowFormProps,
} from '../../components/row-editor.tsx';
import { call } from '../../lib/api.ts';
import { formatNumber, fromJstInput, toJstInput } from '../../lib/format.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { windowPhase } from '../../lib/jst-window.ts';
import { JstWindow } from '../../components/jst-window.tsx';
import { useCan } from '../../lib/me.ts';
import { CardPicker, type PickedCard } from './card-picker.tsx';
import cols from '../../components/columns.module.css';
import styles from './exchange-cards.module.css';

type ExchangeCard = z.infer<typeof adminExchangeCardListSchema>['list'][number];
const EXCHANGE_KEY = ['admin', 'exchange-cards'] as const;

const nameIn = (lang: string, c: { name_en: string; name_ja: string }) =>
  lang === 'ja' ? c.name_ja || c.name_en : c.name_en;

type Editing = { mode: 'new' } | { mode: 'edit'; row: ExchangeCard } | { mode: 'stock'; row: ExchangeCard };

/**
 * /admin/exchange-cards: the cards members take for coins at the exchange counter (GET /api/admin/exchange-cards,
 * the query in the address) with their price in coins, stock, how many were exchanged, the per-member limit and
 * when they show; found by the card's name or #id, filtered by window and stock, sorted by the server, as CSV. A role with
 * catalogue.write offers a card (POST, the card picked from GET /api/admin/cards), edits one (POST /{id}) and
 * moves its stock by an amount (POST /{id}/stock {add}: members take from it meanwhile, so it is never set).
 */
export function ExchangeCardsPage() {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const canWrite = useCan()('catalogue.write');
  const editor = useRowEditor<Editing>();
  const { edit } = editor;
  const name = (c: { name_en: string; name_ja: string }) => nameIn(lang, c);

  const columns = useMemo<Columns<ExchangeCard>>(
    () => [
      {
        id: 'card',
        header: () => t('exchange.card'),
        cell: ({ row }) => (
          <span className={styles.cardCell}>
            {row.original.image_url ? (
              <img src={row.original.image_url} alt="" className="thumb" loading="lazy" />
            ) : null}
            <span>
              <strong>{nameIn(lang, row.original)}</strong>
              <br />
              <span className="muted">
                #{row.original.card_id} · R{row.original.rarity}
              </span>
            </span>
          </span>
        ),
      },
      {
        id: 'coins',
        header: () => t('exchange.coins'),
        cell: ({ row }) => formatNumber(row.original.sub_coin, lang),
        meta: { className: 'num' },
      },
      {
        id: 'stock',
        header: () => t('exchange.stock'),
        cell: ({ row }) =>
          row.original.stock > 0 ? (
            formatNumber(row.original.stock, lang)
          ) : (
            <span className="status status-ended">{t('exchange.outOfStock')}</span>
          ),
        meta: { className: 'num' },
      },
      {
        id: 'exchanged',
        header: () => t('exchange.exchanged'),
        cell: ({ row }) => formatNumber(row.original.exchanged, lang),
        meta: { className: 'num' },
      },
      {
        id: 'member_limit',
        header: () => t('exchange.memberLimit'),
        cell: ({ row }) =>
          row.original.member_limit ? formatNumber(row.original.member_limit, lang) : t('exchange.noLimit'),
        meta: { className: 'num' },
      },
      {
        id: 'window',
        header: () => t('exchange.shown'),
        cell: ({ row }) => {
          const r = row.original;
          const phase = windowPhase(r.visible_from, r.visible_until);
          return (
            <>
              <span
                className={`status ${phase === 'open' ? 'status-on_sale' : phase === 'upcoming' ? 'status-before' : 'status-ended'}`}
              >
                {t(`exchange.phase.${phase}`)}
              </span>
              {r.visible_from || r.visible_until ? (
                <span className={`muted ${styles.window}`}>
                  <JstWindow start={r.visible_from} end={r.visible_until} />
                </span>
              ) : null}
            </>
          );
        },
      },
      {
        id: 'sort',
        header: () => t('common.sort'),
        cell: ({ row }) => row.original.sort,
        meta: { className: `num ${cols.wideOnly}` },
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: () => <span className="visually-hidden">{t('common.actions')}</span>,
              meta: { className: 'nowrap' },
              cell: ({ row }: { row: { original: ExchangeCard } }) => (
                <span className={styles.rowActions}>
                  <button
                    type="button"
                    onClick={() => edit({ mode: 'stock', row: row.original })}
                    aria-label={t('exchange.stockFor', { name: nameIn(lang, row.original) })}
                  >
                    {t('exchange.changeStock')}
                  </button>
                  <button
                    type="button"
                    onClick={() => edit({ mode: 'edit', row: row.original })}
                    aria-label={t('exchange.editFor', { name: nameIn(lang, row.original) })}
                  >
                    {t('console:common.edit')}
                  </button>
                </span>
              ),
            },
          ]
        : []),
    ],
    [t, lang, canWrite, edit],
  );
  const resource: Resource<ExchangeCard> = {
    route: exchangeCardListRoute,
    queryKey: EXCHANGE_KEY,
    columns,
    sorts: adminExchangeCardSorts,
    filters: [
      {
        name: 'phase',
        label: t('exchange.shown'),
        all: t('exchange.allPhases'),
        options: adminExchangeCardPhases.map((p) => ({ value: p, label: t(`exchange.phase.${p}`) })),
      },
      {
        name: 'stock',
        label: t('exchange.stock'),
        all: t('exchange.anyStock'),
        options: [
          { value: 'in', label: t('exchange.inStock') },
          { value: 'out', label: t('exchange.outOfStock') },
        ],
      },
    ],
    caption: t('exchange.title'),
    empty: t('exchange.empty'),
    searchLabel: t('exchange.searchHint'),
    csv: true,
  };

  return (
    <>
      <PageHead title={t('exchange.title')}>
        <CreateButton canWrite={canWrite} onClick={() => editor.create({ mode: 'new' })}>
          {t('exchange.new')}
        </CreateButton>
      </PageHead>
      <p className="muted">{t('exchange.intro')}</p>
      {!canWrite ? <p className="note note-warn">{t('console:common.readOnly')}</p> : null}
      <SavedNotice>{editor.done}</SavedNotice>
      <div className={cols.tablet}>
        <ResourceList resource={resource} />
      </div>
      <EditorModal
        editor={editor}
        size={(e) => (e.mode === 'new' ? 'large' : 'normal')}
        title={(e) =>
          e.mode === 'new'
            ? t('exchange.new')
            : e.mode === 'stock'
              ? t('exchange.stockFor', { name: name(e.row) })
              : t('exchange.editFor', { name: name(e.row) })
        }
      >
        {(e, form) =>
          e.mode === 'stock' ? (
            <StockForm row={e.row} {...form} />
          ) : (
            <ExchangeCardForm row={e.mode === 'edit' ? e.row : null} {...form} />
          )
        }
      </EditorModal>
    </>
  );
}

type Values = {
  card_id: string;
  sub_coin: string;
  stock: string;
  member_limit: string;
  visible_from: string;
  visible_until: string;
  sort: string;
};
const FIELDS = [
  'card_id',
  'sub_coin',
  'stock',
  'member_limit',
  'visible_from',
  'visible_until',
  'sort',
] as const;
const int = (v: string) => (v.trim() === '' ? undefined : Number(v));
const instant = (v: string) => (v.trim() ? fromJstInput(v) || 'invalid' : null);

function ExchangeCardForm({ row, onCancel, onSaved }: RowFormProps<ExchangeCard>) {
  const { t } = useTranslation(['shop', 'console']);
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PickedCard | null>(null);
  const payload = (v: Values) => ({
    ...(row ? {} : { card_id: int(v.card_id), stock: int(v.stock) }),
    sub_coin: int(v.sub_coin),
    member_limit: int(v.member_limit),
    visible_from: instant(v.visible_from),
    visible_until: instant(v.visible_until),
    sort: int(v.sort),
  });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, { id: number }>({
    defaultValues: {
      card_id: row ? String(row.card_id) : '',
      sub_coin: row ? String(row.sub_coin) : '',
      stock: '0',
      member_limit: row ? String(row.member_limit) : '0',
      visible_from: toJstInput(row?.visible_from),
      visible_until: toJstInput(row?.visible_until),
      sort: row ? String(row.sort) : '0',
    },
    resolver: schemaResolver<Values>(
      row ? adminExchangeCardUpdateSchema : adminExchangeCardCreateSchema,
      payload,
      {
        extra: (v): Record<string, string> => {
          const out: Record<string, string> = {};
          if (!row && !v.card_id) out.card_id = t('exchange.pickCard');
          const from = instant(v.visible_from);
          const until = instant(v.visible_until);
          if (from && until && from !== 'invalid' && until !== 'invalid' && from >= until)
            out.visible_until = t('common.windowInvalid');
          return out;
        },
      },
    ),
    send: (v) =>
      row
        ? call(updateExchangeCardRoute, { params: { id: row.id }, body: payload(v) })
        : call(createExchangeCardRoute, { body: payload(v) }),
    fields: FIELDS,
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: EXCHANGE_KEY });
      onSaved(row ? t('common.savedOne', { id: res.id }) : t('exchange.created', { id: res.id }));
    },
  });
  const { errors } = form.formState;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <FormMessage message={formMessage} />
      {row ? null : (
        <CardPicker
          value={picked}
          onChange={(card) => {
            setPicked(card);
            form.setValue('card_id', String(card.id));
            form.clearErrors('card_id');
          }}
          error={errors.card_id?.message}
        />
      )}
      <div className="grid">
        <FormField label={t('exchange.coins')} error={errors.sub_coin?.message}>
          {(p) => <input {...p} type="number" inputMode="numeric" min={1} {...form.register('sub_coin')} />}
        </FormField>
        {row ? null : (
          <FormField label={t('exchange.initialStock')} error={errors.stock?.message}>
            {(p) => <input {...p} type="number" inputMode="numeric" min={0} {...form.register('stock')} />}
          </FormField>
        )}
        <FormField
          label={t('exchange.memberLimit')}
          error={errors.member_limit?.message}
          hint={t('exchange.memberLimitHint')}
        >
          {(p) => (
            <input {...p} type="number" inputMode="numeric" min={0} {...form.register('member_limit')} />
          )}
        </FormField>
        <FormField label={t('common.sort')} error={errors.sort?.message} hint={t('common.sortHint')}>
          {(p) => <input {...p} type="number" inputMode="numeric" {...form.register('sort')} />}
        </FormField>
        <FormField
          label={t('exchange.visibleFrom')}
          error={errors.visible_from?.message}
          hint={t('exchange.visibleHint')}
        >
          {(p) => <input {...p} type="datetime-local" {...form.register('visible_from')} />}
        </FormField>
        <FormField label={t('exchange.visibleUntil')} error={errors.visible_until?.message}>
          {(p) => <input {...p} type="datetime-local" {...form.register('visible_until')} />}
        </FormField>
      </div>
      {row ? <p className="field-hint">{t('exchange.stockElsewhere')}</p> : null}
      <FormActions pending={pending} onCancel={onCancel}>
        {row ? t('console:common.save') : t('exchange.offer')}
      </FormActions>
    </form>
  );
}

type StockValues = { direction: 'add' | 'take'; amount: string };

/** Moves a card's stock by an amount (the server refuses to go below zero: stock_negative on `add`). */
function StockForm({ row, onCancel, onSaved }: RowFormHandlers & { row: ExchangeCard }) {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const queryClient = useQueryClient();
  const payload = (v: StockValues) => {
    const n = v.amount.trim() === '' ? undefined : Number(v.amount);
    return { add: n === undefined ? undefined : v.direction === 'take' ? -n : n };
  };
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<StockValues, { id: number }>({
    defaultValues: { direction: 'add', amount: '' },
    resolver: schemaResolver<StockValues>(adminStockChangeSchema, payload, {
      field: (path) => (path === 'add' ? 'amount' : path),
      extra: (v): Record<string, string> =>
        Number(v.amount) < 0 ? { amount: t('exchange.amountPositive') } : {},
    }),
    send: (v) => call(exchangeCardStockRoute, { params: { id: row.id }, body: payload(v) }),
    fields: ['amount'],
    rename: { add: 'amount' },
    onSuccess: async (_res, v) => {
      await queryClient.invalidateQueries({ queryKey: EXCHANGE_KEY });
      const add = payload(v).add ?? 0;
      onSaved(t('exchange.stockMoved', { name: nameIn(lang, row), stock: row.stock + add }));
    },
  });
  const { errors } = form.formState;
  const add = payload(form.watch()).add;
  const after = add !== undefined && Number.isInteger(add) ? row.stock + add : null;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <FormMessage message={formMessage} />
      <p>
        {t('exchange.stockNow', {
          stock: formatNumber(row.stock, lang),
          exchanged: formatNumber(row.exchanged, lang),
        })}
      </p>
      <div className={styles.direction} role="radiogroup" aria-label={t('exchange.direction')}>
        <label className="check">
          <input type="radio" value="add" {...form.register('direction')} />
          {t('exchange.addStock')}
        </label>
        <label className="check">
          <input type="radio" value="take" {...form.register('direction')} />
          {t('exchange.takeStock')}
        </label>
      </div>
      <FormField label={t('exchange.amount')} error={errors.amount?.message}>
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="numeric"
            min={1}
            data-autofocus
            {...form.register('amount')}
          />
        )}
      </FormField>
      <p aria-live="polite" className={after !== null && after < 0 ? 'field-error' : 'muted'}>
        {after !== null ? t('exchange.stockAfter', { stock: formatNumber(after, lang) }) : '\u00a0'}
      </p>
      <FormActions pending={pending} onCancel={onCancel}>
        {t('exchange.applyStock')}
      </FormActions>
    </form>
  );
}
