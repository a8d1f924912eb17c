import type { FastifyPluginAsync } from 'fastify';
import { myPostsRoute, postListRoute, savePostRoute } from '@gacha/contract/routes/board';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { contentTypeOf, STORAGE_KEY } from '../../storage/storage.ts';
import { myPosts, postList, savePost } from './service.ts';

/** Up to 3 images of 5 MB as base64 data URLs in the form's `json` field, and the text around them. */
const SAVE_BODY_LIMIT = 24 * 1024 * 1024;

/** Everyone's Record: GET /user/post/list/{page}, POST /user/post/save (spec §7), and the member's own posts. */
export const boardApi: ApiPlugin = async (app) => {
  const { db, clock, storage, config } = app;

  await serve(app, postListRoute, async (req) => postList(db, req.params.page));

  await serve(
    app,
    savePostRoute,
    async (req) =>
      savePost(
        { db, storage, postsPerDay: config.postsPerDay },
        memberOf(req).id,
        req.body,
        req.lang,
        clock.now(),
      ),
    {},
    { bodyLimit: SAVE_BODY_LIMIT },
  );

  await serve(app, myPostsRoute, async (req) => myPosts(db, memberOf(req).id));
};

/** GET /media/uploads/{key}: a stored file, with the content type the server gave it and a year of caching. */
export const uploadsRoute: FastifyPluginAsync = async (app) => {
  app.get('/media/uploads/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const type = STORAGE_KEY.test(key) ? contentTypeOf(key) : null;
    const file = type ? await app.storage.get(key) : null;
    if (!file || !type) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('not found');
    }
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};
