import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadCurrentUser } from '../lib/session.ts';
import { TopPage } from '../features/packs/pages/top-page.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { Layout, type RouteHandle } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { Splash } from './splash.tsx';

/**
 * The route table of spec §2, in one place.
 *
 * Guard rule: on every navigation the root loader loads the current user (GET /user/point), which stores its
 * csrf pair through the API client. Public routes continue whatever the answer; a protected route waits for
 * it and sends a guest, or a failed load, to /login (keeping packId when the target had one). Unknown paths
 * go to /. Top and Login are in the main bundle; every other page is a lazy chunk.
 */

type Lazy = () => Promise<{ default: ComponentType }>;

const page = (title: string, load: Lazy, extra: Partial<RouteObject> = {}): Partial<RouteObject> => ({
  handle: { title } satisfies RouteHandle,
  lazy: async () => ({ Component: (await load()).default }),
  ...extra,
});

const placeholderPage: Lazy = () => import('../components/placeholder-page.tsx');
/** A route whose feature is not built yet: a named placeholder inside the layout. */
const later = (title: string, extra: Partial<RouteObject> = {}) => page(title, placeholderPage, extra);

/** The root loader: start loading the current user on every navigation, never block a public page. */
export function rootLoader(): null {
  loadCurrentUser().catch(() => undefined);
  return null;
}

/** The protected-route guard. */
export async function requireMember({ request }: LoaderFunctionArgs): Promise<null> {
  let loggedIn = false;
  try {
    loggedIn = (await loadCurrentUser()).is_login === '1';
  } catch {
    loggedIn = false;
  }
  if (loggedIn) return null;
  const packId = new URL(request.url).searchParams.get('packId');
  throw redirect(packId ? `/login?${new URLSearchParams({ packId })}` : '/login');
}

/** /pack-detail without a pack id goes to / (spec §2). */
function requirePackId({ request }: LoaderFunctionArgs): null {
  if (!new URL(request.url).searchParams.get('packId')) throw redirect('/');
  return null;
}

const publicRoutes: RouteObject[] = [
  { index: true, element: <TopPage />, handle: { title: 'pages.top' } },
  { path: 'login', element: <LoginPage />, handle: { title: 'pages.login' } },
  {
    path: 'pack-list',
    ...page('pages.packList', () => import('../features/packs/pages/pack-list-page.tsx')),
  },
  {
    path: 'pack-detail',
    ...page('pages.packDetail', () => import('../features/packs/pages/pack-detail-page.tsx'), {
      loader: requirePackId,
    }),
  },
  { path: 'password-reissue', ...later('pages.passwordReissue') },
  { path: 'onetime-password-reissue', ...later('pages.onetimePasswordReissue') },
  { path: 'complete-password-reissue', ...later('pages.completePasswordReissue') },
  {
    path: 'user-register',
    ...page('pages.userRegister', () => import('../features/auth/pages/register-page.tsx')),
  },
  {
    path: 'confirm-user-register',
    ...page('pages.confirmUserRegister', () => import('../features/auth/pages/confirm-register-page.tsx')),
  },
  {
    path: 'complete-user-register',
    ...page('pages.completeUserRegister', () => import('../features/auth/pages/complete-register-page.tsx')),
  },
  {
    path: 'user-address',
    ...page('pages.userAddress', () => import('../features/account/pages/user-address-page.tsx')),
  },
  { path: 'confirm-user-address', ...later('pages.confirmUserAddress') },
  { path: 'complete-carrier', ...later('pages.completeCarrier') },
  { path: 'error-carrier', ...later('pages.errorCarrier') },
  { path: 'user-guide', ...later('pages.userGuide') },
  { path: 'terms-of-service', ...later('pages.termsOfService') },
  { path: 'privacy-protection', ...later('pages.privacyProtection') },
  { path: 'specific-commerce', ...later('pages.specificCommerce') },
];

const protectedRoutes: RouteObject[] = [
  { path: 'buy-point', ...later('pages.buyPoint') },
  { path: 'confirm-buy-point', ...later('pages.confirmBuyPoint') },
  { path: 'confirm-combini', ...later('pages.confirmCombini') },
  { path: 'bank-transfer-information', ...later('pages.bankTransferInformation') },
  { path: 'payge-transfer-information', ...later('pages.paygeTransferInformation') },
  { path: 'pay-redirect', ...later('pages.payRedirect') },
  { path: 'complete-buy-point', ...later('pages.completeBuyPoint') },
  { path: 'amazon-pay-redirect', ...later('pages.amazonPayRedirect') },
  { path: 'complete-buy-point-amazom-pay', ...later('pages.completeBuyPointAmazonPay') },
  { path: 'complete-buy-point-paypal', ...later('pages.completeBuyPointPaypal') },
  { path: 'buy-product', ...later('pages.buyProduct') },
  { path: 'confirm-buy-product', ...later('pages.confirmBuyProduct') },
  { path: 'gacha-animation', ...later('pages.gachaAnimation') },
  { path: 'get-card-list', ...later('pages.getCardList') },
  { path: 'confirm-get-card-list', ...later('pages.confirmGetCardList') },
  { path: 'thank-you', ...later('pages.thankYou') },
  { path: 'my-page', ...later('pages.myPage') },
  { path: 'change-password', ...later('pages.changePassword') },
  { path: 'buy-point-history', ...later('pages.buyPointHistory') },
  { path: 'buy-product-history', ...later('pages.buyProductHistory') },
  { path: 'buy-product-history-detail', ...later('pages.buyProductHistoryDetail') },
  { path: 'coin-history', ...later('pages.coinHistory') },
  { path: 'user-menu', ...later('pages.userMenu') },
  { path: 'change-member', ...later('pages.changeMember') },
  { path: 'exchange-card', ...later('pages.exchangeCard') },
  { path: 'card-input', ...later('pages.cardInput') },
  { path: 'fund-settlement', ...later('pages.fundSettlement') },
  { path: 'gem-terms-of-service', ...later('pages.gemTermsOfService') },
];

export const routes: RouteObject[] = [
  {
    path: '/maintenance',
    handle: { title: 'pages.maintenance' },
    lazy: async () => ({ Component: (await import('./maintenance-page.tsx')).default }),
  },
  {
    id: 'root',
    path: '/',
    element: <Layout />,
    loader: rootLoader,
    shouldRevalidate: () => true,
    HydrateFallback: Splash,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { id: 'protected', loader: requireMember, shouldRevalidate: () => true, children: protectedRoutes },
          { path: '*', loader: () => redirect('/') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
