import type { ComponentType } from 'react';
import i18next from 'i18next';
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { loadCurrentUser } from '../lib/session.ts';
import { TopPage } from '../features/packs/pages/top-page.tsx';
import { Layout, type RouteHandle } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { Splash } from './splash.tsx';

/**
 * The route table of spec §2, in one place.
 *
 * Guard rule: on every navigation the root loader loads the current user (GET /user/point), which stores its
 * csrf pair through the API client. Public routes continue whatever the answer; a protected route waits for
 * it and sends a guest, or a failed load, to /login (keeping packId when the target had one). Unknown paths
 * go to /. Top is in the main bundle; every other page, Login included, is a lazy chunk (the Top page budget).
 */

type Lazy = () => Promise<{ default: ComponentType }>;

const page = (title: string, load: Lazy, extra: Partial<RouteObject> = {}): Partial<RouteObject> => ({
  handle: { title } satisfies RouteHandle,
  lazy: async () => ({ Component: (await load()).default }),
  ...extra,
});

/** A page of the gacha feature whose title lives in the gacha namespace: both loaded together. */
async function gachaPage(load: Lazy) {
  const [mod] = await Promise.all([load(), i18next.loadNamespaces('gacha')]);
  return { Component: mod.default };
}

/** The legal and information pages (spec §2): one page, the Markdown of its route. */
const legalPage: Lazy = () => import('../features/site/pages/legal-page.tsx');

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
  { path: 'login', ...page('pages.login', () => import('../features/auth/pages/login-page.tsx')) },
  {
    path: 'pack-list',
    ...page('pages.packList', () => import('../features/packs/pages/pack-list-page.tsx')),
  },
  {
    path: 'pack-detail',
    id: 'pack-detail',
    ...page('pages.packDetail', () => import('../features/gacha/pages/pack-detail-page.tsx'), {
      loader: requirePackId,
    }),
  },
  {
    // the fairness verify page: its title lives in the gacha namespace, loaded with the page
    path: 'pack-detail/verify',
    handle: { title: 'gacha:verify.pageTitle' } satisfies RouteHandle,
    lazy: () => gachaPage(() => import('../features/gacha/pages/verify-page.tsx')),
  },
  // the odds disclosure, the public draw record and the practice draw (guests too)
  {
    path: 'pack-detail/odds',
    handle: { title: 'gacha:disclosure.pageTitle' } satisfies RouteHandle,
    lazy: () => gachaPage(() => import('../features/gacha/pages/disclosure-page.tsx')),
  },
  {
    path: 'pack-detail/record',
    handle: { title: 'gacha:record.pageTitle' } satisfies RouteHandle,
    lazy: () => gachaPage(() => import('../features/gacha/pages/record-page.tsx')),
  },
  {
    // a release room's public record (docs/fairness.md § 10)
    path: 'pack-detail/room',
    handle: { title: 'gacha:roomRecord.pageTitle' } satisfies RouteHandle,
    lazy: () => gachaPage(() => import('../features/gacha/pages/room-record-page.tsx')),
  },
  {
    path: 'practice-draw',
    handle: { title: 'gacha:practice.pageTitle' } satisfies RouteHandle,
    lazy: () => gachaPage(() => import('../features/gacha/pages/practice-page.tsx')),
  },
  {
    path: 'password-reissue',
    ...page('pages.passwordReissue', () => import('../features/member/pages/password-reissue-page.tsx')),
  },
  {
    path: 'onetime-password-reissue',
    ...page(
      'pages.onetimePasswordReissue',
      () => import('../features/member/pages/onetime-password-reissue-page.tsx'),
    ),
  },
  {
    path: 'complete-password-reissue',
    ...page(
      'pages.completePasswordReissue',
      () => import('../features/member/pages/complete-password-reissue-page.tsx'),
    ),
  },
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
  {
    path: 'confirm-user-address',
    ...page(
      'pages.confirmUserAddress',
      () => import('../features/account/pages/confirm-user-address-page.tsx'),
    ),
  },
  {
    path: 'complete-carrier',
    ...page('pages.completeCarrier', () => import('../features/payments/pages/carrier-result-page.tsx')),
  },
  {
    path: 'error-carrier',
    ...page('pages.errorCarrier', () => import('../features/payments/pages/carrier-result-page.tsx')),
  },
  { path: 'user-guide', ...page('pages.userGuide', legalPage) },
  { path: 'terms-of-service', ...page('pages.termsOfService', legalPage) },
  { path: 'privacy-protection', ...page('pages.privacyProtection', legalPage) },
  { path: 'specific-commerce', ...page('pages.specificCommerce', legalPage) },
  { path: 'contact', ...page('pages.contact', () => import('../features/site/pages/contact-page.tsx')) },
];

