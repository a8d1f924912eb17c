import { defineRoute } from '../route.ts';

/** Everyone's Record (spec §7): the approved posts, a new post, and the member's own posts. */
const schemas = () => import('../board.ts');

export const postListRoute = defineRoute({
  method: 'GET',
  path: '/user/post/list/:page',
  aliases: ['/user/post/list'],
  access: 'guest',
  schemas: () => schemas().then((m) => ({ params: m.postListParamsSchema, answer: m.postListPageSchema })),
});

/** Up to 3 images as data URLs in the payload: the server gives it a body limit of its own. */
export const savePostRoute = defineRoute({
  method: 'POST',
  path: '/user/post/save',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.postSaveSchema, answer: m.postSaveResultSchema })),
});

export const myPostsRoute = defineRoute({
  method: 'GET',
  path: '/user/post/mine',
  access: 'member',
  schemas: () => schemas().then((m) => ({ answer: m.myPostsSchema })),
});
