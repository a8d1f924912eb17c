import { Fragment, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMBINI_CODES,
  JAPAN_ONLY_METHODS,
  KATAKANA_NAME,
  normaliseKatakanaName,
  pointBuySchema,
  type CombiniCode,
  type PayStyleItem,
  type PointBuyInput,
} from '@gacha/contract/payments';
import { SelectField, TextField } from '../../../components/form.tsx';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { formatGems, formatYen } from '../../../lib/format.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { messagesResolver, schemaMessages } from '../../../lib/messages-resolver.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { Options } from '@gacha/client/components/options';
import {
  amazonButton,
  amazonCheckout,
  buyPoints,
  usePayStyles,
  usePointPriceDetail,
  type BuyAnswer,
} from '../api/payments.ts';
import { JapanAddressNotice } from '../components/japan-address-notice.tsx';
import { useAlert } from '../components/result-alert.tsx';
import { TaxNote } from '../components/tax-note.tsx';
import { useFollowPurchase } from '../components/use-follow-purchase.ts';
import { withQuery } from '../purchase.ts';
import styles from './payments.module.css';

interface PaymentValues {
  /** The chosen method's id ('' before a choice). */
  pay_id: string;
  combini_code: CombiniCode;
  /** Bank transfer: the transfer name in katakana. */
  name: string;
}

/** What To payment ends in: a POST /user/point/buy (or Amazon Pay) answer to follow, or the provider's page. */
type Outcome = { res: BuyAnswer; payId: number } | { href: string };

/**
 * /confirm-buy-point?pointPriceId&productId (spec §2): the course, the payment choice from /user/pay_style, the
 * customs and shipping notice, Cancel and To payment. Card goes on to /card-input; convenience store asks the
 * chain (default econ); bank transfer asks the katakana transfer name; the redirect methods navigate away.
 */