const protectedRoutes: RouteObject[] = [
  {
    path: 'buy-point',
    ...page('pages.buyPoint', () => import('../features/payments/pages/buy-point-page.tsx')),
  },
  {
    path: 'confirm-buy-point',
    ...page('pages.confirmBuyPoint', () => import('../features/payments/pages/confirm-buy-point-page.tsx')),
  },
  {
    path: 'confirm-combini',
    ...page('pages.confirmCombini', () => import('../features/payments/pages/confirm-combini-page.tsx')),
  },
  {
    path: 'bank-transfer-information',
    ...page(
      'pages.bankTransferInformation',
      () => import('../features/payments/pages/bank-transfer-page.tsx'),
    ),
  },
  {
    path: 'payge-transfer-information',
    ...page(
      'pages.paygeTransferInformation',
      () => import('../features/payments/pages/bank-transfer-page.tsx'),
    ),
  },
  {
    path: 'pay-redirect',
    ...page('pages.payRedirect', () => import('../features/payments/pages/pay-redirect-page.tsx')),
  },
  {
    path: 'complete-buy-point',
    ...page('pages.completeBuyPoint', () => import('../features/payments/pages/complete-buy-point-page.tsx')),
  },
  {
    path: 'amazon-pay-redirect',
    ...page(
      'pages.amazonPayRedirect',
      () => import('../features/payments/pages/amazon-pay-redirect-page.tsx'),
    ),
  },
  {
    path: 'complete-buy-point-amazom-pay',
    ...page(
      'pages.completeBuyPointAmazonPay',
      () => import('../features/payments/pages/complete-amazon-pay-page.tsx'),
    ),
  },
  {
    path: 'complete-buy-point-paypal',
    ...page(
      'pages.completeBuyPointPaypal',
      () => import('../features/payments/pages/complete-paypal-page.tsx'),
    ),
  },
  {
    // spec §2 lists it; buying happens on the pack page, whose chunk redirects there (Top's JS budget)
    path: 'buy-product',
    ...page('pages.buyProduct', () => import('../features/gacha/pages/pack-detail-page.tsx')),
  },
  {
    path: 'confirm-buy-product',
    ...page('pages.confirmBuyProduct', () => import('../features/gacha/pages/confirm-buy-product-page.tsx')),
  },
  {
    path: 'gacha-animation',
    ...page('pages.gachaAnimation', () => import('../features/gacha/pages/gacha-animation-page.tsx')),
  },
  {
    path: 'get-card-list',
    ...page('pages.getCardList', () => import('../features/gacha/pages/get-card-list-page.tsx')),
  },
  {
    path: 'confirm-get-card-list',
    ...page(
      'pages.confirmGetCardList',
      () => import('../features/gacha/pages/confirm-get-card-list-page.tsx'),
    ),
  },
  {
    path: 'thank-you',
    ...page('pages.thankYou', () => import('../features/gacha/pages/thank-you-page.tsx')),
  },
  { path: 'my-page', ...page('pages.myPage', () => import('../features/member/pages/my-page.tsx')) },
  {
    path: 'change-password',
    ...page('pages.changePassword', () => import('../features/member/pages/change-password-page.tsx')),
  },
  {
    path: 'buy-point-history',
    ...page('pages.buyPointHistory', () => import('../features/payments/pages/buy-point-history-page.tsx')),
  },
  {
    path: 'buy-product-history',
    ...page(
      'pages.buyProductHistory',
      () => import('../features/history/pages/buy-product-history-page.tsx'),
    ),
  },
  {
    path: 'buy-product-history-detail',
    ...page(
      'pages.buyProductHistoryDetail',
      () => import('../features/history/pages/buy-product-history-detail-page.tsx'),
    ),
  },
  {
    path: 'coin-history',
    ...page('pages.coinHistory', () => import('../features/coins/pages/coin-history-page.tsx')),
  },
  {
    path: 'user-menu',
    ...page('pages.userMenu', () => import('../features/member/pages/user-menu-page.tsx')),
  },
  {
    path: 'change-member',
    ...page('pages.changeMember', () => import('../features/member/pages/change-member-page.tsx')),
  },
  {
    path: 'exchange-card',
    ...page('pages.exchangeCard', () => import('../features/exchange/pages/exchange-card-page.tsx')),
  },
  {
    path: 'card-input',
    ...page('pages.cardInput', () => import('../features/payments/pages/card-input-page.tsx')),
  },
  {
    path: 'fund-settlement',
    ...page('pages.fundSettlement', legalPage),
  },
  {
    path: 'gem-terms-of-service',
    ...page('pages.gemTermsOfService', legalPage),
  },
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
          { path: '*', id: 'not-found', loader: () => redirect('/') },
        ],
      },
    ],
  },
];

export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

/**
 * Before hydrating a prerendered page (scripts/prerender.mjs): its lazy route modules are loaded (so the first
 * render is the page, not the fallback) and its loaders run here, except the root's (loading the current user
 * starts after hydration, when the header asks for it: the page was rendered without one). Every route with a
 * loader has an id. Null when a loader redirects (/pack-detail without a pack id): then the app renders afresh.
 */
export async function hydrationDataFor(url: URL): Promise<HydrationState | null> {
  const matches = matchRoutes(routes, url.pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  const loaderData: Record<string, unknown> = {};
  for (const { route, params } of matches) {
    if (typeof route.loader !== 'function' || !route.id) continue;
    if (route.id === 'root') {
      loaderData.root = null;
      continue;
    }
    try {
      const args = { request: new Request(url), params, context: undefined, url, pattern: route.path ?? '' };
      loaderData[route.id] = await route.loader(args as unknown as LoaderFunctionArgs);
    } catch {
      return null;
    }
  }
  return { loaderData };
}
