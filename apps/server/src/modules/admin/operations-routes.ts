import { approvePostRoute, postsForStaffRoute, rejectPostRoute } from '@gacha/contract/routes/admin-board';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { approvePost, postsForStaff, rejectPost } from '../board/service.ts';
import { recorderOf } from './request.ts';

/** The console's daily operations: the board's moderation (shipping is in shipping-routes.ts). */
export const operationsRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;

  // --- the board's moderation (approval pays 500 gems once) ---

  await serve(app, postsForStaffRoute, async (req) => postsForStaff(db, req.query));

  await serve(app, approvePostRoute, async (req) => {
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
  });

  await serve(app, rejectPostRoute, async (req) => {
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
  });
};
