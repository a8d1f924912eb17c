import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCardTypeCreateSchema,
  adminCardTypeUpdateSchema,
  type adminCardTypeListSchema,
} from '@gacha/contract/admin-shop';
import {
  cardTypesRoute,
  createCardTypeRoute,
  updateCardTypeRoute,
} from '@gacha/contract/routes/admin-catalogue';
import type { z } from 'zod';
import cols from '../../components/columns.module.css';
import type { Columns } from '../../components/data-table.tsx';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { PageHead } from '../../components/page-head.tsx';
import {
  CreateButton,
  editColumn,
  EditorModal,
  FormActions,
  SavedNotice,
  useRowEditor,
  type RowFormProps,
} from '../../components/row-editor.tsx';
import { WholeTable } from '../../components/whole-table.tsx';
import { call, unwrap } from '../../lib/api.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';

type CardType = z.infer<typeof adminCardTypeListSchema>['list'][number];

/** The key the cards' and packs' type selects read too (lib/card-types.ts): a change here shows there. */
const TYPES_KEY = ['admin', 'card-types'] as const;

/**
 * /admin/card-types: the card types, the shop's tabs on Top and at the exchange counter (GET /api/admin/card-types)
 * with how many cards and packs use each; a role with catalogue.write adds one (its number is the tab's, /?tab=5),
 * renames, reorders, shows or hides one (POST /api/admin/card-types, /{id}).
 */
export function CardTypesPage() {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const canWrite = useCan()('catalogue.write');
  const editor = useRowEditor<CardType | 'new'>();

  const types = useQuery({
    queryKey: TYPES_KEY,
    queryFn: async () => unwrap(await call(cardTypesRoute, {})).list,
  });

  const columns = useMemo<Columns<CardType>>(
    () => [
      { id: 'id', header: () => t('cardTypes.id'), accessorFn: (r) => r.id, meta: { className: 'num' } },
      { id: 'name_en', header: () => t('cardTypes.nameEn'), accessorFn: (r) => r.name_en },
      { id: 'name_ja', header: () => t('cardTypes.nameJa'), accessorFn: (r) => r.name_ja },
      {
        id: 'sort',
        header: () => t('common.sort'),
        accessorFn: (r) => r.sort,
        meta: { className: 'num' },
      },
      {
        id: 'top_tab',
        header: () => t('cardTypes.topTab'),
        accessorFn: (r) => r.top_tab,
        cell: ({ row }) => (row.original.top_tab ? t('cardTypes.shown') : t('cardTypes.hidden')),
      },
      {
        id: 'exchange_tab',
        header: () => t('cardTypes.exchangeTab'),
        accessorFn: (r) => r.exchange_tab,
        cell: ({ row }) => (row.original.exchange_tab ? t('cardTypes.shown') : t('cardTypes.hidden')),
      },
      {
        id: 'cards',
        header: () => t('cardTypes.cards'),
        accessorFn: (r) => r.cards,
        cell: ({ row }) => formatNumber(row.original.cards, lang),
        meta: { className: 'num' },
      },
      {
        id: 'packs',
        header: () => t('cardTypes.packs'),
        accessorFn: (r) => r.packs,
        cell: ({ row }) => formatNumber(row.original.packs, lang),
        meta: { className: 'num' },
      },
      ...(canWrite
        ? [editColumn<CardType>((r) => t('cardTypes.editOne', { name: r.name_en }), editor.edit)]
        : []),
    ],
    [t, lang, canWrite, editor.edit],
  );

  return (
    <>
      <PageHead title={t('cardTypes.title')}>
        <CreateButton canWrite={canWrite} onClick={() => editor.create('new')}>
          {t('cardTypes.new')}
        </CreateButton>
      </PageHead>
      <p className="muted">{t('cardTypes.intro')}</p>
      {!canWrite ? <p className="note note-warn">{t('console:common.readOnly')}</p> : null}
      <SavedNotice>{editor.done}</SavedNotice>
      <WholeTable
        query={types}
        columns={columns}
        sort={{ id: 'sort', desc: false }}
        pageSize={200}
        caption={t('cardTypes.title')}
        empty={t('cardTypes.empty')}
        frame={cols.tablet}
      />
      <EditorModal
        editor={editor}
        title={(e) => (e === 'new' ? t('cardTypes.new') : t('cardTypes.editTitle', { id: e.id }))}
      >
        {(e, form) => <CardTypeForm row={e === 'new' ? null : e} {...form} />}
      </EditorModal>
    </>
  );
}

