import { joinRoomRoute, roomRecordRoute, roomStandingRoute } from '@gacha/contract/routes/rooms';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { serve } from '../../http/serve.ts';
import { serveRoomLive } from './live.ts';
import { roomPassKey } from './pass.ts';
import { joinRoom, roomChanged, roomRecord, roomStanding } from './service.ts';

/**
 * Release rooms (docs/fairness.md § 10): join, a member's (or a guest's) standing, the standing pushed live, and
 * the public record anyone can check.
 */
export const roomsApi: ApiPlugin = async (app) => {
  const { db, clock, config } = app;
  const passKey = roomPassKey(config.sessionSecret);

  await serve(
    app,
    joinRoomRoute,
    async (req) => {
      const userId = memberOf(req).id;
      const now = clock.now();
      const room = await joinRoom(db, req.body.packId, userId, now, passKey);
      void roomChanged(db, req.body.packId); // the member's open stream learns their entry
      return { room };
    },
    rateLimitConfig('room'),
  );

  await serve(app, roomStandingRoute, async (req) => ({
    room: await roomStanding(db, req.params.packId, req.user?.id ?? null, clock.now(), passKey),
  }));

  await app.register(serveRoomLive);

  await serve(app, roomRecordRoute, async (req) =>
    roomRecord(db, req.params.packId, req.user?.id ?? null, clock.now()),
  );
};
