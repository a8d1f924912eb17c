import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form.tsx';
import { buyPacks } from '../api/buy-packs.ts';
import { checkPurchase } from '../api/check-purchase.ts';
import { usePackDetail } from '../api/get-pack-detail.ts';
import { PurchaseSummary } from '../components/purchase-summary.tsx';
import { NotEnoughModal } from '../components/purchase-modals.tsx';
import { parseCount } from '../purchase.ts';
import { refusalView } from '../refusal.ts';
import { usePurchaseCall } from '../use-purchase-call.ts';
import { usePurchaseRefusal } from '../use-purchase-refusal.ts';
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
  const refusal = usePurchaseRefusal();
  // Yes buys once (a double click sends one request) and replaces this page, so Back cannot return to it
  const buying = usePurchaseCall(buyPacks, {
    done: ({ result }) =>
      navigate('/gacha-animation', {
        replace: true,
        state: { from: 'confirm-buy-product', purchaseId: result.purchase_id },
      }),
    refused: refusal.show,
    failed: () => refusal.setMessage(t('errors.network')),
  });

  if (!packId) return <Navigate to="/" replace />;
  const back = `/pack-detail?${new URLSearchParams({ packId })}`;
  if (count === null) return <Navigate to={back} replace />;
  if (packPending || check.isPending) return <div className="page" aria-busy="true" />;

  const answer = check.data;
  const checkRefusal = answer && !answer.ok ? answer.message : check.isError ? t('errors.network') : null;

  const onYes = () => {
    if (!answer?.ok) return;
    refusal.setMessage(null);
    buying.send({ packId: answer.check.pack_id, count: answer.check.count });
  };
  // a check refused for the balance names the way to more gems here; the modal is for a refused buy
  const checkShort = answer && !answer.ok ? refusalView(answer, '') : null;

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
            {checkRefusal}{' '}
            {checkShort?.kind === 'short' && checkShort.currency === 'gem' && (
              <Link to="/buy-point">{t('confirmPage.buyGems')}</Link>
            )}
          </FormAlert>
        )}
        {refusal.message && <FormAlert>{refusal.message}</FormAlert>}
        <div className={styles.actions}>
          <Link to={back} className="btn btn-secondary">
            {t('confirm.no')}
          </Link>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!answer?.ok || buying.isPending}
            onClick={onYes}
          >
            {t('confirm.yes')}
          </button>
        </div>
      </div>
      <NotEnoughModal currency={refusal.short} onClose={refusal.closeShort} />
    </div>
  );
}

export default ConfirmBuyProductPage;
