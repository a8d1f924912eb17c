import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatYen } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { useBankInfo } from '../api/payments.ts';
import { TaxNote } from '../components/tax-note.tsx';
import { withQuery } from '../purchase.ts';
import styles from './payments.module.css';

/**
 * /bank-transfer-information?payment_id (the amount and the account, GET /user/bank) and
 * /payge-transfer-information?payment_id (the provider gave no account here: the remittance details have been
 * emailed; pay within 3 days), spec §2.
 */
export function BankTransferPage() {
  const { t } = useTranslation('payments');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id');
  const byEmail = pathname.includes('payge-transfer-information');
  const { data, isPending, isError } = useBankInfo(paymentId);
  return (
    <div className={`page ${styles.narrow}`}>
      <h1 className="page-title">
        {t(byEmail ? 'common:pages.paygeTransferInformation' : 'common:pages.bankTransferInformation')}
      </h1>
      {byEmail ? (
        <>
          <p className={styles.lead}>{t('bank.paygeLead')}</p>
          {data && (
            <section className={styles.panel}>
              <dl className={styles.facts}>
                <dt>{t('common.amount')}</dt>
                <dd className={styles.big}>
                  {formatYen(data.price)} <TaxNote price={data.price} />
                </dd>
                <dt>{t('bank.holderName')}</dt>
                <dd>{data.holder_name}</dd>
                <dt>{t('common.due')}</dt>
                <dd>{formatDateTime(data.expires, currentLang())}</dd>
              </dl>
            </section>
          )}
        </>
      ) : isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : isError ? (
        <p className={styles.empty}>{t('common.noPayment')}</p>
      ) : (
        <>
          <p className={styles.lead}>{t('bank.lead')}</p>
          <section className={styles.panel}>
            <dl className={styles.facts}>
              <dt>{t('common.amount')}</dt>
              <dd className={styles.big}>
                {formatYen(data.price)} <TaxNote price={data.price} />
              </dd>
              <dt>{t('bank.bank')}</dt>
              <dd>{data.bank}</dd>
              <dt>{t('bank.branch')}</dt>
              <dd>{data.branch}</dd>
              <dt>{t('bank.accountType')}</dt>
              <dd>{data.account_type}</dd>
              <dt>{t('bank.number')}</dt>
              <dd className={styles.big}>{data.number}</dd>
              <dt>{t('bank.name')}</dt>
              <dd>{data.name}</dd>
              <dt>{t('bank.holderName')}</dt>
              <dd>{data.holder_name}</dd>
              <dt>{t('common.due')}</dt>
              <dd>{formatDateTime(data.expires, currentLang())}</dd>
            </dl>
          </section>
        </>
      )}
      <div className={styles.actions}>
        {data && (
          <Link
            className="btn btn-secondary"
            to={withQuery('/complete-buy-point', { payment_id: data.payment_id, pay_id: 4 })}
          >
            {t('bank.check')}
          </Link>
        )}
        <Link className="btn btn-primary" to="/">
          {t('common.toTop')}
        </Link>
      </div>
    </div>
  );
}

export default BankTransferPage;
