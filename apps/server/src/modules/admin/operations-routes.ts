import { z } from 'zod';
import {
  adminPostDecisionSchema,
  adminPostListSchema,
  adminPostQuerySchema,
  adminPostRejectSchema,
} from '@gacha/contract/admin-shop';
import { pathId } from '@gacha/contract/path';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { approvePost, postsForStaff, rejectPost } from '../board/service.ts';
import { recorderOf } from './request.ts';

/** The console's daily operations: the board's moderation (shipping is in shipping-routes.ts). */
export const operationsRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;

  // --- the board's moderation (approval pays 500 gems once) ---
  const postParams = z.object({ id: pathId('post_not_found') });

  app.get(
    '/admin/posts',
    {
      schema: { querystring: adminPostQuerySchema, response: okResponse(adminPostListSchema) },
      config: { staff: 'board.moderate' },
    },
    async (req) => postsForStaff(db, req.query),
  );

  app.post(
    '/admin/posts/:id/approve',
    {
      schema: { params: postParams, response: okResponse(adminPostDecisionSchema) },
      config: { staff: 'board.moderate' },
    },
    async (req) => {
      const record = recorderOf(app, req);
      const r = await approvePost(db, req.params.id, clock.now(), (tx) =>
        record(
          tx,
          'post.approve',
          { type: 'post', id: req.params.id },
          { status: 'pending' },
          { status: 'approved' },
        ),
      );
      return { id: r.id, changed: r.approved, gems: r.gems };
    },
  );

  app.post(
    '/admin/posts/:id/reject',
    {
      schema: {
        params: postParams,
        body: adminPostRejectSchema,
        response: okResponse(adminPostDecisionSchema),
      },
      config: { staff: 'board.moderate' },
    },
    async (req) => {
      const record = recorderOf(app, req);
      const r = await rejectPost(db, req.params.id, req.body.reason, clock.now(), (tx) =>
        record(
          tx,
          'post.reject',
          { type: 'post', id: req.params.id },
          { status: 'pending' },
          { status: 'rejected', reason: req.body.reason },
        ),
      );
      return { id: r.id, changed: r.rejected, gems: 0 };
    },
  );
};
