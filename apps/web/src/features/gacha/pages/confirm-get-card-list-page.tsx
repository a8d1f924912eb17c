import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ResultCard } from '@gacha/contract/draws';
import { GemIcon } from '../../../components/currency-icons.tsx';
import { FormAlert } from '../../../components/form.tsx';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { ShippingAddressForm } from '../../../components/shipping-address-form.tsx';
import { WonItemList, type WonItem } from '../../../components/won-item-list.tsx';
import { formatGems } from '../../../lib/format.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { appendAddress } from '../api/append-address.ts';
import { decide } from '../api/decide.ts';
import { parsePurchaseId, usePurchaseResult } from '../api/get-purchase-result.ts';
import { decodeShip, gemsFor, pendingCards, splitDecision } from '../choice.ts';
import styles from './confirm-get-card-list-page.module.css';

/**
 * /confirm-get-card-list?c={purchaseId}&ship={ids} (spec §2 Final confirm): the items to ship, the items to convert
 * and the gem total, Confirm and Back. Shipping with no country address asks for the address first. Confirm →
 * POST /user/pack/decision → /thank-you (state 200 '1' or 204 '-1').
 */
export function ConfirmGetCardListPage() {
  const { t } = useTranslation('gacha');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const purchaseId = parsePurchaseId(params.get('c'));
  const shipParam = params.get('ship');
  const { data: result, isPending, isError, refetch } = usePurchaseResult(purchaseId, { fresh: true });
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [askAddress, setAskAddress] = useState(false);
  // decided: the fresh result (no pending items any more) must not redirect while /thank-you loads
  const [finished, setFinished] = useState(false);
  const shipId = useId();
  const gemsId = useId();

  const cards = useMemo(() => result?.cards ?? [], [result]);
  const addressStep =
    askAddress || (result?.is_country !== '1' && splitDecision(cards, decodeShip(shipParam)).send.length > 0);
  // the address step and the list after it start at the top of the page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [addressStep]);
  const decision = useMemo(() => splitDecision(cards, decodeShip(shipParam)), [cards, shipParam]);
  const purchase = result?.purchase_id ?? purchaseId ?? 0;
  // Confirm: POST /user/pack/decision once, however often it is pressed
  const confirm = useSubmit({
    mutationFn: () => decide(decision.send, decision.reduction),
    onSuccess: (res) => {
      if (res.ok) {
        setFinished(true);
        navigate(`/thank-you?${new URLSearchParams({ c: String(purchase) })}`, {
          replace: true,
          state: { shipped: res.result.shipped, converted: res.result.converted, gems: res.result.gems },
        });
        return;
      }
      // no country address yet: the address form (shipping to Japan is refused with its own message)
      if (res.field === 'address' && res.message !== msg('shipping_to_japan')) setAskAddress(true);
      setError({ field: res.field, message: res.message });
    },
    onError: () => setError({ field: null, message: t('errors.network') }),
  });

  if (isPending || finished) return <PageSkeleton />;
  if (isError || !result || !cards.length) return <Navigate to="/" replace />;

  const id = result.purchase_id ?? purchaseId ?? 0;
  const backUrl = `/get-card-list?${new URLSearchParams({ c: String(id), ...(shipParam ? { ship: shipParam } : {}) })}`;
  if (!pendingCards(cards).length)
    return <Navigate to={`/get-card-list?${new URLSearchParams({ c: String(id) })}`} replace />;

  const byId = new Map(cards.map((c) => [c.history_id, c]));
  const toItem = (c: ResultCard, aside?: ReactNode): WonItem => ({
    key: c.history_id,
    image: c.image,
    name: c.name,
    model_number: c.model_number,
    rarity: c.rarity,
    rarity_label: c.rarity_label,
    numLabel: c.num > 1 ? t('cards.setOf', { count: c.num }) : undefined,
    aside,
  });
  const shipItems = decision.send.map((h) => byId.get(h)!).filter(Boolean);
  const gemItems = decision.reduction.map((h) => byId.get(h)!).filter(Boolean);
  const gems = gemsFor(cards, decision.reduction);
  const needsAddress = shipItems.length > 0 && result.is_country !== '1';
  const showAddress = askAddress || needsAddress;

  const onConfirm = () => {
    setError(null);
    confirm.send();
  };

  if (showAddress) {
    return (
      <div className="page page-narrow">
        <h1 className="page-title">{t('final.title')}</h1>
        <div className={`card ${styles.panel}`}>
          <p className={styles.step}>{t('final.addressStep', { count: shipItems.length })}</p>
          <ShippingAddressForm
            send={appendAddress}
            onSaved={() => {
              setAskAddress(false);
              setError(null);
              void refetch();
            }}
            onCancel={() => navigate(backUrl)}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('final.title')}</h1>
      <p className={styles.sub}>{result.title}</p>
      <div className={`card ${styles.panel}`}>
        {error && <FormAlert>{error.message}</FormAlert>}
        <section aria-labelledby={shipId} className={styles.section}>
          <h2 id={shipId} className={styles.h2}>
            {t('final.toShip', { count: shipItems.length })}
          </h2>
          <WonItemList
            items={shipItems.map((c) => toItem(c, c.action_type === '2' ? t('choose.shipOnly') : undefined))}
            label={t('final.toShipList')}
            empty={t('final.noneToShip')}
          />
          {shipItems.length > 0 && <p className={styles.note}>{t('final.shipNote')}</p>}
        </section>
        <section aria-labelledby={gemsId} className={styles.section}>
          <h2 id={gemsId} className={styles.h2}>
            {t('final.toGems', { count: gemItems.length })}
          </h2>
          <WonItemList
            items={gemItems.map((c) =>
              toItem(
                c,
                <span className={styles.gemAside}>
                  <GemIcon size={14} />+{formatGems(c.buy_point)}
                </span>,
              ),
            )}
            label={t('final.toGemsList')}
            empty={t('final.noneToGems')}
          />
        </section>
        <p className={styles.total}>
          <span>{t('final.gemTotal')}</span>
          <span className={styles.totalValue} data-testid="gem-total">
            <GemIcon size={22} />
            <span className="num">{formatGems(gems)}</span>
          </span>
        </p>
        <p className={styles.warning}>{t('final.warning')}</p>
        <div className={styles.actions}>
          <Link to={backUrl} className="btn btn-secondary">
            {t('actions.back')}
          </Link>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={confirm.isPending}>
            {t('final.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}

export default ConfirmGetCardListPage;
