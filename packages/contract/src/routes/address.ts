import { defineRoute } from '../route.ts';

/** The Japanese address of a postal code (the payload's schema is user.ts's, the answer's address.ts's). */
export const zipcodeRoute = defineRoute({
  method: 'POST',
  path: '/address/zipcode',
  access: 'guest',
  schemas: () =>
    Promise.all([import('../user.ts'), import('../address.ts')]).then(([u, a]) => ({
      body: u.zipcodeSchema,
      answer: a.zipcodeAnswerSchema,
    })),
});
