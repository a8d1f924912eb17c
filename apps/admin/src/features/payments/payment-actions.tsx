import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  adminMatchRequestSchema,
  adminRefundRequestSchema,
  refundReasonKinds,
  type AdminPaymentDetail,
  type AdminRefund,
} from '@gacha/contract/admin-payments';
import { matchTransferRoute, refundPaymentRoute } from '@gacha/contract/routes/admin-payments';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { call } from '../../lib/api.ts';
import { formatNumber } from '../../lib/format.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { PAYMENTS_KEY, yen } from './payment-query.ts';
import styles from './payments.module.css';

type Kind = (typeof refundReasonKinds)[number];

/** '5,000' → 5000; null for anything but whole digits (thousands separators and spaces allowed). */
function parseWhole(value: string): number | null {
  const clean = value.replace(/[,\s]/g, '');
  return /^\d{1,9}$/.test(clean) ? Number(clean) : null;
}

/** The Refund button and its dialog (payments.refund; the page shows it for a succeeded payment not refunded). */
export function RefundButton({
  detail,
  onDone,
}: {
  detail: AdminPaymentDetail;
  onDone: (m: string) => void;
}) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button-danger" onClick={() => setOpen(true)}>
        {t('refund.button')}
      </button>
      <Modal open={open} title={t('refund.title', { id: detail.payment.id })} onClose={() => setOpen(false)}>
        {(close) => (
          <RefundForm
            detail={detail}
            close={close}
            onDone={(m) => {
              onDone(m);
              close();
            }}
          />
        )}
      </Modal>
    </>
  );
}

type RefundValues = { reason_kind: Kind | ''; reason: string };

/**
 * The refund dialog: the reason's kind under the terms (the company's fault: the whole amount; the law's unused
 * balance: the unspent gems' share) and the reason, with what the API says each would give — the purchase's gems,
 * the unspent ones taken back, the spent ones that stay spent, and the yen refunded — before the staff member
 * confirms. The refund API takes no request id: a payment has one refund (a replay answers changed: false), and
 * the dialog sends one request per confirmation (a double click while it runs is ignored).
 */
