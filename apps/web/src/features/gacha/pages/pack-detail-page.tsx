import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PackCheckResult } from '@gacha/contract/draws';
import { MAX_PRACTICE_COUNT } from '@gacha/contract/limits';
import { Options } from '@gacha/client/components/options';
import { CoinIcon, GemIcon } from '../../../components/currency-icons.tsx';
import { SaleCountdown } from '../../../components/sale-countdown.tsx';
import { formatDate, formatDateTime, formatGems } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { packPhaseAt } from '../../../lib/pack-phase.ts';
import { isLoggedIn, useCurrentUser } from '../../../lib/session.ts';
import { usePackPlays } from '../api/get-pack-plays.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useClock } from '../../../lib/use-now.ts';
import { buyPacks } from '../api/buy-packs.ts';
import { checkPurchase } from '../api/check-purchase.ts';
import { usePackDetail } from '../api/get-pack-detail.ts';
import { FairnessPanel } from '../components/fairness-panel.tsx';
import { LiveOdds } from '../components/live-odds.tsx';
import { PracticeBadge } from '../components/practice-badge.tsx';
import { ImageCarousel } from '../components/image-carousel.tsx';
import { PackCardList } from '../components/pack-card-list.tsx';
import { PackDescription } from '../components/pack-description.tsx';
import { PackDetailSkeleton } from '../components/pack-detail-skeleton.tsx';
import { ReleaseRoom } from '../components/release-room.tsx';
import { NotEnoughModal, PurchaseConfirmModal } from '../components/purchase-modals.tsx';
import { countOptions, listPrice, maxPurchaseCount } from '../purchase.ts';
import { usePurchaseCall } from '../use-purchase-call.ts';
import { usePracticeCall } from '../use-practice-call.ts';
import { usePurchaseRefusal } from '../use-purchase-refusal.ts';
import { useReleaseRoom } from '../use-release-room.ts';
import styles from './pack-detail-page.module.css';
import { PageUnavailable } from '../../../components/page-unavailable.tsx';

/**
 * /pack-detail?packId (spec §2 Pack detail): images, name, price per play, total and remaining counts (fetched
 * again on every entry and after every purchase), end of sale, the count select, total, BUY, the countdown to
 * the JST start, the description, the card list with its popup, and the fairness panel.
 * BUY: a guest goes to /login?packId; a member's count is checked (POST /user/pack/check), confirmed in a modal
 * and bought (POST /user/pack/buy) → /gacha-animation. Refusals show the count error or the balance modals.
 * The live odds beside the fairness panel, and a free practice draw (guests too) → /practice-draw.
 * A pack sold through a release room (docs/fairness.md § 10) shows the room beside the buy box; a member buys
 * only in their turn. A pack without one is as if rooms did not exist.
 */
