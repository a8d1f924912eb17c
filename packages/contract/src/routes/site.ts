import { defineRoute } from '../route.ts';

/** The site (spec §7): the seller's details for the legal and contact pages, the Top banners and notices. */
const schemas = () => import('../site.ts');

export const siteInfoRoute = defineRoute({
  method: 'GET',
  path: '/user/site_info',
  aliases: ['/user/siteInfo'],
  access: 'guest',
  schemas: () => schemas().then((m) => ({ answer: m.siteInfoSchema })),
});

export const bannersRoute = defineRoute({
  method: 'GET',
  path: '/user/banners',
  access: 'guest',
  schemas: () => schemas().then((m) => ({ answer: m.bannersSchema })),
});
