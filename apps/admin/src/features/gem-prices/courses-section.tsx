import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPointPriceCreateSchema,
  adminPointPriceUpdateSchema,
  type adminPointPriceListSchema,
} from '@gacha/contract/admin-shop';
import {
  createPointPriceRoute,
  pointPricesRoute,
  updatePointPriceRoute,
} from '@gacha/contract/routes/admin-shop';
import type { z } from 'zod';
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
import { formatJst, formatNumber } from '../../lib/format.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import cols from '../../components/columns.module.css';
import styles from './gem-prices.module.css';

type Course = z.infer<typeof adminPointPriceListSchema>['list'][number];
const COURSES_KEY = ['admin', 'point-prices'] as const;
/** The rate that makes a course a free grant (spec §5). */
const FREE_RATE = '100';

export type Visibility = 'shown' | 'hidden' | 'withdrawn';
export const visibilityOf = (c: Pick<Course, 'coupon_only' | 'disabled'>): Visibility =>
  c.disabled ? 'withdrawn' : c.coupon_only ? 'hidden' : 'shown';

/**
 * The gem price courses (GET /api/admin/point-prices, every one, withdrawn too, with how many payments name
 * it): added with POST /api/admin/point-prices and changed with /{id}. Hidden = coupon_only (only members a
 * coupon unlocked it for see it), withdrawn = disabled (kept for its payments), a free grant = rate "100".
 */
export function CoursesSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const editor = useRowEditor<Course | 'new'>();
  const courses = useQuery({
    queryKey: COURSES_KEY,
    queryFn: async () => unwrap(await call(pointPricesRoute, {})).list,
  });

  const columns = useMemo<Columns<Course>>(
    () => [
      {
        id: 'sort',
        header: () => t('common.sort'),
        accessorFn: (r) => r.sort,
        meta: { className: `num ${cols.wideOnly}` },
      },
      { id: 'id', header: () => t('common.id'), accessorFn: (r) => r.id, meta: { className: 'num' } },
      {
        id: 'point',
        header: () => t('gemPrices.courses.point'),
        accessorFn: (r) => r.point,
        cell: ({ row }) => formatNumber(row.original.point, lang),
        meta: { className: 'num' },
      },
      {
        id: 'price',
        header: () => t('gemPrices.courses.price'),
        accessorFn: (r) => r.price,
        cell: ({ row }) => `¥${formatNumber(row.original.price, lang)}`,
        meta: { className: 'num' },
      },
      {
        id: 'kind',
        header: () => t('gemPrices.courses.kind'),
        accessorFn: (r) => (r.rate === FREE_RATE ? 1 : 0),
        cell: ({ row }) =>
          row.original.rate === FREE_RATE ? t('gemPrices.courses.free') : t('gemPrices.courses.paid'),
      },
      {
        id: 'visibility',
        header: () => t('gemPrices.courses.visibility'),
        accessorFn: (r) => visibilityOf(r),
        cell: ({ row }) => {
          const v = visibilityOf(row.original);
          return (
            <span
              className={`status ${v === 'shown' ? 'status-on_sale' : v === 'hidden' ? 'status-before' : 'status-ended'}`}
            >
              {t(`gemPrices.courses.visibilities.${v}`)}
            </span>
          );
        },
      },
      {
        id: 'payments',
        header: () => t('gemPrices.courses.payments'),
        accessorFn: (r) => r.payments,
        cell: ({ row }) => formatNumber(row.original.payments, lang),
        meta: { className: 'num' },
      },
      {
        id: 'modified',
        header: () => t('gemPrices.courses.modified'),
        accessorFn: (r) => r.modified,
        cell: ({ row }) => formatJst(row.original.modified),
        meta: { className: `nowrap ${cols.wideOnly}` },
      },
      ...(canWrite
        ? [editColumn<Course>((r) => t('gemPrices.courses.editOne', { id: r.id }), editor.edit)]
        : []),
    ],
    [t, lang, canWrite, editor.edit],
  );

  return (
    <section id="courses" className={`panel ${styles.section}`} aria-labelledby="courses-title">
      <div className={styles.sectionHead}>
        <h2 id="courses-title">{t('gemPrices.courses.title')}</h2>
        <CreateButton canWrite={canWrite} onClick={() => editor.create('new')}>
          {t('gemPrices.courses.new')}
        </CreateButton>
      </div>
      <p className="muted">{t('gemPrices.courses.intro')}</p>
      <SavedNotice>{editor.done}</SavedNotice>
      <WholeTable
        query={courses}
        columns={columns}
        sort={{ id: 'sort', desc: false }}
        pageSize={500}
        caption={t('gemPrices.courses.title')}
        empty={t('gemPrices.courses.empty')}
        frame={cols.tablet}
      />
      <EditorModal
        editor={editor}
        title={(e) =>
          e === 'new' ? t('gemPrices.courses.new') : t('gemPrices.courses.editOne', { id: e.id })
        }
      >
        {(e, form) => <CourseForm row={e === 'new' ? null : e} {...form} />}
      </EditorModal>
    </section>
  );
}

