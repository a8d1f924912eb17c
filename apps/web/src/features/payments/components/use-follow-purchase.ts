import { useNavigate } from 'react-router';
import { useCatalogue } from '../../../lib/i18n.ts';
import type { BuyAnswer } from '../api/payments.ts';
import { purchaseAction } from '../purchase.ts';

/**
 * Follows an answer of POST /user/point/buy as spec §4 says: in-app pages, full-page hops (3-D Secure and the
 * providers' pages), a field error (bank transfer name), or an alert with the server's or the method's message.
 */
export function useFollowPurchase(showAlert: (text: string) => void, onField?: (message: string) => void) {
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  return (res: BuyAnswer, payId: number) => {
    const action = purchaseAction(res, payId);
    if (action.kind === 'navigate') navigate(action.to);
    else if (action.kind === 'location') window.location.assign(action.href);
    else if (action.kind === 'field' && onField) onField(action.message);
    else if (action.kind === 'field') showAlert(action.message);
    else if (action.key === 'buy_from_japan') showAlert(catalogue('buy_from_japan'));
    else showAlert(action.message || catalogue(action.key));
  };
}
