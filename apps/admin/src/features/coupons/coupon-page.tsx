import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { adminCouponUsesSchema } from '@gacha/contract/admin-shop';
import { adminCouponUpdateSchema } from '@gacha/contract/admin-shop';
import { couponUsesRoute, disableCouponRoute, updateCouponRoute } from '@gacha/contract/routes/admin-shop';
import type { z } from 'zod';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DeleteDraft } from '../../components/delete-draft.tsx';
import { call, isOk } from '../../lib/api.ts';
import { formatJst, formatNumber, toJstInput } from '../../lib/format.ts';
import { catalogue, schemaResolver, useApiForm, useSubmit } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { JstWindow } from '../../components/jst-window.tsx';
import { useCan } from '../../lib/me.ts';
import { requiredInstant } from './coupon-create-form.tsx';
import { COUPONS_KEY, couponStatus, STATUS_CLASS, useCoupon, type Coupon } from './coupon-query.ts';
import { Reward } from './coupons-page.tsx';
import styles from './coupons.module.css';

type Use = z.infer<typeof adminCouponUsesSchema>['list'][number];

/**
 * /admin/coupons/{id}: one coupon — what it gives, its window, uses and state; for a role with catalogue.write
 * its window, total limit and note can change (POST /api/admin/coupons/{id}) and it can be disabled after a
 * confirmation (POST /{id}/disable; members are refused from then on, for good). Below, who used it, newest
 * first, 50 a page (GET /{id}/uses?page, the page in the address).
 */
export function CouponPage() {
  const { t } = useTranslation(['shop', 'console']);
  const { id } = useParams();
  const couponId = Number(id);
  const found = useCoupon(couponId);
  const coupon = found.data ?? null;
  const canWrite = useCan()('catalogue.write');
  const [notice, setNotice] = useState<string | null>(null);

  if (found.isLoading) return <p className="loading">{t('console:common.loading')}</p>;
  if (!coupon)
    return (
      <>
        <h1>{t('coupons.title')}</h1>
        <p role="alert">{found.isError ? found.error.message : t('coupons.notFound')}</p>
        <Link to="/coupons">{t('coupons.backToList')}</Link>
      </>
    );
  const status = couponStatus(coupon);

  return (
    <>
      <div className="page-head">
        <h1>
          {t('coupons.couponTitle')} <span className={styles.bigCode}>{coupon.code}</span>
        </h1>
        <span className={`status ${STATUS_CLASS[status]}`}>{t(`coupons.statuses.${status}`)}</span>
        <div className="actions">
          <Link to="/coupons">{t('coupons.backToList')}</Link>
        </div>
      </div>
      <div role="status">{notice ? <p className="success">{notice}</p> : null}</div>
      <Summary coupon={coupon} />
      {!canWrite ? <p className="note note-warn">{t('console:common.readOnly')}</p> : null}
      <div className={styles.twoCols}>
        <CouponEditForm
          key={`${coupon.id}-${coupon.disabled_at ?? ''}`}
          coupon={coupon}
          canWrite={canWrite}
          onSaved={setNotice}
        />
        <DisablePanel coupon={coupon} canWrite={canWrite} onDone={setNotice} />
      </div>
      <UsesList coupon={coupon} />
      {coupon.used_count === 0 ? <DeleteDraft resource="coupons" id={coupon.id} name={coupon.code} /> : null}
    </>
  );
}

function Summary({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('shop');
  const lang = useLang();
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('coupons.reward')}</dt>
        <dd>
          <Reward coupon={coupon} />
        </dd>
      </div>
      <div>
        <dt>{t('common.windowJst')}</dt>
        <dd>
          <JstWindow start={coupon.starts_at} end={coupon.ends_at} />
        </dd>
      </div>
      <div>
        <dt>{t('coupons.uses')}</dt>
        <dd>
          {coupon.max_uses === null
            ? t('coupons.usesUnlimited', { used: formatNumber(coupon.used_count, lang) })
            : t('coupons.usesOf', {
                used: formatNumber(coupon.used_count, lang),
                max: formatNumber(coupon.max_uses, lang),
              })}
        </dd>
      </div>
      <div>
        <dt>{t('coupons.created')}</dt>
        <dd>{formatJst(coupon.created_at)}</dd>
      </div>
      {coupon.disabled_at ? (
        <div>
          <dt>{t('coupons.disabledAt')}</dt>
          <dd>{formatJst(coupon.disabled_at)}</dd>
        </div>
      ) : null}
      {coupon.note ? (
        <div>
          <dt>{t('common.note')}</dt>
          <dd>{coupon.note}</dd>
        </div>
      ) : null}
    </dl>
  );
}

type EditValues = { starts_at: string; ends_at: string; max_uses: string; note: string };

