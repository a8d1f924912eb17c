import { useNavigate, useSearchParams } from 'react-router';
import { appendPoints, completeAmazonCheckout } from '../api/payments.ts';
import { useOnce } from '../components/use-once.ts';

/**
 * /pay-redirect (spec §2): a blank page. Posts the payment_id of the query as the token to
 * POST /user/point/append, then goes to /complete-buy-point with the same query, whatever the answer.
 */
export function PayRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = params.toString();
  useOnce(query, async () => {
    const paymentId = params.get('payment_id');
    if (paymentId) await appendPoints(paymentId).catch(() => undefined);
    navigate(`/complete-buy-point${query ? `?${query}` : ''}`, { replace: true });
  });
  return <div className="page" aria-busy="true" />;
}

/**
 * /amazon-pay-redirect (spec §2): back from Amazon Pay — completes the checkout session, then goes to
 * /complete-buy-point-amazom-pay with the same query.
 */
export function AmazonPayRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = params.toString();
  useOnce(query, async () => {
    await completeAmazonCheckout(params).catch(() => undefined);
    navigate(`/complete-buy-point-amazom-pay${query ? `?${query}` : ''}`, { replace: true });
  });
  return <div className="page" aria-busy="true" />;
}

export default PayRedirectPage;
