import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePaymentOutcome } from '../api/use-payment-outcome.ts';
import { Checking, ResultView } from '../components/result-view.tsx';

/**
 * /complete-carrier and /error-carrier (spec §2: one page; success when the address contains
 * complete-carrier): 'Thank you for purchasing gems!' or the failure, with Go to Top / HOME. On success the
 * payment is confirmed (POST /user/point/append) so the balance is current.
 */
export function CarrierResultPage() {
  const { t } = useTranslation('payments');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const success = pathname.includes('complete-carrier');
  const paymentId = params.get('payment_id');
  const outcome = usePaymentOutcome('append', paymentId, success && Boolean(paymentId));
  const home = (
    <Link className="btn btn-primary" to="/">
      {t('common.toTop')} / {t('common.home')}
    </Link>
  );
  if (success && paymentId && outcome.isPending) return <Checking text={t('complete.checking')} />;
  if (success) return <ResultView variant="success" title={t('carrier.thanks')} actions={home} />;
  return (
    <ResultView variant="failure" title={t('complete.failureTitle')} actions={home}>
      <p>{t('carrier.failed')}</p>
    </ResultView>
  );
}

export default CarrierResultPage;
