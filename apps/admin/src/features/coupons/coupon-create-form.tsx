import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { adminCouponCreateSchema } from '@gacha/contract/admin-shop';
import { createCouponRoute } from '@gacha/contract/routes/admin-shop';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { call } from '../../lib/api.ts';
import { formatNumber, fromJstInput } from '../../lib/format.ts';
import { catalogue, schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { COUPONS_KEY, useCourses } from './coupon-query.ts';
import styles from './coupons.module.css';

export type CouponValues = {
  code: string;
  kind: 'gems' | 'unlock';
  gems: string;
  starts_at: string;
  ends_at: string;
  max_uses: string;
  note: string;
  point_price_ids: string[];
};

const FIELDS = [
  'code',
  'kind',
  'gems',
  'starts_at',
  'ends_at',
  'max_uses',
  'note',
  'point_price_ids',
] as const;
const int = (v: string) => (v.trim() === '' ? undefined : Number(v));
/** A JST datetime-local value as an ISO instant; '' → missing (required), a non-time → refused. */
export const requiredInstant = (v: string) => (v.trim() ? fromJstInput(v) || 'invalid' : undefined);

/** The form's values as POST /api/admin/coupons takes them (adminCouponCreateSchema). */
export function couponPayload(v: CouponValues) {
  return {
    code: v.code,
    kind: v.kind,
    gems: v.kind === 'gems' ? int(v.gems) : 0,
    starts_at: requiredInstant(v.starts_at),
    ends_at: requiredInstant(v.ends_at),
    max_uses: v.max_uses.trim() === '' ? null : Number(v.max_uses),
    note: v.note,
    point_price_ids: v.kind === 'unlock' ? v.point_price_ids.map(Number) : [],
  };
}

/**
 * A new coupon: its code (empty: the server makes one), a gem gift or the unlocking of hidden courses (picked
 * from the courses marked hidden), the window in JST, the total limit (empty: none) and a note for staff.
 */
export function CouponCreateForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (id: number, code: string) => void;
}) {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const queryClient = useQueryClient();
  const courses = useCourses();
  // the courses an unlock coupon can open: the hidden ones still offered
  const hidden = (courses.data ?? []).filter((c) => c.coupon_only === 1 && c.disabled === 0);

  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<
    CouponValues,
    { id: number; code: string }
  >({
    defaultValues: {
      code: '',
      kind: 'gems',
      gems: '',
      starts_at: '',
      ends_at: '',
      max_uses: '',
      note: '',
      point_price_ids: [],
    },
    resolver: schemaResolver<CouponValues>(adminCouponCreateSchema, couponPayload, {
      field: (path) => (path.startsWith('point_price_ids') ? 'point_price_ids' : path),
      // the schema checks across fields only once each field is right: the same checks here show all at once
      extra: (v): Record<string, string> => {
        const out: Record<string, string> = {};
        const p = couponPayload(v);
        if (v.kind === 'gems' && (p.gems === undefined || p.gems === 0)) out.gems = catalogue('required');
        if (v.kind === 'unlock' && !v.point_price_ids.length) out.point_price_ids = t('coupons.pickCourse');
        if (
          p.starts_at &&
          p.ends_at &&
          p.starts_at !== 'invalid' &&
          p.ends_at !== 'invalid' &&
          p.starts_at >= p.ends_at
        )
          out.ends_at = t('common.windowInvalid');
        return out;
      },
    }),
    send: (v) => call(createCouponRoute, { body: couponPayload(v) }),
    fields: FIELDS,
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
      onCreated(res.id, res.code);
    },
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t('coupons.new')}>
      <FormMessage message={formMessage} />
      <FormField label={t('coupons.code')} error={errors.code?.message} hint={t('coupons.codeHint')}>
        {(p) => (
          <input
            {...p}
            className={styles.codeInput}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            maxLength={64}
            {...form.register('code')}
          />
        )}
      </FormField>
      <fieldset>
        <legend>{t('coupons.kind')}</legend>
        <div className={styles.kinds}>
          <label className="check">
            <input type="radio" value="gems" {...form.register('kind')} />
            {t('coupons.kinds.gems')}
          </label>
          <label className="check">
            <input type="radio" value="unlock" {...form.register('kind')} />
            {t('coupons.kinds.unlock')}
          </label>
        </div>
        {kind === 'gems' ? (
          <FormField label={t('coupons.gems')} error={errors.gems?.message}>
            {(p) => <input {...p} type="number" inputMode="numeric" min={1} {...form.register('gems')} />}
          </FormField>
        ) : (
          <div className="field">
            <span className={styles.groupLabel} id="coupon-courses-label">
              {t('coupons.courses')}
            </span>
            <p className="field-hint" id="coupon-courses-hint">
              {t('coupons.coursesHint')}
            </p>
            {errors.point_price_ids?.message ? (
              <p className="field-error" id="coupon-courses-error">
                {errors.point_price_ids.message}
              </p>
            ) : null}
            {courses.isPending ? (
              <p className="loading">{t('console:common.loading')}</p>
            ) : hidden.length ? (
              <div
                role="group"
                aria-labelledby="coupon-courses-label"
                aria-describedby={`coupon-courses-hint${errors.point_price_ids ? ' coupon-courses-error' : ''}`}
                className={styles.courseList}
              >
                {hidden.map((c) => (
                  <label key={c.id} className="check">
                    <input
                      type="checkbox"
                      value={String(c.id)}
                      aria-invalid={!!errors.point_price_ids}
                      {...form.register('point_price_ids')}
                    />
                    {t('coupons.courseOption', {
                      id: c.id,
                      gems: formatNumber(c.point, lang),
                      price: formatNumber(c.price, lang),
                    })}
                    {c.rate === '100' ? <span className="status">{t('gemPrices.courses.free')}</span> : null}
                  </label>
                ))}
              </div>
            ) : (
              <p className="note note-warn">{t('coupons.noHiddenCourses')}</p>
            )}
          </div>
        )}
      </fieldset>
      <div className="grid">
        <FormField label={t('common.startsJst')} error={errors.starts_at?.message}>
          {(p) => <input {...p} type="datetime-local" {...form.register('starts_at')} />}
        </FormField>
        <FormField label={t('common.endsJst')} error={errors.ends_at?.message}>
          {(p) => <input {...p} type="datetime-local" {...form.register('ends_at')} />}
        </FormField>
        <FormField
          label={t('coupons.maxUses')}
          error={errors.max_uses?.message}
          hint={t('coupons.maxUsesHint')}
        >
          {(p) => <input {...p} type="number" inputMode="numeric" min={1} {...form.register('max_uses')} />}
        </FormField>
      </div>
      <FormField label={t('common.note')} error={errors.note?.message} hint={t('coupons.noteHint')}>
        {(p) => <input {...p} {...form.register('note')} />}
      </FormField>
      <div className="actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {t('coupons.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('console:common.cancel')}
        </button>
      </div>
    </form>
  );
}
