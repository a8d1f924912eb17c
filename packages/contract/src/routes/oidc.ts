import { defineRoute } from '../route.ts';

/** Google sign-in by an ID token (spec §7): a member signs in, or a new one registers with it. */
const schemas = () => Promise.all([import('../account.ts'), import('../user.ts')]);

export const googleLoginRoute = defineRoute({
  method: 'POST',
  path: '/user/google/login',
  access: 'guest',
  schemas: () => schemas().then(([a, u]) => ({ body: a.googleLoginSchema, answer: u.currentUserSchema })),
});

export const googleCreateRoute = defineRoute({
  method: 'POST',
  path: '/user/google/create',
  access: 'guest',
  schemas: () => schemas().then(([a, u]) => ({ body: a.googleCreateSchema, answer: u.currentUserSchema })),
});
