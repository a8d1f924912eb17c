import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form.tsx';
import { ApiBusyError } from '../../../lib/api.ts';
import { buyPacks } from '../api/buy-packs.ts';
import { checkPurchase } from '../api/check-purchase.ts';
import { usePackDetail } from '../api/get-pack-detail.ts';
import { PurchaseSummary } from '../components/purchase-summary.tsx';
import { NotEnoughModal } from '../components/purchase-modals.tsx';
import { parseCount } from '../purchase.ts';
import styles from './confirm-buy-product-page.module.css';

/**
 * /confirm-buy-product?packId&buyCount (spec §2 Confirm purchase): the pack banner, the amount to spend, held and
 * left (from POST /user/pack/check), Yes (buy → /gacha-animation, replacing this page so Back cannot return to
 * it) and No (→ /pack-detail).
 */
export function ConfirmBuyProductPage() {
  const { t } = useTranslation('gacha');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const count = parseCount(params.get('buyCount'));
  const { data: pack, isPending: packPending } = usePackDetail(packId);
  const check = useQuery({
    queryKey: ['gacha', 'check', packId, count],
    queryFn: () => checkPurchase(Number(packId), count ?? 1),
    enabled: /^\d+$/.test(packId) && count !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnMount: 'always',
  });
  const [error, setError] = useState<string | null>(null);
  const [short, setShort] = useState<'gem' | 'coin' | null>(null);
  const [buying, setBuying] = useState(false);

  if (!packId) return <Navigate to="/" replace />;
  const back = `/pack-detail?${new URLSearchParams({ packId })}`;
  if (count === null) return <Navigate to={back} replace />;
  if (packPending || check.isPending) return <div className="page" aria-busy="true" />;

  const answer = check.data;
  const refusal = answer && !answer.ok ? answer.message : check.isError ? t('errors.network') : null;

  const onYes = async () => {
    if (!answer?.ok) return;
    setBuying(true);
    setError(null);
    try {
      const res = await buyPacks(answer.check.pack_id, answer.check.count);
      if (res.ok) {
        navigate('/gacha-animation', {
          replace: true,
          state: { from: 'confirm-buy-product', purchaseId: res.result.purchase_id },
        });
        return;
      }
      if (res.reason === 'not_enough_gems') setShort('gem');
      else if (res.reason === 'not_enough_coins') setShort('coin');
      else setError(res.message || t('detail.countError'));
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setError(t('errors.network'));
    } finally {
      setBuying(false);
    }
  };

  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('confirmPage.title')}</h1>
      <div className={`card ${styles.panel}`}>
        {pack && (
          <div className={styles.banner}>
            {(pack.banner || pack.image[0]) && (
              <img src={pack.banner || pack.image[0]} alt="" className={styles.bannerImage} />
            )}
            <p className={styles.packName}>{pack.name}</p>
          </div>
        )}
        {answer?.ok ? (
          <>
            <PurchaseSummary check={answer.check} />
            {answer.check.currency === 'coin' && (
              <p className={styles.warning} role="note">
                {t('detail.coinWarning')}
              </p>
            )}
            <p className={styles.question}>{t('confirm.question')}</p>
          </>
        ) : (
          <FormAlert>
            {refusal}{' '}
            {answer && !answer.ok && answer.reason === 'not_enough_gems' && (
              <Link to="/buy-point">{t('confirmPage.buyGems')}</Link>
            )}
          </FormAlert>
        )}
        {error && <FormAlert>{error}</FormAlert>}
        <div className={styles.actions}>
          <Link to={back} className="btn btn-secondary">
            {t('confirm.no')}
          </Link>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!answer?.ok || buying}
            onClick={() => void onYes()}
          >
            {t('confirm.yes')}
          </button>
        </div>
      </div>
      <NotEnoughModal currency={short} onClose={() => setShort(null)} />
    </div>
  );
}

export default ConfirmBuyProductPage;
