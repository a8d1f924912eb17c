import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../lib/i18n.ts';
import { usePaymentOutcome } from '../api/use-payment-outcome.ts';
import { Checking, ResultView, RetryActions } from '../components/result-view.tsx';

/**
 * /complete-buy-point-paypal?payment_id (spec §2 Payment results): back from PayPal, the payment is confirmed
 * (POST /user/point/append), then 'Thank you very much.' or 'Payment failed. Please use other payment methods.'
 */
export function CompletePaypalPage() {
  const { t } = useTranslation('payments');
  const catalogue = useCatalogue();
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id');
  const outcome = usePaymentOutcome('append', paymentId, Boolean(paymentId));
  const home = (
    <Link className="btn btn-primary" to="/">
      {t('common.toTop')}
    </Link>
  );
  if (paymentId && outcome.isPending) return <Checking text={t('complete.checking')} />;
  const data = outcome.data;
  if (data?.state === 200 && data.result === '1')
    return <ResultView variant="success" title={t('paypal.thanks')} actions={home} />;
  if (data?.state === 200 && data.result === '2')
    return (
      <ResultView variant="pending" title={t('complete.pendingTitle')} actions={home}>
        <p>{t('complete.pending')}</p>
      </ResultView>
    );
  return (
    <ResultView variant="failure" title={catalogue('payment_failed_other')} actions={<RetryActions />} />
  );
}

export default CompletePaypalPage;
