import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ResultCard } from '@gacha/contract/draws';
import { GemIcon } from '../../../components/currency-icons.tsx';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { formatDateTime, formatGems } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { parsePurchaseId, usePurchaseResult } from '../api/get-purchase-result.ts';
import { decodeShip, encodeShip, gemsFor, isShipOnly, pendingCards, splitDecision } from '../choice.ts';
import styles from './get-card-list-page.module.css';

/**
 * /get-card-list?c={purchaseId} (spec §2 What you won): the won items as tiles that toggle between ship and
 * convert to gems (shipping-only items are locked to ship); the count to ship and the gems to receive;
 * 'To final confirmation' → /confirm-get-card-list?c=…&ship=…. No cards → /.
 */
export function GetCardListPage() {
  const { t } = useTranslation('gacha');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const purchaseId = parsePurchaseId(params.get('c'));
  const { data: result, isPending, isError } = usePurchaseResult(purchaseId, { fresh: true });
  const [ship, setShip] = useState<Set<number>>(() => decodeShip(params.get('ship')));

  const cards = useMemo(() => result?.cards ?? [], [result]);
  const pending = useMemo(() => pendingCards(cards), [cards]);
  const decided = useMemo(() => cards.filter((c) => c.status !== 'unselected'), [cards]);
  const decision = useMemo(() => splitDecision(cards, ship), [cards, ship]);
  const gems = gemsFor(cards, decision.reduction);

  if (isPending) return <div className="page" aria-busy="true" />;
  if (isError || !result || !cards.length) return <Navigate to="/" replace />;

  const id = result.purchase_id ?? purchaseId ?? 0;
  const choosable = pending.filter((c) => !isShipOnly(c));

  const toggle = (card: ResultCard) => {
    if (isShipOnly(card)) return;
    setShip((prev) => {
      const next = new Set(prev);
      if (next.has(card.history_id)) next.delete(card.history_id);
      else next.add(card.history_id);
      return next;
    });
  };
  const setAll = (toShip: boolean) => setShip(new Set(toShip ? choosable.map((c) => c.history_id) : []));

  const toConfirm = () => {
    const q = new URLSearchParams({ c: String(id) });
    const chosen = encodeShip(decision.send.filter((h) => ship.has(h)));
    if (chosen) q.set('ship', chosen);
    navigate(`/confirm-get-card-list?${q}`);
  };

  return (
    <div className={`page ${styles.page}`}>
      <h1 className="page-title">{t('choose.title')}</h1>
      <p className={styles.sub}>
        <span className={styles.packName}>{result.title}</span>
        {result.created && (
          <span>{t('choose.purchasedAt', { date: formatDateTime(result.created, currentLang()) })}</span>
        )}
        <span>{t('choose.itemsCount', { count: cards.length })}</span>
      </p>

      {pending.length > 0 ? (
        <>
          <div className={styles.notice} role="note">
            <p>{t('choose.notice')}</p>
            <p className={styles.noticeStrong}>{t('choose.final')}</p>
          </div>
          {choosable.length > 1 && (
            <div className={styles.bulk}>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAll(true)}>
                {t('choose.shipAll')}
              </button>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAll(false)}>
                {t('choose.convertAll')}
              </button>
            </div>
          )}
          <ul className={styles.grid} aria-label={t('choose.listLabel')}>
            {pending.map((card) => {
              const locked = isShipOnly(card);
              const shipping = locked || ship.has(card.history_id);
              return (
                <li key={card.history_id}>
                  <button
                    type="button"
                    className={`${styles.tile} ${shipping ? styles.tileShip : styles.tileGems} ${locked ? styles.locked : ''}`}
                    aria-pressed={shipping}
                    aria-disabled={locked || undefined}
                    aria-label={t(locked ? 'choose.tileLocked' : 'choose.tileLabel', { name: card.name })}
                    aria-describedby={`tile-${card.history_id}`}
                    onClick={() => toggle(card)}
                  >
                    <span className={styles.tileImage}>
                      {card.image && <img src={card.image} alt="" loading="lazy" decoding="async" />}
                    </span>
                    <span className={styles.tileText}>
                      <span className={styles.tileTags}>
                        <RarityBadge rarity={card.rarity} label={card.rarity_label} />
                        {card.num > 1 && (
                          <span className={styles.set}>{t('cards.setOf', { count: card.num })}</span>
                        )}
                      </span>
                      <span className={styles.tileName}>{card.name}</span>
                      {card.model_number && <span className={styles.tileModel}>{card.model_number}</span>}
                    </span>
                    <span className={styles.choice} id={`tile-${card.history_id}`}>
                      {shipping ? (
                        <>
                          {locked ? <LockIcon /> : <TruckIcon />}
                          {locked ? t('choose.shipOnly') : t('choose.ship')}
                        </>
                      ) : (
                        <>
                          <GemIcon size={16} />
                          {t('choose.toGems', { gems: formatGems(card.buy_point) })}
                        </>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className={styles.summaryBar}>
            <dl className={styles.summary}>
              <div>
                <dt>{t('choose.shipCount')}</dt>
                <dd className="num" data-testid="ship-count">
                  {decision.send.length}
                </dd>
              </div>
              <div>
                <dt>{t('choose.gemsToReceive')}</dt>
                <dd className="num" data-testid="gems-to-receive">
                  <GemIcon size={16} /> {formatGems(gems)}
                </dd>
              </div>
            </dl>
            <button type="button" className={`btn btn-primary ${styles.next}`} onClick={toConfirm}>
              {t('choose.toConfirm')}
            </button>
          </div>
        </>
      ) : (
        <div className={`card ${styles.done}`} role="status">
          <p>{t('choose.allDecided')}</p>
          <Link
            to={`/buy-product-history-detail?${new URLSearchParams({ packHistoryId: String(id) })}`}
            className="btn btn-primary"
          >
            {t('choose.seeDetail')}
          </Link>
        </div>
      )}

      {decided.length > 0 && pending.length > 0 && (
        <p className={styles.decidedNote}>{t('choose.someDecided', { count: decided.length })}</p>
      )}
    </div>
  );
}

function TruckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        d="M2 6h11v9H2zM13 9h4l3 3v3h-7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="6" cy="17" r="2" fill="currentColor" />
      <circle cx="17" cy="17" r="2" fill="currentColor" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2.2" />
    </svg>
  );
}

export default GetCardListPage;
