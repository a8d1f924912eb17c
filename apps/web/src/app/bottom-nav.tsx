import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { memberLink } from '../lib/guest-links.ts';
import { CONTACT_PATH } from '../lib/links.ts';
import { isLoggedIn, useCurrentUser } from '../lib/session.ts';
import styles from './bottom-nav.module.css';

const icon = (d: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="22"
    height="22"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {d}
  </svg>
);

const icons = {
  home: icon(<path d="M3 11l9-7 9 7M5 9.5V20h5v-6h4v6h5V9.5" />),
  history: icon(
    <>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 2" />
    </>,
  ),
  gems: icon(
    <>
      <path d="M6 4h12l3 5-9 11L3 9z" />
      <path d="M3 9h18M9 4l3 16 3-16" />
    </>,
  ),
  coin: icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M14.8 9.2a3.6 3.6 0 1 0 0 5.6" />
    </>,
  ),
  contact: icon(
    <>
      <path d="M4 5h16v11H8l-4 4z" />
      <path d="M8 10h8M8 13h5" />
    </>,
  ),
  me: icon(
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </>,
  ),
};

interface Item {
  to: string;
  key: string;
  icon: ReactNode;
  end?: boolean;
  /** A member page: a guest goes to login instead, keeping packId (spec §4 Guests). */
  member?: boolean;
  /** Pages reached from this item that keep it highlighted. */
  section?: readonly string[];
}

const before: Item[] = [
  { to: '/', key: 'bottomNav.home', icon: icons.home, end: true },
  { to: '/buy-product-history', key: 'bottomNav.history', icon: icons.history, member: true },
  { to: '/buy-point', key: 'bottomNav.buyGems', icon: icons.gems, member: true },
  // Coin: the exchange counter, and the coin history reached from it
  {
    to: '/exchange-card',
    key: 'bottomNav.coin',
    icon: icons.coin,
    member: true,
    section: ['/coin-history'],
  },
];
const contact: Item = { to: CONTACT_PATH, key: 'bottomNav.contact', icon: icons.contact };
const myPage: Item = {
  to: '/my-page',
  key: 'bottomNav.myPage',
  icon: icons.me,
  member: true,
  section: ['/user-menu', '/change-member', '/change-password'],
};

/** Bottom menu (spec §2), fixed at the bottom on phones. */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { data: user, isPending } = useCurrentUser();
  const guest = !isPending && !isLoggedIn(user);

  const entry = (item: Item) => {
    const label = (
      <>
        {item.icon}
        <span>{t(item.key)}</span>
      </>
    );
    const to = item.member ? memberLink(item.to, guest, search) : item.to;
    // a guest's link to login is never the "current" item, not even on /login
    if (to !== item.to) {
      return (
        <Link to={to} className={styles.item}>
          {label}
        </Link>
      );
    }
    return (
      <NavLink
        to={to}
        end={item.end ?? false}
        className={({ isActive }) =>
          `${styles.item} ${isActive || item.section?.includes(pathname) ? styles.active : ''}`
        }
      >
        {label}
      </NavLink>
    );
  };

  return (
    <nav className={styles.nav} aria-label={t('bottomNav.label')}>
      <ul className={styles.list}>
        {before.map((item) => (
          <li key={item.to}>{entry(item)}</li>
        ))}
        <li>{entry(contact)}</li>
        <li>{entry(myPage)}</li>
      </ul>
    </nav>
  );
}
