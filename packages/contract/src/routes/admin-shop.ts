import { defineRoute } from '../route.ts';

/**
 * The console's shop settings (catalogue.read to read them, catalogue.write to change them): a banner, gem price
 * courses and campaigns, the monthly FX rate, exchange cards and their stock, coupons. The banners'
 * uploads take a larger body limit on the server.
 */
const schemas = () => Promise.all([import('../admin.ts'), import('../admin-shop.ts')]);
const withEmpty = () => Promise.all([import('../admin-shop.ts'), import('../envelope-schema.ts')]);

// --- banners ---

export const bannerDetailRoute = defineRoute({
  method: 'GET',
  path: '/admin/banners/:id',
  access: 'staff:catalogue.read',
  schemas: () =>
    schemas().then(([, s]) => ({ params: s.adminBannerParamsSchema, answer: s.adminBannerAnswerSchema })),
});

export const deleteBannerRoute = defineRoute({
  method: 'POST',
  path: '/admin/banners/:id/delete',
  access: 'staff:catalogue.write',
  schemas: () =>
    withEmpty().then(([s, e]) => ({ params: s.adminBannerParamsSchema, answer: e.emptyAnswerSchema })),
});

// --- gem price courses ---

export const pointPricesRoute = defineRoute({
  method: 'GET',
  path: '/admin/point-prices',
  access: 'staff:catalogue.read',
  schemas: () => schemas().then(([, s]) => ({ answer: s.adminPointPriceListSchema })),
});

export const createPointPriceRoute = defineRoute({
  method: 'POST',
  path: '/admin/point-prices',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({ body: s.adminPointPriceCreateSchema, answer: m.adminIdAnswerSchema })),
});

export const updatePointPriceRoute = defineRoute({
  method: 'POST',
  path: '/admin/point-prices/:id',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({
      params: s.adminPointPriceParamsSchema,
      body: s.adminPointPriceUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

// --- campaigns ---

export const campaignsRoute = defineRoute({
  method: 'GET',
  path: '/admin/campaigns',
  access: 'staff:catalogue.read',
  schemas: () => schemas().then(([, s]) => ({ answer: s.adminCampaignListSchema })),
});

export const createCampaignRoute = defineRoute({
  method: 'POST',
  path: '/admin/campaigns',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({ body: s.adminCampaignCreateSchema, answer: m.adminIdAnswerSchema })),
});

export const updateCampaignRoute = defineRoute({
  method: 'POST',
  path: '/admin/campaigns/:id',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({
      params: s.adminCampaignParamsSchema,
      body: s.adminCampaignUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

// --- the monthly FX rate ---

export const fxRoute = defineRoute({
  method: 'GET',
  path: '/admin/fx',
  access: 'staff:catalogue.read',
  schemas: () => schemas().then(([, s]) => ({ answer: s.adminFxListSchema })),
});

export const setFxRoute = defineRoute({
  method: 'POST',
  path: '/admin/fx',
  access: 'staff:catalogue.write',
  schemas: () => withEmpty().then(([s, e]) => ({ body: s.adminFxSetSchema, answer: e.emptyAnswerSchema })),
});

// --- exchange cards ---

export const createExchangeCardRoute = defineRoute({
  method: 'POST',
  path: '/admin/exchange-cards',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({ body: s.adminExchangeCardCreateSchema, answer: m.adminIdAnswerSchema })),
});

export const updateExchangeCardRoute = defineRoute({
  method: 'POST',
  path: '/admin/exchange-cards/:id',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({
      params: s.adminExchangeCardParamsSchema,
      body: s.adminExchangeCardUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const exchangeCardStockRoute = defineRoute({
  method: 'POST',
  path: '/admin/exchange-cards/:id/stock',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({
      params: s.adminExchangeCardParamsSchema,
      body: s.adminStockChangeSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

// --- coupons ---

export const couponDetailRoute = defineRoute({
  method: 'GET',
  path: '/admin/coupons/:id',
  access: 'staff:catalogue.read',
  schemas: () =>
    schemas().then(([, s]) => ({ params: s.adminCouponParamsSchema, answer: s.adminCouponAnswerSchema })),
});

export const createCouponRoute = defineRoute({
  method: 'POST',
  path: '/admin/coupons',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([, s]) => ({ body: s.adminCouponCreateSchema, answer: s.adminCouponCreatedSchema })),
});

export const updateCouponRoute = defineRoute({
  method: 'POST',
  path: '/admin/coupons/:id',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({
      params: s.adminCouponParamsSchema,
      body: s.adminCouponUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const deleteCouponRoute = defineRoute({
  method: 'POST',
  path: '/admin/coupons/:id/delete',
  access: 'staff:catalogue.write',
  schemas: () =>
    withEmpty().then(([s, e]) => ({ params: s.adminCouponParamsSchema, answer: e.emptyAnswerSchema })),
});

export const disableCouponRoute = defineRoute({
  method: 'POST',
  path: '/admin/coupons/:id/disable',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({ params: s.adminCouponParamsSchema, answer: m.adminIdAnswerSchema })),
});

// --- the lists, and the banners' uploads (a larger body limit on the server) ---

export const bannerListRoute = defineRoute({
  method: 'GET',
  path: '/admin/banners',
  access: 'staff:catalogue.read',
  schemas: () =>
    schemas().then(([, s]) => ({ query: s.adminBannerQuerySchema, answer: s.adminBannerListSchema })),
});

export const createBannerRoute = defineRoute({
  method: 'POST',
  path: '/admin/banners',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({ body: s.adminBannerCreateSchema, answer: m.adminIdAnswerSchema })),
});

export const updateBannerRoute = defineRoute({
  method: 'POST',
  path: '/admin/banners/:id',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([m, s]) => ({
      params: s.adminBannerParamsSchema,
      body: s.adminBannerUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const exchangeCardListRoute = defineRoute({
  method: 'GET',
  path: '/admin/exchange-cards',
  access: 'staff:catalogue.read',
  schemas: () =>
    schemas().then(([, s]) => ({
      query: s.adminExchangeCardQuerySchema,
      answer: s.adminExchangeCardListSchema,
    })),
});

export const couponListRoute = defineRoute({
  method: 'GET',
  path: '/admin/coupons',
  access: 'staff:catalogue.read',
  schemas: () =>
    schemas().then(([, s]) => ({ query: s.adminCouponQuerySchema, answer: s.adminCouponListSchema })),
});

export const couponUsesRoute = defineRoute({
  method: 'GET',
  path: '/admin/coupons/:id/uses',
  access: 'staff:catalogue.read',
  schemas: () =>
    schemas().then(([, s]) => ({
      params: s.adminCouponParamsSchema,
      query: s.adminCouponUsesQuerySchema,
      answer: s.adminCouponUsesSchema,
    })),
});