type Values = {
  id: string;
  name_en: string;
  name_ja: string;
  sort: string;
  top_tab: boolean;
  exchange_tab: boolean;
};
const FIELDS = ['id', 'name_en', 'name_ja', 'sort', 'top_tab', 'exchange_tab'] as const;
const int = (v: string) => (v.trim() === '' ? undefined : Number(v));

function CardTypeForm({ row, onCancel, onSaved }: RowFormProps<CardType>) {
  const { t } = useTranslation(['shop', 'console']);
  const queryClient = useQueryClient();
  const payload = (v: Values) => ({
    ...(row ? {} : { id: int(v.id) }),
    name_en: v.name_en,
    name_ja: v.name_ja,
    sort: int(v.sort),
    top_tab: v.top_tab ? (1 as const) : (0 as const),
    exchange_tab: v.exchange_tab ? (1 as const) : (0 as const),
  });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, { id: number }>({
    defaultValues: {
      id: row ? String(row.id) : '',
      name_en: row?.name_en ?? '',
      name_ja: row?.name_ja ?? '',
      sort: row ? String(row.sort) : '0',
      top_tab: row ? row.top_tab === 1 : true,
      exchange_tab: row ? row.exchange_tab === 1 : false,
    },
    resolver: schemaResolver<Values>(row ? adminCardTypeUpdateSchema : adminCardTypeCreateSchema, payload),
    send: (v) =>
      row
        ? call(updateCardTypeRoute, { params: { id: row.id }, body: payload(v) })
        : call(createCardTypeRoute, { body: payload(v) }),
    fields: FIELDS,
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: TYPES_KEY });
      onSaved(row ? t('common.savedOne', { id: res.id }) : t('cardTypes.created', { id: res.id }));
    },
  });
  const { errors } = form.formState;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <FormMessage message={formMessage} />
      <FormField label={t('cardTypes.id')} error={errors.id?.message} hint={t('cardTypes.idHint')}>
        {(p) => (
          <input {...p} type="number" inputMode="numeric" min={1} readOnly={!!row} {...form.register('id')} />
        )}
      </FormField>
      <FormField label={t('cardTypes.nameEn')} error={errors.name_en?.message}>
        {(p) => <input {...p} lang="en" {...form.register('name_en')} />}
      </FormField>
      <FormField label={t('cardTypes.nameJa')} error={errors.name_ja?.message}>
        {(p) => <input {...p} lang="ja" {...form.register('name_ja')} />}
      </FormField>
      <FormField label={t('common.sort')} error={errors.sort?.message} hint={t('common.sortHint')}>
        {(p) => <input {...p} type="number" inputMode="numeric" {...form.register('sort')} />}
      </FormField>
      {(['top_tab', 'exchange_tab'] as const).map((name) => {
        const key = name === 'top_tab' ? 'topTab' : 'exchangeTab';
        return (
          <div className="check" key={name}>
            <input
              id={`card-type-${name}`}
              type="checkbox"
              {...form.register(name)}
              aria-describedby={`card-type-${name}-hint`}
            />
            <label htmlFor={`card-type-${name}`}>{t(`cardTypes.${key}`)}</label>
            <span id={`card-type-${name}-hint`} className="field-hint">
              {t(`cardTypes.${key}Hint`)}
            </span>
          </div>
        );
      })}
      <FormActions pending={pending} onCancel={onCancel}>
        {row ? t('console:common.save') : t('common.create')}
      </FormActions>
    </form>
  );
}