export function PackDetailPage() {
  const { t } = useTranslation('gacha');
  const [params] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const navigate = useNavigate();
  const { data: pack, isPending, isError, refetch } = usePackDetail(packId);
  const { data: user, isPending: userPending } = useCurrentUser();
  const hydrated = useHydrated();
  const countId = useId();
  const errorId = useId();
  const descId = useId();
  const cardsId = useId();
  const practiceHintId = useId();
  const holdId = useId();

  const [count, setCount] = useState(1);
  const [check, setCheck] = useState<PackCheckResult | null>(null);
  // refusals: the balance modals, or the message under the count (spec §2: the page shows a count error)
  const refusal = usePurchaseRefusal();
  const countError = refusal.message;
  const loginPath = `/login?${new URLSearchParams({ packId: String(pack?.id ?? packId) })}`;

  const checking = usePurchaseCall(checkPurchase, {
    done: (answer) => setCheck(answer.check),
    // a refusal for want of a session goes to /login?packId= (usePurchaseCall)
    refused: (answer) => {
      refusal.show(answer);
      void refetch();
    },
    failed: () => refusal.setMessage(t('errors.network')),
  });
  // refused (sold out meanwhile, above what is left, …) or unanswered: the modal closes and the counts are
  // shown as they are now
  const buying = usePurchaseCall(buyPacks, {
    done: ({ result }) =>
      navigate('/gacha-animation', { state: { from: 'pack-detail', purchaseId: result.purchase_id } }),
    refused: (answer) => {
      setCheck(null);
      refusal.show(answer);
      void refetch();
    },
    failed: () => {
      setCheck(null);
      refusal.setMessage(t('errors.network'));
      void refetch();
    },
  });

  const practice = usePracticeCall((result) =>
    navigate(`/practice-draw?${new URLSearchParams({ packId: String(result.pack_id) })}`, {
      state: { result },
    }),
  );

  const phase = useClock((now) => (pack ? packPhaseAt(pack, now) : null));
  // a limited pack: the member's plays left (the count select offers no more than those)
  const plays = usePackPlays(packId, pack?.can_limit === 1 && isLoggedIn(user));
  const playsLeft = pack?.can_limit === 1 ? (plays.data?.left ?? null) : null;
  const max = pack ? Math.min(maxPurchaseCount(pack), playsLeft ?? Number.POSITIVE_INFINITY) : 0;
  const room = useReleaseRoom(packId, isLoggedIn(user), phase === 'before' || phase === 'onSale');

  // the countdown reached zero: load the pack again (now on sale)
  useEffect(() => {
    if (phase === 'onSale' && pack?.is_before) void refetch();
  }, [phase, pack?.is_before, refetch]);

  // keep the chosen count inside the (fresh) limits
  useEffect(() => {
    if (max > 0 && count > max) setCount(max);
  }, [max, count]);

  if (!packId) return null;
  if (isPending) return <PackDetailSkeleton />;
  if (isError || !pack) {
    return <PageUnavailable title={t('detail.notFound')} to="/" action={t('actions.home')} />;
  }

  const isCoin = pack.payment_method === 2;
  const images = pack.image?.length ? pack.image : pack.banner ? [pack.banner] : [];
  // a member waiting in the pack's release room buys in their turn (the server refuses before it)
  const hold = phase === 'onSale' && max > 0 ? room.hold : null;
  const canBuy = phase === 'onSale' && max > 0 && hold === null;
  const limitReached = phase === 'onSale' && playsLeft === 0;
  const unit = isCoin ? t('unit.coins') : t('unit.gems');
  const Icon = isCoin ? CoinIcon : GemIcon;

  const onBuy = () => {
    refusal.setMessage(null);
    if (!isLoggedIn(user)) {
      navigate(loginPath);
      return;
    }
    checking.send({ packId: pack.id, count });
  };

  const status =
    phase === 'soldOut'
      ? t('detail.soldOut')
      : phase === 'ended'
        ? t('detail.ended')
        : limitReached
          ? t('detail.limitReached')
          : null;
  // a practice draw needs lots left and a sale that has not ended
  const canPractise = (phase === 'onSale' || phase === 'before') && pack.pack_count > 0;

  return (
    <div className="page">
      <nav className={styles.crumbs} aria-label={t('detail.breadcrumb')}>
        <Link to="/">{t('actions.home')}</Link>
        <span aria-hidden="true">›</span>
        <span aria-current="page">{pack.name}</span>
      </nav>
      <div className={styles.layout}>
        <div className={styles.media}>
          <ImageCarousel images={images} alt={pack.name}>
            {status && <span className={styles.ribbon}>{status}</span>}
          </ImageCarousel>
        </div>

        <div className={`card ${styles.info}`}>
          {isCoin && <span className={styles.coinTag}>{t('detail.coinPack')}</span>}
          <h1 className={styles.name}>{pack.name}</h1>
          <p className={`${styles.price} ${isCoin ? styles.priceCoin : ''}`}>
            <Icon size={28} />
            <span className="num">{formatGems(pack.point)}</span>
            <span className={styles.unit}>{unit}</span>
            <span className={styles.per}>{t('detail.perPlay')}</span>
          </p>

          <dl className={styles.facts}>
            <div>
              <dt>{t('detail.total')}</dt>
              <dd className="num">{t('detail.lots', { count: pack.total_pack_count })}</dd>
            </div>
            <div>
              <dt>{t('detail.remaining')}</dt>
              <dd className="num" data-testid="remaining">
                {formatGems(pack.pack_count)} / {formatGems(pack.total_pack_count)}
              </dd>
            </div>
            <div>
              <dt>{t('detail.endDate')}</dt>
              <dd className="num">{formatDate(pack.format_end_date, currentLang()) || t('detail.noEnd')}</dd>
            </div>
            {pack.max_buy_count > 0 && (
              <div>
                <dt>{t('detail.maxPerPurchase')}</dt>
                <dd className="num">{t('detail.lots', { count: pack.max_buy_count })}</dd>
              </div>
            )}
          </dl>

          {pack.can_limit === 1 && (
            <p className={styles.limit} role="note">
              <strong>{t('detail.limitTitle')}</strong>
              {pack.limit_message || t('detail.limitDefault', { count: pack.limit_count })}
            </p>
          )}
          {isCoin && (
            <p className={styles.warning} role="note">
              {t('detail.coinWarning')}
            </p>
          )}

          {phase === 'before' && (
            <div className={styles.countdown} role="timer" aria-live="off">
              <span className={styles.countdownLabel}>{t('detail.startsIn')}</span>
              <span className={`num ${styles.countdownTime}`}>
                <SaleCountdown pack={pack} />
              </span>
              <span className={styles.countdownDate}>
                {t('detail.startsAt', {
                  date: formatDateTime(pack.start_at || pack.start_date, currentLang()),
                })}
              </span>
            </div>
          )}

          {room.room && (
            <ReleaseRoom
              room={room.room}
              member={userPending ? null : isLoggedIn(user)}
              loginPath={loginPath}
              join={room.join}
            />
          )}

          {canBuy && (
            <div className={styles.buyBox}>
              <div className={styles.countRow}>
                <label htmlFor={countId} className={styles.countLabel}>
                  {t('detail.count')}
                </label>
                <div className={styles.selectWrap}>
                  <select
                    id={countId}
                    className={styles.select}
                    value={count}
                    onChange={(e) => {
                      setCount(Number(e.target.value));
                      refusal.setMessage(null);
                    }}
                    aria-invalid={countError ? true : undefined}
                    aria-describedby={countError ? errorId : undefined}
                  >
                    <Options of={countOptions(max)} label={(n) => t('detail.countOption', { count: n })} />
                  </select>
                </div>
              </div>
              <p className={styles.total}>
                <span>{t('detail.totalAmount')}</span>
                <span className={styles.totalValue}>
                  <Icon size={20} />
                  <span className="num">{formatGems(listPrice(pack.point, count))}</span>
                  <span className={styles.totalUnit}>{unit}</span>
                </span>
              </p>
            </div>
          )}
          {playsLeft !== null && plays.data?.limit != null && (
            <p className={styles.playsLeft} data-testid="plays-left">
              {t('detail.playsLeft', { count: playsLeft, limit: plays.data.limit })}
            </p>
          )}
          {countError && (
            <p id={errorId} className={styles.countError} role="alert">
              {countError}
            </p>
          )}

          <button
            type="button"
            className={`btn btn-primary btn-block ${styles.buy}`}
            disabled={!hydrated || !canBuy || checking.isPending}
            onClick={onBuy}
            aria-describedby={hold ? holdId : undefined}
          >
            {status ?? (phase === 'before' ? t('detail.comingSoon') : t('detail.buy'))}
          </button>
          {hold && (
            <p id={holdId} className={styles.guestNote} data-testid="room-hold">
              {t(`room.hold.${hold}`)}
            </p>
          )}
          {!isLoggedIn(user) && canBuy && (
            <p className={styles.guestNote} data-testid="guest-note">
              {t('detail.guestNote')}
            </p>
          )}
          {canPractise && (
            <div className={styles.practice}>
              <button
                type="button"
                className={`btn btn-secondary btn-block ${styles.practiceButton}`}
                disabled={!hydrated || practice.isPending}
                onClick={() => practice.send(pack.id, Math.min(count, MAX_PRACTICE_COUNT))}
                aria-describedby={practiceHintId}
              >
                {t('practice.button')} <PracticeBadge />
              </button>
              <p id={practiceHintId} className={styles.practiceHint}>
                {t('practice.buttonHint')}
              </p>
              {practice.message && (
                <p className={styles.countError} role="alert">
                  {practice.message}
                </p>
              )}
            </div>
          )}
          <Link to="/specific-commerce" className={styles.legal}>
            {t('detail.legal')}
          </Link>
        </div>
      </div>

      <div className={styles.sections}>
        {pack.detail && (
          <section className={`card ${styles.section}`} aria-labelledby={descId}>
            <h2 id={descId} className={styles.sectionTitle}>
              {t('detail.description')}
            </h2>
            <PackDescription html={pack.detail} labelledBy={descId} />
          </section>
        )}
        {pack.show_cardlist === '1' && (
          <section className={`card ${styles.section}`} aria-labelledby={cardsId}>
            <h2 id={cardsId} className={styles.sectionTitle}>
              {t('cards.title')}
            </h2>
            <PackCardList packId={packId} />
          </section>
        )}
        <LiveOdds packId={packId} pushed={room.live} />
        <FairnessPanel packId={packId} />
        <p className={styles.footLinks}>
          <Link to="/specific-commerce">{t('detail.legal')}</Link>
        </p>
      </div>

      <PurchaseConfirmModal
        check={check}
        packName={pack.name}
        busy={buying.isPending}
        onYes={() => check && buying.send({ packId: pack.id, count: check.count })}
        onNo={() => setCheck(null)}
      />
      <NotEnoughModal currency={refusal.short} onClose={refusal.closeShort} />
    </div>
  );
}

/**
 * The routes' component. /buy-product?packId (spec §2, protected: the guard has already sent a guest to
 * /login?packId=) shares this chunk, so the Top page's bundle stays as it is, and goes to
 * /pack-detail?packId=<id>, or to / without a valid id.
 */
export default function PackDetailRoute() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname.replace(/\/+$/, '') === '/buy-product') {
    const packId = params.get('packId') ?? '';
    const to = /^\d{1,10}$/.test(packId) ? `/pack-detail?${new URLSearchParams({ packId })}` : '/';
    return <Navigate to={to} replace />;
  }
  return <PackDetailPage />;
}
