import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { staffLogoutRoute } from '@gacha/contract/routes/admin-session';
import { call, setCsrf } from '../lib/api.ts';
import { useSubmit } from '../lib/forms.ts';
import { useCan, useMe } from '../lib/me.ts';
import { NAMESPACES } from '../locales/index.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { NAV } from './nav.ts';

/**
 * The console's frame: a header (the console's name, the staff member's email and role, the language, sign out)
 * and a side nav of the sections the role may read. Under 1024 px (a tablet) the nav folds behind a Menu button.
 */
export function Layout() {
  // the console's words, and the sections' labels from every namespace (nav.ts)
  const { t } = useTranslation(NAMESPACES);
  const me = useMe().data;
  const can = useCan();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);

  // a section chosen on a tablet closes the menu
  useEffect(() => setNavOpen(false), [location.pathname]);

  const signOut = useSubmit({
    mutationFn: () => call(staffLogoutRoute, {}),
    onSettled: () => {
      setCsrf(null);
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="menu-button"
          aria-expanded={navOpen}
          aria-controls="side-nav"
          onClick={() => setNavOpen((open) => !open)}
        >
          {t('layout.menu')}
        </button>
        <span className="brand">{t('layout.title')}</span>
        <div className="topbar-end">
          {me ? (
            <span className="who" data-testid="staff-identity">
              <span className="who-email">{me.email}</span>{' '}
              <span className="badge">{me.role ? t(`roles.${me.role}`) : ''}</span>
            </span>
          ) : null}
          <LanguageSwitch />
          <button
            type="button"
            className="button-quiet"
            onClick={() => signOut.send()}
            disabled={signOut.isPending}
          >
            {t('layout.signOut')}
          </button>
        </div>
      </header>
      <div className="body">
        <nav id="side-nav" className={`side-nav${navOpen ? ' open' : ''}`} aria-label={t('layout.sections')}>
          <ul>
            {NAV.filter((item) => can(item.permission)).map((item) => (
              <li key={item.path}>
                <NavLink to={item.path}>{t(item.label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="page" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
