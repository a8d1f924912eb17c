import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  cardFormSchema,
  cardTokenizerCode,
  HOLDER_NAME_MAX,
  toTokenInput,
  tokenizerMessageKey,
} from '@gacha/contract/payments';
import { ApiBusyError } from '../../../lib/api.ts';
import { formatGems, formatYen } from '../../../lib/format.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import {
  buyPoints,
  tokenizeCard,
  usePayStyles,
  usePointPriceDetail,
  usePointPrices,
} from '../api/payments.ts';
import { CourseList } from '../components/course-list.tsx';
import { useAlert } from '../components/result-alert.tsx';
import { useFollowPurchase } from '../components/use-follow-purchase.ts';
import styles from './payments.module.css';

type Field =
  'number1' | 'number2' | 'number3' | 'number4' | 'expire_month' | 'expire_year' | 'security_code' | 'holder';
type Group = 'number' | 'expiry' | 'cvc' | 'holder';
const GROUP_OF: Record<Field, Group> = {
  number1: 'number',
  number2: 'number',
  number3: 'number',
  number4: 'number',
  expire_month: 'expiry',
  expire_year: 'expiry',
  security_code: 'cvc',
  holder: 'holder',
};
const GROUP_OF_KEY: Record<string, Group> = {
  card_number_invalid: 'number',
  card_expire_invalid: 'expiry',
  card_cvc_invalid: 'cvc',
  card_holder_invalid: 'holder',
};
const EMPTY: Record<Field, string> = {
  number1: '',
  number2: '',
  number3: '',
  number4: '',
  expire_month: '',
  expire_year: '',
  security_code: '',
  holder: '',
};

/**
 * /card-input?pointPriceId&productId (spec §2 Card input, §5): card number in four boxes of 4 digits, expiry
 * month (2) and year (4), security code (3), holder (max 20), checked on the client; the card data goes to the
 * tokenizer named by /user/pay_style, the token to POST /user/point/buy. Tokenizer codes become the 'X is
 * invalid' messages (spec §8). When the card provider is Stripe (`stripe_checkout`) there is no card form: To
 * payment asks the server for a Stripe Checkout page (POST /user/point/buy without a token answers its url) and
 * the card is entered there. The legal-notice buttons lead to the notices. Only the chosen course shows; without
 * one, the course list leads to /confirm-buy-point.
 */
