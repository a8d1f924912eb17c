import { useRef, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  cardFormSchema,
  cardTokenizerCode,
  HOLDER_NAME_MAX,
  toTokenInput,
  tokenizerMessageKey,
} from '@gacha/contract/payments';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { formatGems, formatYen } from '../../../lib/format.ts';
import { catalogue as translate, useCatalogue } from '../../../lib/i18n.ts';
import { messagesResolver } from '../../../lib/messages-resolver.ts';
import { useSubmit } from '@gacha/client/use-submit';
import {
  buyPoints,
  tokenizeCard,
  usePayStyles,
  usePointPriceDetail,
  usePointPrices,
  type BuyAnswer,
} from '../api/payments.ts';
import { CourseList } from '../components/course-list.tsx';
import { useAlert } from '../components/result-alert.tsx';
import { TaxNote } from '../components/tax-note.tsx';
import { useFollowPurchase } from '../components/use-follow-purchase.ts';
import styles from './payments.module.css';

type Field =
  'number1' | 'number2' | 'number3' | 'number4' | 'expire_month' | 'expire_year' | 'security_code' | 'holder';
type CardValues = Record<Field, string>;
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
/** A group's message is kept on its first field (the one focused). */
const FIRST_OF: Record<Group, Field> = {
  number: 'number1',
  expiry: 'expire_month',
  cvc: 'security_code',
  holder: 'holder',
};
const GROUP_OF_KEY: Record<string, Group> = {
  card_number_invalid: 'number',
  card_expire_invalid: 'expiry',
  card_cvc_invalid: 'cvc',
  card_holder_invalid: 'holder',
};
const EMPTY: CardValues = {
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
 * The card checked on the client (spec §5): cardFormSchema, then the tokenizer's own early checks (an expired
 * card, …); one message per group, in the member's language.
 */
const resolver = messagesResolver<CardValues>((values) => {
  const out: Partial<Record<Field, string>> = {};
  const parsed = cardFormSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIRST_OF[GROUP_OF[issue.path[0] as Field] ?? 'number'];
      out[field] ??= translate(issue.message);
    }
    return out;
  }
  const early = cardTokenizerCode(toTokenInput(parsed.data), new Date());
  const key = early ? tokenizerMessageKey(early) : null;
  const group = key ? GROUP_OF_KEY[key] : undefined;
  if (key && group) out[FIRST_OF[group]] = translate(key);
  return out;
});

/** What paying by card ends in: a tokenizer refusal (its code), or the answer of POST /user/point/buy. */
type Outcome = { code: string } | { res: BuyAnswer };

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
  const alert = useAlert();
  const follow = useFollowPurchase(alert.show);
  const formRef = useRef<HTMLFormElement>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<CardValues>({
    defaultValues: EMPTY,
    resolver,
    shouldFocusError: false,
  });
  const errors: Partial<Record<Group, string>> = Object.fromEntries(
    Object.entries(FIRST_OF).map(([group, field]) => [group, formState.errors[field]?.message]),
  );
  const course = detail.data?.detail;
  const tokenizer = payStyles.data?.card_tokenizer;
  const hosted = tokenizer?.provider === 'stripe_checkout';

  /** A tokenizer code as the member reads it: under its group (focused), or an alert. */
  const showCode = (code: string) => {
    const key = tokenizerMessageKey(code);
    const group = GROUP_OF_KEY[key];
    if (!group) {
      alert.show(catalogue(key));
      return;
    }
    setError(FIRST_OF[group], { type: 'server', message: catalogue(key) });
    focusFirstError(formRef.current, { [FIRST_OF[group]]: true });
  };

  // Pay / To payment: the card goes to the tokenizer, the token to POST /user/point/buy, once per press
  const pay = useSubmit({
    mutationFn: async (card: { values: CardValues; tokenizerUrl: string } | null): Promise<Outcome> => {
      const productIdOrNothing = productId || undefined;
      if (!card)
        return {
          res: await buyPoints({ pay_id: 1, pointPriceId: course!.id, productId: productIdOrNothing }),
        };
      const parsed = cardFormSchema.parse(card.values);
      const input = toTokenInput(parsed);
      const tok = await tokenizeCard(card.tokenizerUrl, {
        card_number: String(input.card_number),
        card_expire: String(input.card_expire),
        security_code: String(input.security_code),
        cardholder_name: String(input.cardholder_name),
      });
      if (tok.code !== 'success' || !('token' in tok)) return { code: tok.code };
      const res = await buyPoints({
        pay_id: 1,
        pointPriceId: course!.id,
        token: tok.token,
        req_card_number: tok.req_card_number,
        card_user_name: parsed.holder,
        productId: productIdOrNothing,
      });
      return { res };
    },
    onSuccess: (outcome) => {
      if ('code' in outcome) showCode(outcome.code);
      else follow(outcome.res, 1);
    },
    onError: () => alert.show(catalogue('payment_unreachable')),
  });

  const submit = handleSubmit(
    (values) => {
      if (!course) return;
      if (!tokenizer || tokenizer.provider !== 'sandbox') {
        alert.show(t('card.unavailable'));
        return;
      }
      pay.send({ values, tokenizerUrl: tokenizer.url });
    },
    (invalid) => focusFirstError(formRef.current, invalid),
  );

  /** Stripe Checkout: the server makes the session; the card is entered on Stripe's page. */
  const toCheckout = (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (course) pay.send(null);
  };

  /** A box of digits: anything else is dropped; a full box moves on to the next. */
  const digits = (field: Field, max: number, next?: Field) => {
    const input = register(field);
    return {
      ...input,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const typed = e.target.value;
        e.target.value = typed.replace(/\D/g, '').slice(0, max);
        const done = e.target.value.length === max && next && typed.length >= max;
        void input.onChange(e).then(() => done && setFocus(next));
      },
    };
  };

  // spec §2 says the legal-notice buttons do nothing; a member asking for the notices gets them
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
      id={`card-${field}`}
      className={`${styles.cardInput} ${extra.className ?? ''}`}
      inputMode="numeric"
      autoComplete={extra.autoComplete}
      maxLength={max}
      aria-label={label}
      aria-invalid={errors[GROUP_OF[field]] ? true : undefined}
      aria-describedby={errors[GROUP_OF[field]] ? `card-${GROUP_OF[field]}-error` : undefined}
      {...digits(field, max, next)}
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
            {t('card.selected', { gems: formatGems(course.point), price: formatYen(course.pay_price) })}{' '}
            <TaxNote price={course.pay_price} />
          </p>
          <div className={styles.actions}>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={pay.isPending}
              aria-busy={pay.isPending || undefined}
            >
              {t('confirm.toPayment')}
            </button>
          </div>
          {legalButtons}
        </form>
      ) : course && payStyles.isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : course ? (
        <form ref={formRef} className={styles.panel} onSubmit={submit} noValidate>
          <p className={styles.lead}>{t('card.lead')}</p>
          <p className={styles.selected}>
            {t('card.selected', { gems: formatGems(course.point), price: formatYen(course.pay_price) })}{' '}
            <TaxNote price={course.pay_price} />
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
              className={`${styles.cardInput} ${styles.wideInput}`}
              autoComplete="cc-name"
              maxLength={HOLDER_NAME_MAX}
              aria-invalid={errors.holder ? true : undefined}
              aria-describedby={errors.holder ? 'card-holder-error' : 'card-holder-hint'}
              {...register('holder')}
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
              disabled={pay.isPending}
              aria-busy={pay.isPending || undefined}
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
