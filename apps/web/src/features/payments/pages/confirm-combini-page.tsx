import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatYen } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { useCombiniInfo } from '../api/payments.ts';
import { TaxNote } from '../components/tax-note.tsx';
import { withQuery } from '../purchase.ts';
import styles from './payments.module.css';

/** /confirm-combini?payment_id (spec §2): the convenience-store payment URL and receipt number. */
export function ConfirmCombiniPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id');
  const { data, isPending, isError } = useCombiniInfo(paymentId);
  return (
    <div className={`page ${styles.narrow}`}>
      <h1 className="page-title">{t('common:pages.confirmCombini')}</h1>
      {isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : isError ? (
        <p className={styles.empty}>{t('common.noPayment')}</p>
      ) : (
        <>
          <p className={styles.lead}>{t(data.receipt_number ? 'combini.lead' : 'combini.leadNoReceipt')}</p>
          <section className={styles.panel}>
            <dl className={styles.facts}>
              {data.receipt_number && (
                <>
                  <dt>{t('combini.receipt')}</dt>
                  <dd className={styles.big} data-testid="receipt-number">
                    {data.receipt_number}
                  </dd>
                </>
              )}
              <dt>{t('common.amount')}</dt>
              <dd className={styles.big}>
                {formatYen(data.price)} <TaxNote price={data.price} />
              </dd>
              <dt>{t('common.due')}</dt>
              <dd>{formatDateTime(data.expires, currentLang())}</dd>
              <dt>{t('combini.url')}</dt>
              <dd>
                <a href={data.url}>{data.url}</a>
              </dd>
            </dl>
          </section>
          <div className={styles.actions}>
            <a className="btn btn-primary" href={data.url}>
              {t('combini.open')}
            </a>
            <Link
              className="btn btn-secondary"
              to={withQuery('/complete-buy-point', { payment_id: data.payment_id, pay_id: 2 })}
            >
              {t('combini.status')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

export default ConfirmCombiniPage;