export function ConfirmBuyPointPage() {
  const { t } = useTranslation('payments');
  const catalogue = useCatalogue();
  const [params] = useSearchParams();
  const pointPriceId = params.get('pointPriceId') ?? '';
  const productId = params.get('productId') ?? '';
  const detail = usePointPriceDetail(pointPriceId);
  const payStyles = usePayStyles(pointPriceId);
  const alert = useAlert();
  const navigate = useNavigate();
  const backToList = withQuery('/buy-point', { productId });

  const course = detail.data?.detail;
  const methods: PayStyleItem[] = payStyles.data?.list ?? [];
  const productIdOrNothing = productId || undefined;

  /** The payload of POST /user/point/buy for these values (the method's own fields only). */
  const toPayload = (v: PaymentValues): PointBuyInput => {
    const payId = Number(v.pay_id);
    return {
      pay_id: payId,
      pointPriceId: course?.id ?? 0,
      ...(payId === 2 ? { combini_code: v.combini_code } : {}),
      ...(payId === 4 ? { name: normaliseKatakanaName(v.name) } : {}),
      productId: productIdOrNothing,
    };
  };
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, watch, setError, formState } = useForm<PaymentValues>({
    defaultValues: { pay_id: '', combini_code: 'econ', name: '' },
    // the contract's pointBuySchema, with this page's words for a missing method and a name not in katakana
    resolver: messagesResolver<PaymentValues>((v) => {
      if (!v.pay_id) return { pay_id: t('confirm.chooseMethod') };
      const out: Record<string, string | undefined> = schemaMessages(pointBuySchema, toPayload(v));
      const holder = normaliseKatakanaName(v.name);
      if (Number(v.pay_id) === 4 && !KATAKANA_NAME.test(holder))
        out.name = holder ? t('confirm.bankNameInvalid') : catalogue('required');
      return out;
    }),
    shouldFocusError: false,
  });
  const { errors } = formState;
  const payId = watch('pay_id') ? Number(watch('pay_id')) : null;
  const chosen = methods.find((m) => m.id === payId) ?? null;

  const follow = useFollowPurchase(alert.show, (message) => {
    setError('name', { type: 'server', message });
    focusFirstError(formRef.current, { name: true });
  });

  // To payment: one request (or Amazon Pay's two) at a time, however often it is pressed
  const pay = useSubmit({
    mutationFn: async ({
      method,
      values,
    }: {
      method: PayStyleItem;
      values: PaymentValues;
    }): Promise<Outcome> => {
      if (method.key === 'amazon_pay') {
        const res = await amazonCheckout(course!.id, productIdOrNothing);
        if (res.state === 200 && !res.url && res.payment_id && res.result !== '1') {
          const button = await amazonButton(res.payment_id);
          if (button.state === 200 && button.url) return { href: button.url };
        }
        return { res, payId: 5 };
      }
      return { res: await buyPoints(toPayload(values)), payId: method.id };
    },
    onSuccess: (outcome) => {
      if ('href' in outcome) window.location.assign(outcome.href);
      else follow(outcome.res, outcome.payId);
    },
    onError: () => alert.show(catalogue('payment_unreachable')),
  });

  const submit = handleSubmit(
    (values) => {
      if (!course || !chosen) return;
      if (chosen.key === 'card') {
        navigate(withQuery('/card-input', { pointPriceId: course.id, productId }));
        return;
      }
      pay.send({ method: chosen, values });
    },
    (invalid) => focusFirstError(formRef.current, invalid),
  );

  const extra =
    chosen?.key === 'combini' ? (
      <div className={styles.extra}>
        <SelectField label={t('confirm.combiniChain')} required {...register('combini_code')}>
          <Options of={COMBINI_CODES} label={(c) => t(`confirm.combini.${c}`)} />
        </SelectField>
      </div>
    ) : chosen?.key === 'bank' ? (
      <div className={styles.extra}>
        <TextField
          label={t('confirm.bankName')}
          required
          maxLength={30}
          autoComplete="off"
          hint={t('confirm.bankNameHint')}
          error={errors.name?.message}
          {...register('name')}
        />
      </div>
    ) : null;

  if (detail.isError || payStyles.isError || !/^\d{1,9}$/.test(pointPriceId)) {
    return (
      <div className={`page ${styles.narrow}`}>
        <h1 className="page-title">{t('common:pages.confirmBuyPoint')}</h1>
        <p role="alert" className={styles.error}>
          {t('confirm.notFound')}
        </p>
        <p>
          <Link to={backToList}>{t('confirm.backToList')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className={`page ${styles.narrow}`}>
      <h1 className="page-title">{t('common:pages.confirmBuyPoint')}</h1>
      <JapanAddressNotice />
      {!course || payStyles.isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <section className={styles.panel} aria-labelledby="confirm-course">
            <h2 id="confirm-course">{t('confirm.course')}</h2>
            <dl className={styles.facts}>
              <dt>{t('confirm.gems')}</dt>
              <dd className={styles.big}>{formatGems(course.point)}</dd>
              <dt>{t('confirm.price')}</dt>
              <dd className={styles.big}>
                {course.discount !== null && course.discount !== course.price && (
                  <span className={styles.strike}>{formatYen(course.price)} </span>
                )}
                {formatYen(course.pay_price)} <TaxNote price={course.pay_price} />
              </dd>
            </dl>
          </section>

          <section className={styles.panel}>
            <fieldset
              className={styles.methods}
              aria-describedby={errors.pay_id ? 'method-error' : undefined}
            >
              <legend className={styles.groupLabel}>
                <h2>{t('confirm.method')}</h2>
              </legend>
              {methods.map((m) => (
                <Fragment key={m.id}>
                  <label className={styles.method}>
                    <input type="radio" value={String(m.id)} {...register('pay_id')} />
                    <span>
                      <span className={styles.methodName}>
                        {m.name}
                        {JAPAN_ONLY_METHODS.includes(m.key) && (
                          <>
                            {' '}
                            <span className={styles.japanOnly}>{t('confirm.japanOnly')}</span>
                          </>
                        )}
                      </span>
                      <span className={styles.methodMemo}>
                        {JAPAN_ONLY_METHODS.includes(m.key) && `${t(`confirm.japanOnlyWhy.${m.key}`)} `}
                        {m.memo}
                      </span>
                    </span>
                  </label>
                  {m.id === payId && extra}
                </Fragment>
              ))}
            </fieldset>
            {errors.pay_id && (
              <p id="method-error" role="alert" className={styles.error}>
                {errors.pay_id.message}
              </p>
            )}
          </section>

          <section className={styles.panel} aria-labelledby="confirm-customs">
            <h2 id="confirm-customs">{t('confirm.customsTitle')}</h2>
            <p className={styles.lead}>{t('confirm.customs')}</p>
            <p className={styles.lead}>{t('confirm.noRefund')}</p>
          </section>

          <div className={styles.actions}>
            <Link className="btn btn-secondary" to={backToList}>
              {t('confirm.cancel')}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={pay.isPending}>
              {t('confirm.toPayment')}
            </button>
          </div>
        </form>
      )}
      {alert.element}
    </div>
  );
}

export default ConfirmBuyPointPage;
