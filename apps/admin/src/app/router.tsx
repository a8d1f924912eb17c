import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import { StaffPage } from '../features/staff/staff-page.tsx';
import { CardsPage } from '../features/cards/cards-page.tsx';
import { CardEditPage } from '../features/cards/card-edit-page.tsx';
import { PacksPage } from '../features/packs/packs-page.tsx';
import { PackNewPage } from '../features/packs/pack-new-page.tsx';
import { PackPage } from '../features/packs/pack-page.tsx';
import { ShipmentsPage } from '../features/shipments/shipments-page.tsx';
import { PackingListPage } from '../features/shipments/packing-list-page.tsx';
import { PaymentsPage } from '../features/payments/payments-page.tsx';
import { PaymentPage } from '../features/payments/payment-page.tsx';
import { CardTypesPage } from '../features/card-types/card-types-page.tsx';
import { BannersPage } from '../features/banners/banners-page.tsx';
import { BannerEditPage } from '../features/banners/banner-edit-page.tsx';
import { GemPricesPage } from '../features/gem-prices/gem-prices-page.tsx';
import { ExchangeCardsPage } from '../features/exchange-cards/exchange-cards-page.tsx';
import { CouponsPage } from '../features/coupons/coupons-page.tsx';
import { CouponPage } from '../features/coupons/coupon-page.tsx';
import { ModerationPage } from '../features/moderation/moderation-page.tsx';
import { AccountingPage } from '../features/accounting/accounting-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { MembersPage } from '../features/members/members-page.tsx';
import { MemberPage } from '../features/members/member-page.tsx';
import { Layout } from './layout.tsx';
import { HomeRedirect, RequirePermission, RequireStaff } from './guards.tsx';
import { RouteError } from './route-error.tsx';

/**
 * The console's routes (served under /admin). Every page but the sign-in sits behind RequireStaff (signed in past
 * the second factor) and RequirePermission (its section's read permission, as nav.ts lists it).
 */
export const routes = [
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <RequireStaff>
        <Layout />
      </RequireStaff>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        element: <RequirePermission permission="dashboard.read" />,
        children: [{ path: '/dashboard', element: <DashboardPage /> }],
      },
      {
        element: <RequirePermission permission="accounting.read" />,
        children: [{ path: '/accounting', element: <AccountingPage /> }],
      },
      {
        element: <RequirePermission permission="members.read" />,
        children: [
          { path: '/members', element: <MembersPage /> },
          { path: '/members/:id', element: <MemberPage /> },
        ],
      },
      {
        element: <RequirePermission permission="catalogue.read" />,
        children: [
          { path: '/packs', element: <PacksPage /> },
          { path: '/packs/new', element: <PackNewPage /> },
          { path: '/packs/:id', element: <PackPage /> },
          { path: '/cards', element: <CardsPage /> },
          { path: '/cards/new', element: <CardEditPage /> },
          { path: '/cards/:id', element: <CardEditPage /> },
          { path: '/card-types', element: <CardTypesPage /> },
          { path: '/banners', element: <BannersPage /> },
          { path: '/banners/new', element: <BannerEditPage /> },
          { path: '/banners/:id', element: <BannerEditPage /> },
          { path: '/gem-prices', element: <GemPricesPage /> },
          { path: '/exchange-cards', element: <ExchangeCardsPage /> },
          { path: '/coupons', element: <CouponsPage /> },
          { path: '/coupons/:id', element: <CouponPage /> },
        ],
      },
      {
        element: <RequirePermission permission="shipping.read" />,
        children: [
          { path: '/shipments', element: <ShipmentsPage /> },
          { path: '/shipments/print', element: <PackingListPage /> },
        ],
      },
      {
        element: <RequirePermission permission="payments.read" />,
        children: [
          { path: '/payments', element: <PaymentsPage /> },
          { path: '/payments/:id', element: <PaymentPage /> },
        ],
      },
      {
        element: <RequirePermission permission="board.moderate" />,
        children: [{ path: '/board', element: <ModerationPage /> }],
      },
      {
        element: <RequirePermission permission="audit.read" />,
        children: [{ path: '/audit', element: <AuditPage /> }],
      },
      {
        element: <RequirePermission permission="staff.manage" />,
        children: [{ path: '/staff', element: <StaffPage /> }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: '/admin' });
}
