import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../lib/logout.ts';
import { loginPath, memberLink } from '../lib/guest-links.ts';
import styles from './account-menu.module.css';

interface AccountMenuProps {
  loggedIn: boolean;
  /** The current user is loaded and is a guest: member links go to login, keeping packId (spec §4 Guests). */
  guest: boolean;
}

const items: ReadonlyArray<{ to: string; key: string; member?: boolean }> = [
  { to: '/my-page', key: 'menu.myPage', member: true },
  { to: '/buy-point', key: 'menu.buyGems', member: true },
  { to: '/buy-point-history', key: 'menu.gemsHistory', member: true },
  { to: '/buy-product-history', key: 'menu.buyingHistory', member: true },
  { to: '/exchange-card', key: 'menu.exchange', member: true },
  { to: '/user-guide', key: 'menu.userGuide' },
  { to: '/terms-of-service', key: 'menu.terms' },
];

/**
 * The header's dropdown (spec §2), as an ARIA menu button: Enter/Space/ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus; Tab or a click outside
 * closes it.
 */
export function AccountMenu({ loggedIn, guest }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const menuId = useId();

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return undefined;
    const list = menuItems();
    if (pendingFocus.current) {
      (pendingFocus.current === 'last' ? list[list.length - 1] : list[0])?.focus();
      pendingFocus.current = null;
    }
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openMenu = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    setOpen(true);
  };

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openMenu('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = menuItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = (index + 1) % list.length;
    else if (e.key === 'ArrowUp') next = (index - 1 + list.length) % list.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = list.length - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    } else if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (next !== null) {
      e.preventDefault();
      list[next]?.focus();
    }
  };

  const onLogout = async () => {
    setOpen(false);
    try {
      if (await logout()) navigate('/login');
    } catch {
      navigate('/login');
    }
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className={styles.buttonLabel}>{t('menu.open')}</span>
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={t('menu.label')}
        className={styles.menu}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {items.map((item) => (
          <li key={item.to} role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={item.member ? memberLink(item.to, guest, search) : item.to}
              className={styles.item}
              onClick={() => setOpen(false)}
            >
              {t(item.key)}
            </Link>
          </li>
        ))}
        <li role="separator" className={styles.separator} />
        <li role="none">
          {loggedIn ? (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${styles.item} ${styles.strong}`}
              onClick={() => void onLogout()}
            >
              {t('menu.logout')}
            </button>
          ) : (
            <Link
              role="menuitem"
              tabIndex={-1}
              to={loginPath(search)}
              className={`${styles.item} ${styles.strong}`}
              onClick={() => setOpen(false)}
            >
              {t('menu.login')}
            </Link>
          )}
        </li>
      </ul>
    </div>
  );
}