export function CardInputPage() {
  const { t } = useTranslation('payments');
  const catalogue = useCatalogue();
  const [params] = useSearchParams();
  const pointPriceId = params.get('pointPriceId') ?? '';
  const productId = params.get('productId') ?? '';
  const detail = usePointPriceDetail(pointPriceId);
  const payStyles = usePayStyles(pointPriceId && detail.isSuccess ? pointPriceId : '');
  const prices = usePointPrices(1);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Group, string>>>({});
  const [sending, setSending] = useState(false);
  const alert = useAlert();
  const follow = useFollowPurchase(alert.show);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const course = detail.data?.detail;
  const tokenizer = payStyles.data?.card_tokenizer;
  const hosted = tokenizer?.provider === 'stripe_checkout';

  const digits = (field: Field, max: number, next?: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const v = e.target.value.replace(/\D/g, '').slice(0, max);
    setValues((prev) => ({ ...prev, [field]: v }));
    if (v.length === max && next && e.target.value.length >= max) refs.current[next]?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!course || sending) return;
    const parsed = cardFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Group, string>> = {};
      for (const issue of parsed.error.issues) {
        const group = GROUP_OF[issue.path[0] as Field] ?? 'number';
        next[group] ??= catalogue(issue.message);
      }
      setErrors(next);
      return;
    }
    const input = toTokenInput(parsed.data);
    const early = cardTokenizerCode(input, new Date());
    if (early) {
      const key = tokenizerMessageKey(early);
      const group = GROUP_OF_KEY[key];
      if (group) {
        setErrors({ [group]: catalogue(key) });
        return;
      }
    }
    setErrors({});
    if (!tokenizer || tokenizer.provider !== 'sandbox') {
      alert.show(t('card.unavailable'));
      return;
    }
    setSending(true);
    try {
      const tok = await tokenizeCard(tokenizer.url, {
        card_number: String(input.card_number),
        card_expire: String(input.card_expire),
        security_code: String(input.security_code),
        cardholder_name: String(input.cardholder_name),
      });
      if (tok.code !== 'success' || !('token' in tok)) {
        const key = tokenizerMessageKey(tok.code);
        const group = GROUP_OF_KEY[key];
        if (group) setErrors({ [group]: catalogue(key) });
        else alert.show(catalogue(key));
        return;
      }
      follow(
        await buyPoints({
          pay_id: 1,
          pointPriceId: course.id,
          token: tok.token,
          req_card_number: tok.req_card_number,
          card_user_name: parsed.data.holder,
          productId: productId || undefined,
        }),
        1,
      );
    } catch (err) {
      if (!(err instanceof ApiBusyError)) alert.show(catalogue('payment_unreachable'));
    } finally {
      setSending(false);
    }
  };

  /** Stripe Checkout: the server makes the session; the card is entered on Stripe's page. */
  const toCheckout = async (e: FormEvent) => {
    e.preventDefault();
    if (!course || sending) return;
    setSending(true);
    try {
      follow(await buyPoints({ pay_id: 1, pointPriceId: course.id, productId: productId || undefined }), 1);
    } catch (err) {
      if (!(err instanceof ApiBusyError)) alert.show(catalogue('payment_unreachable'));
    } finally {
      setSending(false);
    }
  };

  // spec §2 says the legal-notice buttons do nothing; a member asking for the notices gets them (issue 12)
  const legalButtons = (
    <nav className={styles.legalButtons} aria-label={t('card.legalLabel')}>
      <Link to="/specific-commerce" className="btn btn-secondary btn-sm">
        {t('buy.specificCommerce')}
      </Link>
      <Link to="/fund-settlement" className="btn btn-secondary btn-sm">
        {t('buy.fundSettlement')}
      </Link>
    </nav>
  );

  const input = (
    field: Field,
    label: string,
    max: number,
    next?: Field,
    extra: { autoComplete?: string; className?: string } = {},
  ) => (
    <input
      ref={(el) => {
        refs.current[field] = el;
      }}
      id={`card-${field}`}
      name={field}
      className={`${styles.cardInput} ${extra.className ?? ''}`}
      inputMode="numeric"
      autoComplete={extra.autoComplete}
      maxLength={max}
      value={values[field]}
      aria-label={label}
      aria-invalid={errors[GROUP_OF[field]] ? true : undefined}
      aria-describedby={errors[GROUP_OF[field]] ? `card-${GROUP_OF[field]}-error` : undefined}
      onChange={digits(field, max, next)}
    />
  );
  const errorOf = (group: Group) =>
    errors[group] && (
      <p id={`card-${group}-error`} role="alert" className={styles.error}>
        {errors[group]}
      </p>
    );

  return (
    <div className={`page ${styles.narrow}`}>
      <h1 className="page-title">{t('common:pages.cardInput')}</h1>
      {course && hosted ? (
        <form className={styles.panel} onSubmit={toCheckout} noValidate>
          <p className={styles.lead}>{t('card.hostedLead')}</p>
          <p className={styles.selected}>
            {t('card.selected', { gems: formatGems(course.point), price: formatYen(course.pay_price) })}
          </p>
          <div className={styles.actions}>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {t('confirm.toPayment')}
            </button>
          </div>
          {legalButtons}
        </form>
      ) : course && payStyles.isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : course ? (
        <form className={styles.panel} onSubmit={submit} noValidate>
          <p className={styles.lead}>{t('card.lead')}</p>
          <p className={styles.selected}>
            {t('card.selected', { gems: formatGems(course.point), price: formatYen(course.pay_price) })}
          </p>
          <fieldset className={styles.fieldset}>
            <legend className={styles.groupLabel}>{t('card.number')}</legend>
            <div className={styles.numberRow}>
              {input('number1', t('card.numberPart', { from: 1, to: 4 }), 4, 'number2', {
                autoComplete: 'cc-number',
              })}
              {input('number2', t('card.numberPart', { from: 5, to: 8 }), 4, 'number3')}
              {input('number3', t('card.numberPart', { from: 9, to: 12 }), 4, 'number4')}
              {input('number4', t('card.numberPart', { from: 13, to: 16 }), 4, 'expire_month')}
            </div>
            {errorOf('number')}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.groupLabel}>{t('card.expiry')}</legend>
            <div className={styles.cardRow}>
              {input('expire_month', t('card.month'), 2, 'expire_year', { autoComplete: 'cc-exp-month' })}
              <span className={styles.sep} aria-hidden="true">
                /
              </span>
              {input('expire_year', t('card.year'), 4, 'security_code', { autoComplete: 'cc-exp-year' })}
            </div>
            <p className={styles.hint}>
              {t('card.month')} / {t('card.year')}
            </p>
            {errorOf('expiry')}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.groupLabel}>{t('card.cvc')}</legend>
            {input('security_code', t('card.cvc'), 3, undefined, { autoComplete: 'cc-csc' })}
            <p className={styles.hint}>{t('card.cvcHint')}</p>
            {errorOf('cvc')}
          </fieldset>
          <div className={styles.fieldset}>
            <label className={styles.groupLabel} htmlFor="card-holder">
              {t('card.holder')}
            </label>
            <input
              id="card-holder"
              name="holder"
              className={`${styles.cardInput} ${styles.wideInput}`}
              autoComplete="cc-name"
              maxLength={HOLDER_NAME_MAX}
              value={values.holder}
              aria-invalid={errors.holder ? true : undefined}
              aria-describedby={errors.holder ? 'card-holder-error' : 'card-holder-hint'}
              onChange={(e) =>
                setValues((prev) => ({ ...prev, holder: e.target.value.slice(0, HOLDER_NAME_MAX) }))
              }
            />
            {!errors.holder && (
              <p id="card-holder-hint" className={styles.hint}>
                {t('card.holderHint')}
              </p>
            )}
            {errorOf('holder')}
          </div>
          <div className={styles.actions}>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {t('card.pay', { price: formatYen(course.pay_price) })}
            </button>
          </div>
          {legalButtons}
        </form>
      ) : detail.isPending && pointPriceId ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : (
        <>
          <p className={styles.lead}>{t('card.noCourse')}</p>
          {/* the courses to choose from only while none is chosen: a chosen course is the one paid for */}
          <section aria-labelledby="card-courses">
            <h2 id="card-courses" className="page-title">
              {t('card.coursesTitle')}
            </h2>
            {prices.data && (
              <CourseList
                list={prices.data.list.filter((c) => c.is_free !== '1')}
                productId={productId}
                label={t('card.coursesTitle')}
              />
            )}
          </section>
        </>
      )}
      {alert.element}
    </div>
  );
}

export default CardInputPage;
