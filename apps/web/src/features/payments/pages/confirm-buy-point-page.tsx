import { Fragment, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMBINI_CODES,
  JAPAN_ONLY_METHODS,
  KATAKANA_NAME,
  normaliseKatakanaName,
  type CombiniCode,
  type PayStyleItem,
} from '@gacha/contract/payments';
import { SelectField, TextField } from '../../../components/form.tsx';
import { ApiBusyError } from '../../../lib/api.ts';
import { formatGems, formatYen } from '../../../lib/format.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import {
  amazonButton,
  amazonCheckout,
  buyPoints,
  usePayStyles,
  usePointPriceDetail,
} from '../api/payments.ts';
import { useAlert } from '../components/result-alert.tsx';
import { useFollowPurchase } from '../components/use-follow-purchase.ts';
import { withQuery } from '../purchase.ts';
import styles from './payments.module.css';

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
  const [payId, setPayId] = useState<number | null>(null);
  const [combini, setCombini] = useState<CombiniCode>('econ');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [methodError, setMethodError] = useState(false);
  const alert = useAlert();
  const navigate = useNavigate();
  const backToList = withQuery('/buy-point', { productId });

  const course = detail.data?.detail;
  const methods: PayStyleItem[] = payStyles.data?.list ?? [];
  const chosen = methods.find((m) => m.id === payId) ?? null;

  const follow = useFollowPurchase(alert.show, setNameError);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!course || !chosen) {
      setMethodError(true);
      return;
    }
    const productIdOrNothing = productId || undefined;
    try {
      switch (chosen.key) {
        case 'card':
          navigate(withQuery('/card-input', { pointPriceId: course.id, productId }));
          return;
        case 'bank': {
          const holder = normaliseKatakanaName(name);
          if (!KATAKANA_NAME.test(holder)) {
            setNameError(holder ? t('confirm.bankNameInvalid') : catalogue('required'));
            return;
          }
          setNameError(undefined);
          follow(
            await buyPoints({
              pay_id: 4,
              pointPriceId: course.id,
              name: holder,
              productId: productIdOrNothing,
            }),
            4,
          );
          return;
        }
        case 'combini':
          follow(
            await buyPoints({
              pay_id: 2,
              pointPriceId: course.id,
              combini_code: combini,
              productId: productIdOrNothing,
            }),
            2,
          );
          return;
        case 'amazon_pay': {
          const res = await amazonCheckout(course.id, productIdOrNothing);
          if (res.state === 200 && !res.url && res.payment_id && res.result !== '1') {
            const button = await amazonButton(res.payment_id);
            if (button.state === 200 && button.url) {
              window.location.assign(button.url);
              return;
            }
          }
          follow(res, 5);
          return;
        }
        default:
          follow(
            await buyPoints({ pay_id: chosen.id, pointPriceId: course.id, productId: productIdOrNothing }),
            chosen.id,
          );
      }
    } catch (err) {
      if (!(err instanceof ApiBusyError)) alert.show(catalogue('payment_unreachable'));
    }
  };

  const extra =
    chosen?.key === 'combini' ? (
      <div className={styles.extra}>
        <SelectField
          label={t('confirm.combiniChain')}
          required
          name="combini_code"
          value={combini}
          onChange={(e) => setCombini(e.target.value as CombiniCode)}
        >
          {COMBINI_CODES.map((c) => (
            <option key={c} value={c}>
              {t(`confirm.combini.${c}`)}
            </option>
          ))}
        </SelectField>
      </div>
    ) : chosen?.key === 'bank' ? (
      <div className={styles.extra}>
        <TextField
          label={t('confirm.bankName')}
          required
          name="name"
          maxLength={30}
          autoComplete="off"
          value={name}
          hint={t('confirm.bankNameHint')}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
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
      {!course || payStyles.isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : (
        <form onSubmit={submit} noValidate>
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
                {formatYen(course.pay_price)}
              </dd>
            </dl>
          </section>

          <section className={styles.panel}>
            <fieldset className={styles.methods} aria-describedby={methodError ? 'method-error' : undefined}>
              <legend className={styles.groupLabel}>
                <h2>{t('confirm.method')}</h2>
              </legend>
              {methods.map((m) => (
                <Fragment key={m.id}>
                  <label className={styles.method}>
                    <input
                      type="radio"
                      name="pay_id"
                      value={m.id}
                      checked={payId === m.id}
                      onChange={() => {
                        setPayId(m.id);
                        setMethodError(false);
                      }}
                    />
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
            {methodError && (
              <p id="method-error" role="alert" className={styles.error}>
                {t('confirm.chooseMethod')}
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
            <button type="submit" className="btn btn-primary">
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
