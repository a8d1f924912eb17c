import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { BuyRankInput } from '@gacha/contract/coins';
import { RANKS, rankForSpend } from '@gacha/contract/user';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { CoinIcon, GemIcon } from '../../../components/currency-icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { PointTransfer } from '../../../components/point-transfer.tsx';
import { RankIcon } from '../../../components/rank-icon.tsx';
import { firstError } from '../../../lib/api.ts';
import { formatCoinTenths, formatGems, formatName } from '../../../lib/format.ts';
import { currentLang, useCatalogue } from '../../../lib/i18n.ts';
import { CONTACT_PATH } from '../../../lib/links.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { userDetailKey, useUserDetail } from '../../../lib/user-detail.ts';
import { logout } from '../../../lib/logout.ts';
import { buyRank } from '../api/member-api.ts';
import { CouponEntry } from '../components/coupon-entry.tsx';
import { ReferralBlock } from '../components/referral-block.tsx';
import { SmsPopup } from '../components/sms-popup.tsx';
import { Toast } from '../components/toast.tsx';
import { rankBarPercent } from '../rank-bar.ts';
import styles from './my-page.module.css';

const icons: Record<string, ReactNode> = {
  sms: (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10 18.5h4" strokeLinecap="round" />
      <path d="M9.5 10l2 2 3.5-3.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ),
  gems: (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 3h12l4 6-10 12L2 9z" strokeLinejoin="round" />
      <path d="M2 9h20M9 3l3 18 3-18" strokeLinejoin="round" />
    </svg>
  ),
  history: (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 2.5h9l4 4V21a.5.5 0 0 1-.5.5h-12A.5.5 0 0 1 6 21z" strokeLinejoin="round" />
      <path d="M9 11h7M9 15h7M9 7h4" strokeLinecap="round" />
    </svg>
  ),
  coins: (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
      <ellipse cx="12" cy="6.5" rx="7.5" ry="3" />
      <path d="M4.5 6.5v5c0 1.7 3.4 3 7.5 3s7.5-1.3 7.5-3v-5" />
      <path d="M4.5 11.5v5c0 1.7 3.4 3 7.5 3s7.5-1.3 7.5-3v-5" />
    </svg>
  ),
  exchange: (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="4" width="9" height="13" rx="1.5" />
      <path
        d="M15 7h6M18.5 4.5 21 7l-2.5 2.5M21 17h-6M17.5 14.5 15 17l2.5 2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  ),
  guide: (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
      <path
        d="M3 5.5c3-1.5 6-1.5 9 .5 3-2 6-2 9-.5V20c-3-1.5-6-1.5-9 .5-3-2-6-2-9-.5z"
        strokeLinejoin="round"
      />
      <path d="M12 6v14" />
    </svg>
  ),
  contact: (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
      <path d="M8 9.5h8M8 12.5h5" strokeLinecap="round" />
    </svg>
  ),
  settings: (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="3" />
      <path
        d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"
        strokeLinejoin="round"
      />
    </svg>
  ),
};

/**
 * /my-page (spec §2, §4): member number, name, the monthly rank bar, next month's rank, the maintain-rank
 * button, icon links, the referral block (end_sms '1'; #referral scrolls to it), the coupon entry and logout.
 */
export function MyPage() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: detail, isPending, isError, refetch } = useUserDetail();
  const { data: user } = useCurrentUser();
  const [smsOpen, setSmsOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [maintainOpen, setMaintainOpen] = useState(false);
  const clearToast = useCallback(() => setToast(null), []);
  // Maintain rank: POST /user/buy_rank once, however often Confirm is pressed
  const maintain = useSubmit({
    mutationFn: (input: BuyRankInput) => buyRank(input),
    onSuccess: async (res) => {
      setMaintainOpen(false);
      if (res.state === 200) {
        await queryClient.invalidateQueries({ queryKey: userDetailKey });
        setAlert(t('myPage.maintainDone'));
        return;
      }
      setAlert(firstError(res.errors, 'count') ?? res.message ?? msg('server_error'));
    },
    onError: () => {
      setMaintainOpen(false);
      setAlert(msg('server_error'));
    },
  });

  const showReferral = detail?.end_sms === '1' && Boolean(detail.referral_code);
  useEffect(() => {
    if (location.hash !== '#referral' || !showReferral) return;
    const el = document.getElementById('referral');
    el?.scrollIntoView({ block: 'start' });
    el?.focus({ preventScroll: true });
  }, [location.hash, showReferral]);

  if (isPending) return <PageSkeleton blocks={3} />;
  if (isError || !detail) {
    return (
      <div className="page page-narrow">
        <div className={`card ${styles.panel}`} role="alert">
          <p>{msg('server_error')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
            {t('myPage.title')}
          </button>
        </div>
      </div>
    );
  }

  const lang = currentLang();
  const percent = rankBarPercent(detail.rank_current_price, detail.rank_max_price);
  const coinTenths = user?.coin_tenths ?? 0;
  const rankCoin = Number(detail.rank_coin) || 0;
  // the rank above the one this month's spend earns: what remaining_point more gems lead to next month
  const rankAbove = RANKS.find((r) => r.id === rankForSpend(detail.rank_current_price).id + 1);

  const onSms = () => {
    if (detail.end_sms === '0') setSmsOpen(true);
    else setAlert(msg('sms_already_done'));
  };

  const onMaintain = () => {
    if (coinTenths >= rankCoin * 10) setMaintainOpen(true);
    else setAlert(t('myPage.notEnoughCoins'));
  };

  const onLogout = async () => {
    try {
      if (await logout()) navigate('/login');
    } catch {
      navigate('/login');
    }
  };

  const linkItems: Array<{ key: string; icon: ReactNode; node: (children: ReactNode) => ReactNode }> = [
    {
      key: detail.end_sms === '1' ? 'smsDone' : 'sms',
      icon: icons.sms,
      node: (c) => (
        <button type="button" className={styles.iconLink} onClick={onSms}>
          {c}
        </button>
      ),
    },
    {
      key: 'gemsHistory',
      icon: icons.gems,
      node: (c) => (
        <Link to="/buy-point-history" className={styles.iconLink}>
          {c}
        </Link>
      ),
    },
    {
      key: 'buyingHistory',
      icon: icons.history,
      node: (c) => (
        <Link to="/buy-product-history" className={styles.iconLink}>
          {c}
        </Link>
      ),
    },
    {
      key: 'coinHistory',
      icon: icons.coins,
      node: (c) => (
        <Link to="/coin-history" className={styles.iconLink}>
          {c}
        </Link>
      ),
    },
    {
      key: 'exchange',
      icon: icons.exchange,
      node: (c) => (
        <Link to="/exchange-card" className={styles.iconLink}>
          {c}
        </Link>
      ),
    },
    {
      key: 'userGuide',
      icon: icons.guide,
      node: (c) => (
        <Link to="/user-guide" className={styles.iconLink}>
          {c}
        </Link>
      ),
    },
    {
      key: 'contact',
      icon: icons.contact,
      node: (c) => (
        <Link to={CONTACT_PATH} className={styles.iconLink}>
          {c}
        </Link>
      ),
    },
    {
      key: 'settings',
      icon: icons.settings,
      node: (c) => (
        <Link to="/user-menu" className={styles.iconLink}>
          {c}
        </Link>
      ),
    },
  ];

  return (
    <div className={`page ${styles.page}`}>
      <h1 className="visually-hidden">{t('myPage.title')}</h1>
      <section className={`card ${styles.profile}`} aria-label={t('myPage.title')}>
        <div className={styles.who}>
          <RankIcon rank={detail.rank} size={56} />
          <div className={styles.whoText}>
            <p className={styles.memberNo}>
              {t('myPage.memberNumber')} <span className="num">{detail.id}</span>
            </p>
            <p className={styles.name}>{t('myPage.honorific', { name: formatName(detail, lang) })}</p>
          </div>
        </div>
        <div className={styles.balances}>
          <span className={styles.balance}>
            <GemIcon size={18} />
            <span className="visually-hidden">{t('myPage.gems')}</span>
            <span className="num">{formatGems(detail.availablePoint)}</span>
          </span>
          <span className={styles.balance}>
            <CoinIcon size={18} />
            <span className="visually-hidden">{t('myPage.coins')}</span>
            <span className="num">{formatCoinTenths(coinTenths)}</span>
          </span>
        </div>
      </section>

      <section className={`card ${styles.rank}`} aria-labelledby="rank-title">
        <div className={styles.rankHead}>
          <h2 id="rank-title" className={styles.sectionTitle}>
            {t('myPage.rankTitle')}
          </h2>
          <span className={styles.rankName}>
            <RankIcon rank={detail.rank} size={26} />
            {detail.rank_name}
          </span>
        </div>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('myPage.rankProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={`${formatGems(detail.rank_current_price)} / ${formatGems(detail.rank_max_price)}`}
        >
          <span className={styles.barFill} style={{ width: `${percent}%` }} />
        </div>
        <div className={styles.barNumbers}>
          <span className="num">{formatGems(detail.rank_current_price)}</span>
          <span className="num">{formatGems(detail.rank_max_price)}</span>
        </div>
        <p className={styles.rankNote}>
          {detail.remaining_point > 0 && rankAbove
            ? t('myPage.rankRemaining', {
                amount: formatGems(detail.remaining_point),
                rank: rankAbove.name[lang],
              })
            : t('myPage.rankTop')}
        </p>
        <div className={styles.nextMonth}>
          <span>{t('myPage.nextMonth')}</span>
          <span className={styles.rankName}>
            <RankIcon rank={detail.next_month} size={22} />
            {detail.next_month_name}
          </span>
        </div>
        {detail.is_rank_maintained && (
          <button type="button" className="btn btn-primary btn-block" onClick={onMaintain}>
            <CoinIcon size={18} />
            {t('myPage.maintain', { coins: formatGems(rankCoin) })}
          </button>
        )}
      </section>

      <nav aria-label={t('myPage.menuLabel')} className={styles.links}>
        <ul>
          {linkItems.map((item) => (
            <li key={item.key}>
              {item.node(
                <>
                  <span className={styles.iconCircle} aria-hidden="true">
                    {item.icon}
                  </span>
                  <span>{t(`myPage.links.${item.key}`)}</span>
                </>,
              )}
            </li>
          ))}
        </ul>
      </nav>

      <PointTransfer />

      {showReferral && <ReferralBlock code={detail.referral_code} />}

      <CouponEntry />

      <button
        type="button"
        className={`btn btn-secondary btn-block ${styles.logout}`}
        onClick={() => void onLogout()}
      >
        {t('myPage.logout')}
      </button>

      <SmsPopup
        open={smsOpen}
        tel={detail.tel}
        onClose={() => setSmsOpen(false)}
        onVerified={() => {
          setSmsOpen(false);
          void queryClient.invalidateQueries({ queryKey: userDetailKey });
          setToast(msg('sms_completed'));
        }}
      />
      <Modal
        open={maintainOpen}
        title={t('myPage.maintainTitle')}
        onClose={() => setMaintainOpen(false)}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setMaintainOpen(false)}>
              {t('myPage.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => maintain.send({ coin: rankCoin, next_month_rank: detail.rank })}
              disabled={maintain.isPending}
              data-autofocus
            >
              {t('myPage.confirm')}
            </button>
          </>
        }
      >
        <p>{t('myPage.maintainText', { coins: formatGems(rankCoin), rank: detail.rank_name })}</p>
        <dl className={styles.coinFacts}>
          <div>
            <dt>{t('myPage.coinsHeld')}</dt>
            <dd className="num">{formatCoinTenths(coinTenths)}</dd>
          </div>
          <div>
            <dt>{t('myPage.coinsAfter')}</dt>
            <dd className="num">{formatCoinTenths(coinTenths - rankCoin * 10)}</dd>
          </div>
        </dl>
      </Modal>
      <AlertModal open={alert !== null} onOk={() => setAlert(null)}>
        {alert}
      </AlertModal>
      <Toast message={toast} onDone={clearToast} />
    </div>
  );
}

export default MyPage;
