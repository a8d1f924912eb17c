import { defineRoute } from '../route.ts';

/**
 * The console's catalogue (catalogue.read: a pack, its publish summary and videos, a card, the card types;
 * catalogue.write: packs, prizes, publishing, the end and pause of a sale, card types, drafts deleted). The
 * lists, and the uploads (cards, pack pictures and videos, the card CSV import: a larger body limit).
 */
const catalogue = () => import('../admin.ts');
const shop = () => Promise.all([import('../admin.ts'), import('../admin-shop.ts')]);
const empty = () =>
  Promise.all([import('../admin.ts'), import('../admin-shop.ts'), import('../envelope-schema.ts')]);

// --- packs ---

export const packDetailRoute = defineRoute({
  method: 'GET',
  path: '/admin/packs/:id',
  access: 'staff:catalogue.read',
  schemas: () =>
    catalogue().then((m) => ({ params: m.adminPackParamsSchema, answer: m.adminPackDetailSchema })),
});

export const packSummaryRoute = defineRoute({
  method: 'GET',
  path: '/admin/packs/:id/summary',
  access: 'staff:catalogue.read',
  schemas: () =>
    catalogue().then((m) => ({ params: m.adminPackParamsSchema, answer: m.adminPackSummarySchema })),
});

export const createPackRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs',
  access: 'staff:catalogue.write',
  schemas: () => catalogue().then((m) => ({ body: m.adminPackCreateSchema, answer: m.adminIdAnswerSchema })),
});

export const updatePackRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id',
  access: 'staff:catalogue.write',
  schemas: () =>
    catalogue().then((m) => ({
      params: m.adminPackParamsSchema,
      body: m.adminPackUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const packPrizesRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/prizes',
  access: 'staff:catalogue.write',
  schemas: () =>
    catalogue().then((m) => ({
      params: m.adminPackParamsSchema,
      body: m.adminPrizesSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const publishPackRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/publish',
  access: 'staff:catalogue.write',
  schemas: () =>
    catalogue().then((m) => ({ params: m.adminPackParamsSchema, answer: m.adminPublishAnswerSchema })),
});

export const endPackRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/end',
  access: 'staff:catalogue.write',
  schemas: () =>
    catalogue().then((m) => ({ params: m.adminPackParamsSchema, answer: m.adminIdAnswerSchema })),
});

export const pausePackRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/pause',
  access: 'staff:catalogue.write',
  schemas: () =>
    shop().then(([m, s]) => ({
      params: m.adminPackParamsSchema,
      body: s.adminPackPauseSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const packVideosRoute = defineRoute({
  method: 'GET',
  path: '/admin/packs/:id/videos',
  access: 'staff:catalogue.read',
  schemas: () =>
    shop().then(([m, s]) => ({ params: m.adminPackParamsSchema, answer: s.adminPackVideoListSchema })),
});

export const deletePackRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/delete',
  access: 'staff:catalogue.write',
  schemas: () =>
    empty().then(([m, , e]) => ({ params: m.adminPackParamsSchema, answer: e.emptyAnswerSchema })),
});

export const deletePackVideoRoute = defineRoute({
  method: 'POST',
  path: '/admin/pack-videos/:id/delete',
  access: 'staff:catalogue.write',
  schemas: () =>
    empty().then(([, s, e]) => ({ params: s.adminPackVideoParamsSchema, answer: e.emptyAnswerSchema })),
});

// --- cards ---

export const cardDetailRoute = defineRoute({
  method: 'GET',
  path: '/admin/cards/:id',
  access: 'staff:catalogue.read',
  schemas: () =>
    catalogue().then((m) => ({ params: m.adminCardParamsSchema, answer: m.adminCardAnswerSchema })),
});

export const deleteCardRoute = defineRoute({
  method: 'POST',
  path: '/admin/cards/:id/delete',
  access: 'staff:catalogue.write',
  schemas: () =>
    empty().then(([m, , e]) => ({ params: m.adminCardParamsSchema, answer: e.emptyAnswerSchema })),
});

// --- card types (the Top tabs) ---

export const cardTypesRoute = defineRoute({
  method: 'GET',
  path: '/admin/card-types',
  access: 'staff:catalogue.read',
  schemas: () => shop().then(([, s]) => ({ answer: s.adminCardTypeListSchema })),
});

export const createCardTypeRoute = defineRoute({
  method: 'POST',
  path: '/admin/card-types',
  access: 'staff:catalogue.write',
  schemas: () =>
    shop().then(([m, s]) => ({ body: s.adminCardTypeCreateSchema, answer: m.adminIdAnswerSchema })),
});

export const updateCardTypeRoute = defineRoute({
  method: 'POST',
  path: '/admin/card-types/:id',
  access: 'staff:catalogue.write',
  schemas: () =>
    shop().then(([m, s]) => ({
      params: s.adminCardTypeParamsSchema,
      body: s.adminCardTypeUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

// --- the lists, and the uploads (a larger body limit on the server) ---

export const packListRoute = defineRoute({
  method: 'GET',
  path: '/admin/packs',
  access: 'staff:catalogue.read',
  schemas: () => catalogue().then((m) => ({ query: m.adminPackQuerySchema, answer: m.adminPackListSchema })),
});

export const cardListRoute = defineRoute({
  method: 'GET',
  path: '/admin/cards',
  access: 'staff:catalogue.read',
  schemas: () => catalogue().then((m) => ({ query: m.adminCardQuerySchema, answer: m.adminCardListSchema })),
});

export const importCardsRoute = defineRoute({
  method: 'POST',
  path: '/admin/cards/import',
  access: 'staff:catalogue.write',
  schemas: () =>
    catalogue().then((m) => ({ body: m.adminCardImportSchema, answer: m.adminCardImportResultSchema })),
});

export const createCardRoute = defineRoute({
  method: 'POST',
  path: '/admin/cards',
  access: 'staff:catalogue.write',
  schemas: () => catalogue().then((m) => ({ body: m.adminCardCreateSchema, answer: m.adminIdAnswerSchema })),
});

export const updateCardRoute = defineRoute({
  method: 'POST',
  path: '/admin/cards/:id',
  access: 'staff:catalogue.write',
  schemas: () =>
    catalogue().then((m) => ({
      params: m.adminCardParamsSchema,
      body: m.adminCardUpdateSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const packImagesRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/images',
  access: 'staff:catalogue.write',
  schemas: () =>
    shop().then(([m, s]) => ({
      params: m.adminPackParamsSchema,
      body: s.adminPackImagesSchema,
      answer: m.adminIdAnswerSchema,
    })),
});

export const addPackVideoRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/videos',
  access: 'staff:catalogue.write',
  schemas: () =>
    shop().then(([m, s]) => ({
      params: m.adminPackParamsSchema,
      body: s.adminPackVideoSchema,
      answer: m.adminIdAnswerSchema,
    })),
});
