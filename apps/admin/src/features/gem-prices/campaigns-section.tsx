import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCampaignCreateSchema, type adminCampaignListSchema } from '@gacha/contract/admin-shop';
import { campaignsRoute, createCampaignRoute, updateCampaignRoute } from '@gacha/contract/routes/admin-shop';
import type { z } from 'zod';
import cols from '../../components/columns.module.css';
import type { Columns } from '../../components/data-table.tsx';
import { FormField, FormMessage } from '../../components/form-field.tsx';
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
import { fromJstInput, toJstInput } from '../../lib/format.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { windowPhase } from '../../lib/jst-window.ts';
import { JstWindow } from '../../components/jst-window.tsx';
import styles from './gem-prices.module.css';

type Campaign = z.infer<typeof adminCampaignListSchema>['list'][number];
const CAMPAIGNS_KEY = ['admin', 'campaigns'] as const;

/**
 * Campaign discounts (GET /api/admin/campaigns): a percentage off every paid course inside a window, with
 * whether it runs now; added and changed with POST /api/admin/campaigns and /{id}.
 */
export function CampaignsSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(['shop', 'console']);
  const editor = useRowEditor<Campaign | 'new'>();
  const campaigns = useQuery({
    queryKey: CAMPAIGNS_KEY,
    queryFn: async () => unwrap(await call(campaignsRoute, {})).list,
  });
  // the states are worked out at the time of the answer (a stable value: the columns are not rebuilt each render)
  const now = campaigns.dataUpdatedAt || 0;

  const columns = useMemo<Columns<Campaign>>(
    () => [
      {
        id: 'percent',
        header: () => t('gemPrices.campaigns.percent'),
        accessorFn: (r) => r.percent,
        cell: ({ row }) => t('gemPrices.campaigns.percentOff', { percent: row.original.percent }),
        meta: { className: 'num' },
      },
      {
        id: 'window',
        header: () => t('common.windowJst'),
        accessorFn: (r) => r.starts_at,
        cell: ({ row }) => <JstWindow start={row.original.starts_at} end={row.original.ends_at} />,
      },
      { id: 'note', header: () => t('common.note'), accessorFn: (r) => r.note, enableSorting: false },
      {
        id: 'status',
        header: () => t('common.status'),
        enableSorting: false,
        cell: ({ row }) => {
          const r = row.original;
          const phase = r.active ? 'open' : windowPhase(r.starts_at, r.ends_at, now);
          return (
            <span
              className={`status ${phase === 'open' ? 'status-on_sale' : phase === 'upcoming' ? 'status-before' : 'status-ended'}`}
            >
              {t(`gemPrices.campaigns.phase.${phase}`)}
            </span>
          );
        },
      },
      ...(canWrite
        ? [editColumn<Campaign>((r) => t('gemPrices.campaigns.editOne', { id: r.id }), editor.edit)]
        : []),
    ],
    [t, now, canWrite, editor.edit],
  );

  return (
    <section id="campaigns" className={`panel ${styles.section}`} aria-labelledby="campaigns-title">
      <div className={styles.sectionHead}>
        <h2 id="campaigns-title">{t('gemPrices.campaigns.title')}</h2>
        <CreateButton canWrite={canWrite} onClick={() => editor.create('new')}>
          {t('gemPrices.campaigns.new')}
        </CreateButton>
      </div>
      <p className="muted">{t('gemPrices.campaigns.intro')}</p>
      <SavedNotice>{editor.done}</SavedNotice>
      <WholeTable
        query={campaigns}
        columns={columns}
        sort={{ id: 'window', desc: true }}
        pageSize={500}
        caption={t('gemPrices.campaigns.title')}
        empty={t('gemPrices.campaigns.empty')}
        frame={cols.tablet}
      />
      <EditorModal
        editor={editor}
        title={(e) =>
          e === 'new' ? t('gemPrices.campaigns.new') : t('gemPrices.campaigns.editOne', { id: e.id })
        }
      >
        {(e, form) => <CampaignForm row={e === 'new' ? null : e} {...form} />}
      </EditorModal>
    </section>
  );
}

type Values = { percent: string; starts_at: string; ends_at: string; note: string };

function CampaignForm({ row, onCancel, onSaved }: RowFormProps<Campaign>) {
  const { t } = useTranslation(['shop', 'console']);
  const queryClient = useQueryClient();
  const payload = (v: Values) => ({
    percent: v.percent.trim() === '' ? undefined : Number(v.percent),
    starts_at: v.starts_at.trim() ? fromJstInput(v.starts_at) || 'invalid' : undefined,
    ends_at: v.ends_at.trim() ? fromJstInput(v.ends_at) || 'invalid' : undefined,
    note: v.note,
  });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, { id: number }>({
    defaultValues: {
      percent: row ? String(row.percent) : '10',
      starts_at: toJstInput(row?.starts_at),
      ends_at: toJstInput(row?.ends_at),
      note: row?.note ?? '',
    },
    // the create schema checks the window; an edit sends every field, so the same check holds
    resolver: schemaResolver<Values>(adminCampaignCreateSchema, payload),
    send: (v) =>
      row
        ? call(updateCampaignRoute, { params: { id: row.id }, body: payload(v) })
        : call(createCampaignRoute, { body: payload(v) }),
    fields: ['percent', 'starts_at', 'ends_at', 'note'],
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      onSaved(row ? t('common.savedOne', { id: res.id }) : t('gemPrices.campaigns.created', { id: res.id }));
    },
  });
  const { errors } = form.formState;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <FormMessage message={formMessage} />
      <FormField
        label={t('gemPrices.campaigns.percent')}
        error={errors.percent?.message}
        hint={t('gemPrices.campaigns.percentHint')}
      >
        {(p) => (
          <input {...p} type="number" inputMode="numeric" min={1} max={90} {...form.register('percent')} />
        )}
      </FormField>
      <div className="grid">
        <FormField label={t('common.startsJst')} error={errors.starts_at?.message}>
          {(p) => <input {...p} type="datetime-local" {...form.register('starts_at')} />}
        </FormField>
        <FormField label={t('common.endsJst')} error={errors.ends_at?.message}>
          {(p) => <input {...p} type="datetime-local" {...form.register('ends_at')} />}
        </FormField>
      </div>
      <FormField
        label={t('common.note')}
        error={errors.note?.message}
        hint={t('gemPrices.campaigns.noteHint')}
      >
        {(p) => <input {...p} {...form.register('note')} />}
      </FormField>
      <FormActions pending={pending} onCancel={onCancel}>
        {row ? t('console:common.save') : t('common.create')}
      </FormActions>
    </form>
  );
}
