import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setMaintenanceHandler } from '../lib/api.ts';
import { isLoggedIn, useCurrentUser } from '../lib/session.ts';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { Header } from './header.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { useDoubleTapGuard } from './use-double-tap-guard.ts';
import { useFocusOnNavigate } from './use-focus-on-navigate.ts';
import styles from './layout.module.css';

// The footer is below the fold: it loads after the first paint (Top page budget).
const Footer = lazy(() => import('./footer.tsx'));
const CountryPopup = lazy(() => import('../features/account/components/country-popup.tsx'));

export interface RouteHandle {
  /** common.json key of the page title. */
  title?: string;
}

/**
 * Top's country popup, for a member (spec §2). Its own component so that the current user's answer, which arrives
 * while a served page is still hydrating, re-renders this alone: a re-render of the layout would make React hydrate
 * the page's parts below it at once, in one long task.
 */
function MemberCountryPopup() {
  const { data: user } = useCurrentUser();
  if (!isLoggedIn(user)) return null;
  return (
    <Suspense fallback={null}>
      <CountryPopup />
    </Suspense>
  );
}

/** The shared layout of spec §2 around every page. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  useDoubleTapGuard();
  useFocusOnNavigate('main');

  useEffect(() => {
    setMaintenanceHandler(() => navigate('/maintenance', { replace: true }));
  }, [navigate]);

  // the app is running (a prerendered page hydrated): its buttons and forms work from here on (the e2e suite
  // waits for this before it types into a form)
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);

  const titleKey = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const pageTitle = titleKey?.title && location.pathname !== '/' ? t(titleKey.title) : '';
  useEffect(() => {
    document.title = pageTitle
      ? `${pageTitle} | ${t('brand.name')}`
      : `${t('brand.name')} — ${t('brand.tagline')}`;
  }, [pageTitle, t]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const hideFooter = location.pathname === '/gacha-animation' || location.pathname === '/practice-draw';
  const isTop = location.pathname === '/';

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" className={`${styles.main} ${hideFooter ? styles.noFooter : ''}`} tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      {!hideFooter && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {!hideFooter && <BottomNav />}
      {isTop && <MemberCountryPopup />}
      <LoadingOverlay />
    </div>
  );
}