function CouponEditForm({
  coupon,
  canWrite,
  onSaved,
}: {
  coupon: Coupon;
  canWrite: boolean;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation(['shop', 'console']);
  const queryClient = useQueryClient();
  const payload = (v: EditValues) => ({
    starts_at: requiredInstant(v.starts_at),
    ends_at: requiredInstant(v.ends_at),
    max_uses: v.max_uses.trim() === '' ? null : Number(v.max_uses),
    note: v.note,
  });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<EditValues, { id: number }>({
    defaultValues: {
      starts_at: toJstInput(coupon.starts_at),
      ends_at: toJstInput(coupon.ends_at),
      max_uses: coupon.max_uses === null ? '' : String(coupon.max_uses),
      note: coupon.note,
    },
    resolver: schemaResolver<EditValues>(adminCouponUpdateSchema, payload, {
      extra: (v): Record<string, string> => {
        const p = payload(v);
        const out: Record<string, string> = {};
        if (!p.starts_at) out.starts_at = catalogue('required');
        if (!p.ends_at) out.ends_at = catalogue('required');
        else if (
          p.starts_at &&
          p.starts_at !== 'invalid' &&
          p.ends_at !== 'invalid' &&
          p.starts_at >= p.ends_at
        )
          out.ends_at = t('common.windowInvalid');
        return out;
      },
    }),
    send: (v) => call(updateCouponRoute, { params: { id: coupon.id }, body: payload(v) }),
    fields: ['starts_at', 'ends_at', 'max_uses', 'note'],
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
      onSaved(t('coupons.saved', { code: coupon.code }));
    },
  });
  const { errors } = form.formState;
  const locked = !canWrite || !!coupon.disabled_at;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="panel" aria-labelledby="coupon-edit-title">
      <h2 id="coupon-edit-title">{t('coupons.editTitle')}</h2>
      <p className="muted">{t('coupons.editIntro')}</p>
      <FormMessage message={formMessage} />
      <fieldset disabled={locked} className={styles.plain}>
        <div className="grid">
          <FormField label={t('common.startsJst')} error={errors.starts_at?.message}>
            {(p) => <input {...p} type="datetime-local" {...form.register('starts_at')} />}
          </FormField>
          <FormField label={t('common.endsJst')} error={errors.ends_at?.message}>
            {(p) => <input {...p} type="datetime-local" {...form.register('ends_at')} />}
          </FormField>
        </div>
        <FormField
          label={t('coupons.maxUses')}
          error={errors.max_uses?.message}
          hint={t('coupons.maxUsesHint')}
        >
          {(p) => <input {...p} type="number" inputMode="numeric" min={1} {...form.register('max_uses')} />}
        </FormField>
        <FormField label={t('common.note')} error={errors.note?.message}>
          {(p) => <input {...p} {...form.register('note')} />}
        </FormField>
        {canWrite && !coupon.disabled_at ? (
          <div className="actions">
            <button type="submit" className="button-primary" disabled={pending}>
              {t('console:common.save')}
            </button>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}

function DisablePanel({
  coupon,
  canWrite,
  onDone,
}: {
  coupon: Coupon;
  canWrite: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('shop');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disable = useSubmit({
    mutationFn: () => call(disableCouponRoute, { params: { id: coupon.id } }),
    onSuccess: async (res) => {
      if (!isOk(res)) {
        setError(res.message ?? catalogue('server_error'));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
      setAsking(false);
      onDone(t('coupons.disabledDone', { code: coupon.code }));
    },
    onError: () => setError(catalogue('server_error')),
  });
  return (
    <section className={`panel ${styles.danger}`} aria-labelledby="coupon-disable-title">
      <h2 id="coupon-disable-title">{t('coupons.disableTitle')}</h2>
      {coupon.disabled_at ? (
        <p>{t('coupons.disabledSince', { when: formatJst(coupon.disabled_at) })}</p>
      ) : (
        <>
          <p className="muted">{t('coupons.disableIntro')}</p>
          <button
            type="button"
            className="button-danger"
            disabled={!canWrite}
            onClick={() => {
              setError(null);
              setAsking(true);
            }}
          >
            {t('coupons.disable')}
          </button>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('coupons.disableConfirmTitle', { code: coupon.code })}
        confirmLabel={t('coupons.disableYes')}
        confirmDisabled={disable.isPending}
        danger
        onConfirm={() => disable.send()}
        onClose={() => setAsking(false)}
      >
        <p>{t('coupons.disableConfirm')}</p>
        <div role="alert">{error ? <p className="form-message">{error}</p> : null}</div>
      </ConfirmDialog>
    </section>
  );
}

function UsesList({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('shop');
  const columns = useMemo<Columns<Use>>(
    () => [
      {
        id: 'id',
        header: () => t('coupons.usedAt'),
        cell: ({ row }) => (
          <time dateTime={row.original.created_at}>{formatJst(row.original.created_at)}</time>
        ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'member',
        header: () => t('coupons.member'),
        cell: ({ row }) => `#${row.original.user_id}`,
        meta: { className: 'num' },
      },
      { id: 'name', header: () => t('coupons.memberName'), accessorFn: (r) => r.name },
      { id: 'email', header: () => t('coupons.memberEmail'), accessorFn: (r) => r.email },
    ],
    [t],
  );
  const resource: Resource<Use> = {
    route: couponUsesRoute,
    params: { id: coupon.id },
    // a new use changes the count: the list is read again
    queryKey: ['admin', 'coupon-uses', coupon.id, coupon.used_count],
    columns,
    sorts: ['id'],
    defaultSort: { id: 'id', desc: true },
    caption: t('coupons.usesTitle'),
    empty: t('coupons.noUses'),
    searchLabel: t('coupons.usesSearch'),
  };
  return (
    <section aria-labelledby="coupon-uses-title">
      <h2 id="coupon-uses-title">{t('coupons.usesTitle')}</h2>
      <ResourceList resource={resource} />
    </section>
  );
}
