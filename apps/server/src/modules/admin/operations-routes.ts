import { approvePostRoute, postsForStaffRoute, rejectPostRoute } from '@gacha/contract/routes/admin-board';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { postsForStaff } from '../board/service.ts';
import { approvePost, rejectPost } from '../board/staff.ts';
import { staffWrite } from './staff-write.ts';

/** The console's daily operations: the board's moderation (shipping is in shipping-routes.ts). */
export const operationsRoutes: ApiPlugin = async (app) => {
  const { db } = app;

  // --- the board's moderation (approval pays 500 gems once) ---

  await serve(app, postsForStaffRoute, async (req) => postsForStaff(db, req.query));

  await serve(app, approvePostRoute, async (req) => {
    const r = await approvePost(staffWrite(req), req.params.id);
    return { id: r.id, changed: r.approved, gems: r.gems };
  });

  await serve(app, rejectPostRoute, async (req) => {
    const r = await rejectPost(staffWrite(req), req.params.id, req.body.reason);
    return { id: r.id, changed: r.rejected, gems: 0 };
  });
};
