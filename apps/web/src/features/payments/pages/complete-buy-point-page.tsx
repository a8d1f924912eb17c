import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatGems } from '../../../lib/format.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { currentUserKey } from '../../../lib/session.ts';
import { usePaymentOutcome } from '../api/use-payment-outcome.ts';
import { Checking, ResultView, RetryActions } from '../components/result-view.tsx';
import { failureKey, withQuery } from '../purchase.ts';

/**
 * /complete-buy-point?payment_id&append (spec §2, §4): append=true (the free grant) or an end result of '1' is
 * an immediate success; '2' is still waiting (convenience store, bank transfer); otherwise the method's failure
 * message. Also the Amazon Pay result page (/complete-buy-point-amazom-pay). The header balance is refreshed.
 */
export function CompleteBuyPointPage({ payId }: { payId?: number }) {
  const { t } = useTranslation('payments');
  const catalogue = useCatalogue();
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id');
  const append = params.get('append') === 'true';
  const outcome = usePaymentOutcome('end', paymentId, !append);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (append) void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [append, queryClient]);

  const actions = (packId?: number | null) => (
    <>
      {packId ? (
        <Link className="btn btn-primary" to={`/pack-detail?packId=${packId}`}>
          {t('common.backToPack')}
        </Link>
      ) : (
        <Link className="btn btn-primary" to="/">
          {t('common.toTop')}
        </Link>
      )}
      <Link className="btn btn-secondary" to="/buy-point-history">
        {t('common.history')}
      </Link>
    </>
  );

  if (append) {
    return (
      <ResultView variant="success" title={t('complete.successTitle')} actions={actions()}>
        <p>{t('complete.successFree')}</p>
      </ResultView>
    );
  }
  if (outcome.isPending) return <Checking text={t('complete.checking')} />;
  const data = outcome.data;
  if (data?.state === 200 && data.result === '1') {
    return (
      <ResultView variant="success" title={t('complete.successTitle')} actions={actions(data.pack_id)}>
        <p>{t('complete.success', { gems: formatGems(Number(data.point ?? 0)) })}</p>
      </ResultView>
    );
  }
  if (data?.state === 200 && data.result === '2') {
    const pay = Number(data.pay_id ?? payId);
    const detailLink =
      pay === 2
        ? withQuery('/confirm-combini', { payment_id: data.payment_id })
        : pay === 4
          ? withQuery('/bank-transfer-information', { payment_id: data.payment_id })
          : null;
    return (
      <ResultView
        variant="pending"
        title={t('complete.pendingTitle')}
        actions={
          <>
            {detailLink && (
              <Link className="btn btn-primary" to={detailLink}>
                {pay === 2 ? t('combini.receipt') : t('bank.number')}
              </Link>
            )}
            <Link className="btn btn-secondary" to="/">
              {t('common.toTop')}
            </Link>
          </>
        }
      >
        <p>{t('complete.pending')}</p>
      </ResultView>
    );
  }
  const failedPay = Number(data?.pay_id ?? payId ?? params.get('pay_id'));
  return (
    <ResultView variant="failure" title={t('complete.failureTitle')} actions={<RetryActions />}>
      <p>{data?.message || catalogue(failureKey(failedPay))}</p>
    </ResultView>
  );
}

export default CompleteBuyPointPage;
