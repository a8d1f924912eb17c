import { defineRoute } from '../route.ts';

/** The catalogue (spec §7 Packs): card types, the pack lists, a pack, its cards. Guests too. */
const schemas = () => import('../packs.ts');

export const cardTypesRoute = defineRoute({
  method: 'GET',
  path: '/user/card_type',
  aliases: ['/user/cardType'],
  access: 'guest',
  schemas: () => schemas().then((m) => ({ answer: m.cardTypeListSchema })),
});

export const packTypePageRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/all_list/:type/:page',
  aliases: ['/user/pack/allList/:type/:page'],
  access: 'guest',
  schemas: () =>
    schemas().then((m) => ({ params: m.packTypePageParamsSchema, answer: m.packTypePageSchema })),
});

/** Every pack. */
export const allPacksRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/list',
  access: 'guest',
  schemas: () => schemas().then((m) => ({ answer: m.packListAnswerSchema })),
});

/** The packs of one payment method ({payment_method: 2}: the coin packs). */
export const packsByPaymentRoute = defineRoute({
  method: 'POST',
  path: '/user/pack/list',
  access: 'guest',
  schemas: () => schemas().then((m) => ({ body: m.packListSchema, answer: m.packListAnswerSchema })),
});

export const packDetailRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/detail/:packId',
  access: 'guest',
  schemas: () =>
    schemas().then((m) => ({ params: m.packDetailParamsSchema, answer: m.packDetailAnswerSchema })),
});

export const packCardsRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/card_list/:packId/:page',
  aliases: ['/user/pack/cardList/:packId/:page'],
  access: 'guest',
  schemas: () =>
    schemas().then((m) => ({ params: m.packCardPageParamsSchema, answer: m.packCardPageSchema })),
});
