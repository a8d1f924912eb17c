import { adminRoomRoute, openRoomRoute, pauseRoomRoute } from '@gacha/contract/routes/admin-rooms';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { openRoom, pauseRoom, roomForStaff } from '../rooms/staff.ts';
import { staffWrite } from './staff-write.ts';

/** The console's release rooms: a pack's room watched, opened with its rate, paused and resumed. */
export const roomsRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;

  await serve(app, adminRoomRoute, async (req) => ({
    room: await roomForStaff(db, req.params.id, clock.now()),
  }));

  await serve(app, openRoomRoute, async (req) => {
    await openRoom(staffWrite(req), req.params.id, {
      minutesBefore: req.body.minutes_before,
      admitPerMinute: req.body.admit_per_minute,
      passSeconds: req.body.pass_seconds,
    });
    return { room: await roomForStaff(db, req.params.id, clock.now()) };
  });

  await serve(app, pauseRoomRoute, async (req) => {
    await pauseRoom(staffWrite(req), req.params.id, req.body.paused === 1);
    return { room: await roomForStaff(db, req.params.id, clock.now()) };
  });
};