function RefundForm({
  detail,
  close,
  onDone,
}: {
  detail: AdminPaymentDetail;
  close: () => void;
  onDone: (m: string) => void;
}) {
  const { t } = useTranslation(['payments', 'console']);
  const lang = useLang();
  const queryClient = useQueryClient();
  const p = detail.payment;
  const credit = detail.credit!;
  const options = detail.refund_options!;
  const payload = (v: RefundValues) => ({ reason_kind: v.reason_kind || undefined, reason: v.reason.trim() });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<RefundValues, object>({
    defaultValues: { reason_kind: '', reason: '' },
    resolver: schemaResolver<RefundValues>(adminRefundRequestSchema, payload),
    send: (v) => call(refundPaymentRoute, { params: { id: p.id }, body: payload(v) }),
    fields: ['reason_kind', 'reason'],
    onSuccess: async (res) => {
      const r = res as unknown as {
        changed: boolean;
        refund: { status: AdminRefund['status']; amount_yen: number; gems_reclaimed: number };
      };
      onDone(
        r.changed
          ? t('refund.done', {
              id: p.id,
              amount: yen(r.refund.amount_yen, lang),
              gems: formatNumber(r.refund.gems_reclaimed, lang),
              status: t(`refundStatus.${r.refund.status}`),
            })
          : t('refund.already', { id: p.id, status: t(`refundStatus.${r.refund.status}`) }),
      );
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    },
  });
  const kind = form.watch('reason_kind');
  const amount = kind ? options[kind] : null;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t('refund.title', { id: p.id })}>
      <p>{t('refund.intro')}</p>
      <FormMessage message={formMessage} />
      <fieldset className={styles.kinds} aria-invalid={!!form.formState.errors.reason_kind}>
        <legend>{t('refund.kind')}</legend>
        {refundReasonKinds.map((k) => (
          <label key={k} className="check">
            <input
              type="radio"
              value={k}
              disabled={k === 'legal_unused' && options.legal_unused === 0}
              {...form.register('reason_kind')}
            />
            <span>
              <strong>{t(`kinds.${k}`)}</strong> — {yen(options[k], lang)}
              <span className={styles.subLine}>{t(`kinds.${k}Hint`)}</span>
            </span>
          </label>
        ))}
        {form.formState.errors.reason_kind ? (
          <p className="field-error">{form.formState.errors.reason_kind.message}</p>
        ) : null}
      </fieldset>
      <dl className={styles.refundSum} aria-label={t('refund.summary')}>
        <dt>{t('refund.gems')}</dt>
        <dd data-testid="refund-gems">{formatNumber(credit.gems, lang)}</dd>
        <dt>{t('refund.unspent')}</dt>
        <dd data-testid="refund-unspent">{formatNumber(credit.unspent, lang)}</dd>
        <dt>{t('refund.spent')}</dt>
        <dd data-testid="refund-spent">{formatNumber(credit.spent, lang)}</dd>
        <dt>{t('refund.paid')}</dt>
        <dd>{yen(p.amount_yen, lang)}</dd>
        <dt>{t('refund.amount')}</dt>
        <dd data-testid="refund-amount" className={styles.big}>
          {amount === null ? t('refund.chooseKind') : yen(amount, lang)}
        </dd>
      </dl>
      <FormField
        label={t('refund.reason')}
        error={form.formState.errors.reason?.message}
        hint={t('refund.reasonHint')}
      >
        {(f) => <textarea {...f} rows={3} maxLength={500} {...form.register('reason')} />}
      </FormField>
      <div className="actions">
        <button type="submit" className="button-danger" disabled={pending || amount === null}>
          {amount === null ? t('refund.submit') : t('refund.submitAmount', { amount: yen(amount, lang) })}
        </button>
        <button type="button" onClick={close}>
          {t('console:common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The Match button and its dialog (payments.match; shown for a pending bank transfer). */
export function MatchButton({ detail, onDone }: { detail: AdminPaymentDetail; onDone: (m: string) => void }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button-primary" onClick={() => setOpen(true)}>
        {t('match.button')}
      </button>
      <Modal open={open} title={t('match.title', { id: detail.payment.id })} onClose={() => setOpen(false)}>
        {(close) => (
          <MatchForm
            detail={detail}
            close={close}
            onDone={(m) => {
              onDone(m);
              close();
            }}
          />
        )}
      </Modal>
    </>
  );
}

type MatchValues = { user_id: string; amount_yen: string; holder_name: string; reason: string };

/**
 * Matching a pending bank transfer by hand: the member number, the amount and the holder name as the bank
 * statement shows them and a reason; "Check" shows what will be credited, "Match and credit" sends it. The
 * server checks the member and the amount against the payment (its refusal shows under the field) and credits
 * exactly once (a replay answers changed: false).
 */
function MatchForm({
  detail,
  close,
  onDone,
}: {
  detail: AdminPaymentDetail;
  close: () => void;
  onDone: (m: string) => void;
}) {
  const { t } = useTranslation(['payments', 'console']);
  const lang = useLang();
  const queryClient = useQueryClient();
  const p = detail.payment;
  const [checked, setChecked] = useState(false);
  const payload = (v: MatchValues) => ({
    user_id: v.user_id.trim() === '' ? undefined : (parseWhole(v.user_id) ?? NaN),
    amount_yen: v.amount_yen.trim() === '' ? undefined : (parseWhole(v.amount_yen) ?? NaN),
    holder_name: v.holder_name.trim(),
    reason: v.reason.trim(),
  });
  const { form, formRef, onSubmit, pending, formMessage, setFormMessage } = useApiForm<MatchValues, object>({
    defaultValues: { user_id: '', amount_yen: '', holder_name: '', reason: '' },
    resolver: schemaResolver<MatchValues>(adminMatchRequestSchema, payload),
    send: (v) => call(matchTransferRoute, { params: { id: p.id }, body: payload(v) }),
    fields: ['user_id', 'amount_yen', 'holder_name', 'reason'],
    onSuccess: async (res) => {
      const r = res as unknown as { changed: boolean; gems: number };
      onDone(
        r.changed
          ? t('match.done', { id: p.id, gems: formatNumber(r.gems, lang), member: p.user_id })
          : t('match.already', { id: p.id }),
      );
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    },
  });
  // a refusal sends the staff member back to the fields
  const failed = !!formMessage || Object.keys(form.formState.errors).length > 0;
  const review = form.handleSubmit(() => {
    setFormMessage(null);
    setChecked(true);
  });
  const v = form.watch();
  return (
    <form
      ref={formRef}
      onSubmit={(e) => (checked && !failed ? onSubmit(e) : review(e))}
      noValidate
      aria-label={t('match.title', { id: p.id })}
    >
      <p>{t('match.intro')}</p>
      <p className="note">
        {t('match.expect', {
          member: p.user_id,
          amount: yen(p.amount_yen, lang),
          gems: formatNumber(p.gems, lang),
        })}
      </p>
      <FormMessage message={formMessage} />
      <fieldset disabled={checked && !failed} className={styles.plain}>
        <FormField label={t('match.member')} error={form.formState.errors.user_id?.message}>
          {(f) => <input {...f} inputMode="numeric" autoComplete="off" {...form.register('user_id')} />}
        </FormField>
        <FormField label={t('match.amount')} error={form.formState.errors.amount_yen?.message}>
          {(f) => <input {...f} inputMode="numeric" autoComplete="off" {...form.register('amount_yen')} />}
        </FormField>
        <FormField
          label={t('match.holder')}
          error={form.formState.errors.holder_name?.message}
          hint={t('match.holderHint')}
        >
          {(f) => <input {...f} autoComplete="off" maxLength={60} {...form.register('holder_name')} />}
        </FormField>
        <FormField label={t('refund.reason')} error={form.formState.errors.reason?.message}>
          {(f) => <textarea {...f} rows={2} maxLength={500} {...form.register('reason')} />}
        </FormField>
      </fieldset>
      {checked && !failed ? (
        <p className="note note-warn" role="status">
          {t('match.confirm', {
            member: v.user_id.trim(),
            amount: yen(parseWhole(v.amount_yen) ?? 0, lang),
            gems: formatNumber(p.gems, lang),
          })}
        </p>
      ) : null}
      <div className="actions">
        {checked && !failed ? (
          <>
            <button type="submit" className="button-primary" disabled={pending}>
              {t('match.submit')}
            </button>
            <button type="button" onClick={() => setChecked(false)} disabled={pending}>
              {t('match.edit')}
            </button>
          </>
        ) : (
          <button type="submit" className="button-primary">
            {t('match.check')}
          </button>
        )}
        <button type="button" onClick={close}>
          {t('console:common.cancel')}
        </button>
      </div>
    </form>
  );
}
