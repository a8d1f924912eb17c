import { defineRoute } from '../route.ts';

/** Login, logout, the current member (spec §7 User). */
const user = () => import('../user.ts');
const envelope = () => import('../envelope-schema.ts');

export const loginRoute = defineRoute({
  method: 'POST',
  path: '/user/login',
  access: 'guest',
  schemas: () => user().then((m) => ({ body: m.loginSchema, answer: m.currentUserSchema })),
});

export const logoutRoute = defineRoute({
  method: 'GET',
  path: '/user/logout',
  access: 'guest',
  schemas: () => envelope().then((m) => ({ answer: m.emptyAnswerSchema })),
});

/** The current user (guests included); the apps' clients also read their first csrf pair here. */
export const currentUserRoute = defineRoute({
  method: 'GET',
  path: '/user/point',
  access: 'guest',
  schemas: () => user().then((m) => ({ answer: m.currentUserSchema })),
});

export const userDetailRoute = defineRoute({
  method: 'GET',
  path: '/user/detail',
  access: 'member',
  schemas: () => user().then((m) => ({ answer: m.userDetailSchema })),
});
