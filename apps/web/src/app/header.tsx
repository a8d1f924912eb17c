import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CoinIcon, GemIcon } from '../components/currency-icons.tsx';
import { Logo } from '../components/logo.tsx';
import { RankIcon, rankKey } from '../components/rank-icon.tsx';
import { formatCoinTenths, formatGems } from '../lib/format.ts';
import { loginPath } from '../lib/guest-links.ts';
import { isLoggedIn, useCurrentUser } from '../lib/session.ts';
import { AccountMenu } from './account-menu.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import styles from './header.module.css';

/**
 * Shared header (spec §2): rank, logo, coin (C) and gem (Gem) balances, language switch and the menu. The coin
 * balance links to the exchange counter, the gem balance to buying gems. A guest has no balance to show: the
 * header offers the login link instead, which keeps the current page's packId (spec §4 Guests).
 */
export function Header() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { data: user, isPending } = useCurrentUser();
  const loggedIn = isLoggedIn(user);
  const guest = !isPending && !loggedIn;
  const rankName = user?.rank_name || t(`rank.${rankKey(user?.rank ?? 1)}`);
  // while the current user loads (its request and its answer schema), the balances read '—', names included
  const coins = isPending ? '—' : formatCoinTenths(user?.coin_tenths ?? 0);
  const gems = isPending ? '—' : formatGems(user?.point ?? 0);

  const balances = (
    <div className={styles.balances}>
      <Link
        to="/exchange-card"
        className={`${styles.chip} ${styles.coin}`}
        aria-label={t('header.coinsLabel', { amount: coins })}
        data-testid="coin-balance"
      >
        <CoinIcon />
        {/* the spaces: the visible text reads "120 C", as the accessible name does (label-content-name-mismatch) */}
        <span className={`num ${styles.amount}`}>{coins}</span>{' '}
        <span className={styles.unit}>{t('header.coinUnit')}</span>
      </Link>
      <Link
        to="/buy-point"
        className={`${styles.chip} ${styles.gem}`}
        aria-label={t('header.gemsLabel', { amount: gems })}
      >
        <GemIcon />
        <span className={`num ${styles.amount}`}>{gems}</span>{' '}
        <span className={styles.unit}>{t('header.gemUnit')}</span>
        <span className={styles.plus} aria-hidden="true">
          +
        </span>
      </Link>
    </div>
  );

  const rank = loggedIn ? (
    <Link to="/my-page" className={styles.rank} title={t('header.rankTitle')}>
      <RankIcon rank={user?.rank ?? 1} size={30} />
      <span className={styles.rankText}>
        <span className={styles.rankLabel}>{t('header.rank')}</span>
        <span className={styles.rankName}>{rankName}</span>
      </span>
    </Link>
  ) : (
    <Link to={loginPath(search)} className={styles.guest}>
      {t('header.guestCta')}
    </Link>
  );

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label={t('header.home')}>
          <Logo />
        </Link>
        <div className={styles.desktopRank}>{!isPending && rank}</div>
        <div className={styles.spacer} />
        <div className={styles.desktopBalances}>{!guest && balances}</div>
        <LanguageSwitch />
        <AccountMenu loggedIn={loggedIn} guest={guest} />
      </div>
      <div className={styles.subbar}>
        <div className={styles.subRank}>{!isPending && rank}</div>
        {!guest && balances}
      </div>
    </header>
  );
}