type Values = {
  point: string;
  price: string;
  free: boolean;
  coupon_only: boolean;
  disabled: boolean;
  sort: string;
};
const int = (v: string) => (v.trim() === '' ? undefined : Number(v));

function CourseForm({ row, onCancel, onSaved }: RowFormProps<Course>) {
  const { t } = useTranslation(['shop', 'console']);
  const queryClient = useQueryClient();
  // a paid course keeps the rate it has (anything but "100"); a new one or one that stops being free gets "0"
  const paidRate = row && row.rate !== FREE_RATE ? row.rate : '0';
  const payload = (v: Values) => ({
    point: int(v.point),
    price: int(v.price),
    rate: v.free ? FREE_RATE : paidRate,
    coupon_only: v.coupon_only ? (1 as const) : (0 as const),
    disabled: v.disabled ? (1 as const) : (0 as const),
    sort: int(v.sort),
  });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, { id: number }>({
    defaultValues: {
      point: row ? String(row.point) : '',
      price: row ? String(row.price) : '',
      free: row?.rate === FREE_RATE,
      coupon_only: row ? row.coupon_only === 1 : false,
      disabled: row ? row.disabled === 1 : false,
      sort: row ? String(row.sort) : '0',
    },
    resolver: schemaResolver<Values>(
      row ? adminPointPriceUpdateSchema : adminPointPriceCreateSchema,
      payload,
      {
        field: (path) => (path === 'rate' ? 'free' : path),
      },
    ),
    send: (v) =>
      row
        ? call(updatePointPriceRoute, { params: { id: row.id }, body: payload(v) })
        : call(createPointPriceRoute, { body: payload(v) }),
    fields: ['point', 'price', 'free', 'coupon_only', 'disabled', 'sort'],
    rename: { rate: 'free' },
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: COURSES_KEY });
      onSaved(row ? t('common.savedOne', { id: res.id }) : t('gemPrices.courses.created', { id: res.id }));
    },
  });
  const { errors } = form.formState;
  const checks = [
    ['free', 'gemPrices.courses.freeLabel', 'gemPrices.courses.freeHint'],
    ['coupon_only', 'gemPrices.courses.hiddenLabel', 'gemPrices.courses.hiddenHint'],
    ['disabled', 'gemPrices.courses.withdrawnLabel', 'gemPrices.courses.withdrawnHint'],
  ] as const;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <FormMessage message={formMessage} />
      {row && row.payments > 0 ? (
        <p className="note">{t('gemPrices.courses.paymentsNote', { count: row.payments })}</p>
      ) : null}
      <div className="grid">
        <FormField label={t('gemPrices.courses.point')} error={errors.point?.message}>
          {(p) => <input {...p} type="number" inputMode="numeric" min={1} {...form.register('point')} />}
        </FormField>
        <FormField label={t('gemPrices.courses.price')} error={errors.price?.message}>
          {(p) => <input {...p} type="number" inputMode="numeric" min={0} {...form.register('price')} />}
        </FormField>
        <FormField label={t('common.sort')} error={errors.sort?.message} hint={t('common.sortHint')}>
          {(p) => <input {...p} type="number" inputMode="numeric" {...form.register('sort')} />}
        </FormField>
      </div>
      <div className={styles.checks}>
        {checks.map(([name, label, hint]) => (
          <div key={name} className="check">
            <input
              id={`course-${name}`}
              type="checkbox"
              aria-describedby={`course-${name}-hint`}
              aria-invalid={!!errors[name]}
              {...form.register(name)}
            />
            <span className={styles.checkText}>
              <label htmlFor={`course-${name}`}>{t(label)}</label>
              <span id={`course-${name}-hint`} className="field-hint">
                {t(hint)}
              </span>
              {errors[name]?.message ? <span className="field-error">{errors[name]?.message}</span> : null}
            </span>
          </div>
        ))}
      </div>
      <FormActions pending={pending} onCancel={onCancel}>
        {row ? t('console:common.save') : t('common.create')}
      </FormActions>
    </form>
  );
}
