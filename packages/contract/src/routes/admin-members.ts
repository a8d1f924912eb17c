import { defineRoute } from '../route.ts';

/**
 * The console's member page (members.read: the page and its paged tabs) and its actions (members.write: gems and
 * coins granted or deducted, suspension, sessions ended, the SMS verification reset).
 */
const schemas = () => import('../admin-members.ts');

export const searchMembersRoute = defineRoute({
  method: 'GET',
  path: '/admin/members',
  access: 'staff:members.read',
  schemas: () =>
    schemas().then((m) => ({ query: m.adminMemberSearchQuerySchema, answer: m.adminMemberListSchema })),
});

export const memberDetailRoute = defineRoute({
  method: 'GET',
  path: '/admin/members/:id',
  access: 'staff:members.read',
  schemas: () =>
    schemas().then((m) => ({ params: m.adminMemberParamsSchema, answer: m.adminMemberDetailSchema })),
});

export const memberGemLotsRoute = defineRoute({
  method: 'GET',
  path: '/admin/members/:id/gem-lots',
  access: 'staff:members.read',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      query: m.adminGemLotsQuerySchema,
      answer: m.adminGemLotListSchema,
    })),
});

export const memberGemLedgerRoute = defineRoute({
  method: 'GET',
  path: '/admin/members/:id/gem-ledger',
  access: 'staff:members.read',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      query: m.adminLedgerQuerySchema,
      answer: m.adminGemLedgerSchema,
    })),
});

export const memberCoinLedgerRoute = defineRoute({
  method: 'GET',
  path: '/admin/members/:id/coin-ledger',
  access: 'staff:members.read',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      query: m.adminLedgerQuerySchema,
      answer: m.adminCoinLedgerSchema,
    })),
});

export const memberPurchasesRoute = defineRoute({
  method: 'GET',
  path: '/admin/members/:id/purchases',
  access: 'staff:members.read',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      query: m.adminMemberPurchasesQuerySchema,
      answer: m.adminMemberPurchaseListSchema,
    })),
});

export const memberItemsRoute = defineRoute({
  method: 'GET',
  path: '/admin/members/:id/items',
  access: 'staff:members.read',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      query: m.adminMemberItemsQuerySchema,
      answer: m.adminMemberItemListSchema,
    })),
});

export const memberPaymentsRoute = defineRoute({
  method: 'GET',
  path: '/admin/members/:id/payments',
  access: 'staff:members.read',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      query: m.adminMemberPaymentsQuerySchema,
      answer: m.adminMemberPaymentListSchema,
    })),
});

export const grantGemsRoute = defineRoute({
  method: 'POST',
  path: '/admin/members/:id/gems/grant',
  access: 'staff:members.write',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      body: m.adminGemChangeSchema,
      answer: m.adminBalanceChangeSchema,
    })),
});

export const deductGemsRoute = defineRoute({
  method: 'POST',
  path: '/admin/members/:id/gems/deduct',
  access: 'staff:members.write',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      body: m.adminGemChangeSchema,
      answer: m.adminBalanceChangeSchema,
    })),
});

export const grantCoinsRoute = defineRoute({
  method: 'POST',
  path: '/admin/members/:id/coins/grant',
  access: 'staff:members.write',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      body: m.adminCoinChangeSchema,
      answer: m.adminBalanceChangeSchema,
    })),
});

export const deductCoinsRoute = defineRoute({
  method: 'POST',
  path: '/admin/members/:id/coins/deduct',
  access: 'staff:members.write',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      body: m.adminCoinChangeSchema,
      answer: m.adminBalanceChangeSchema,
    })),
});

export const suspendMemberRoute = defineRoute({
  method: 'POST',
  path: '/admin/members/:id/suspend',
  access: 'staff:members.write',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      body: m.adminReasonSchema,
      answer: m.adminSuspensionSchema,
    })),
});

export const unsuspendMemberRoute = defineRoute({
  method: 'POST',
  path: '/admin/members/:id/unsuspend',
  access: 'staff:members.write',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      body: m.adminReasonSchema,
      answer: m.adminSuspensionSchema,
    })),
});

export const endSessionsRoute = defineRoute({
  method: 'POST',
  path: '/admin/members/:id/sessions/end',
  access: 'staff:members.write',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      body: m.adminReasonSchema,
      answer: m.adminSessionsEndedSchema,
    })),
});

export const resetSmsRoute = defineRoute({
  method: 'POST',
  path: '/admin/members/:id/sms/reset',
  access: 'staff:members.write',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminMemberParamsSchema,
      body: m.adminSmsResetSchema,
      answer: m.adminSmsResetResultSchema,
    })),
});
