import { defineRoute } from '../route.ts';

/** The board's moderation (board.moderate): the queue and the decided posts, an approval (500 gems once), a rejection. */
const schemas = () => import('../admin-shop.ts');

export const postsForStaffRoute = defineRoute({
  method: 'GET',
  path: '/admin/posts',
  access: 'staff:board.moderate',
  schemas: () => schemas().then((m) => ({ query: m.adminPostQuerySchema, answer: m.adminPostListSchema })),
});

export const approvePostRoute = defineRoute({
  method: 'POST',
  path: '/admin/posts/:id/approve',
  access: 'staff:board.moderate',
  schemas: () =>
    schemas().then((m) => ({ params: m.adminPostParamsSchema, answer: m.adminPostDecisionSchema })),
});

export const rejectPostRoute = defineRoute({
  method: 'POST',
  path: '/admin/posts/:id/reject',
  access: 'staff:board.moderate',
  schemas: () =>
    schemas().then((m) => ({
      params: m.adminPostParamsSchema,
      body: m.adminPostRejectSchema,
      answer: m.adminPostDecisionSchema,
    })),
});
