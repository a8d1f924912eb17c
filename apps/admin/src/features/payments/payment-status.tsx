import { useTranslation } from 'react-i18next';
import type { AdminPaymentRow } from '@gacha/contract/admin-payments';

/** A payment's state, with its refund (if any) and a match by hand under it. */
export function PaymentStatus({
  payment,
}: {
  payment: Pick<AdminPaymentRow, 'status' | 'refund' | 'matched_by_hand'>;
}) {
  const { t } = useTranslation(['payments', 'members']);
  return (
    <>
      <span className={`status pay-status-${payment.status}`}>
        {t(`members:payments.statuses.${payment.status}`, { defaultValue: payment.status })}
      </span>
      {payment.refund ? (
        <>
          {' '}
          <span className="status pay-status-refunded">{t(`refundStatus.${payment.refund.status}`)}</span>
        </>
      ) : null}
      {payment.matched_by_hand ? (
        <>
          {' '}
          <span className="status">{t('matchedByHand')}</span>
        </>
      ) : null}
    </>
  );
}
