import { defineRoute } from '../route.ts';

/** Release rooms (docs/fairness.md § 10): joining a pack's room, a member's standing, a room's public record. */
const schemas = () => import('../rooms.ts');

export const joinRoomRoute = defineRoute({
  method: 'POST',
  path: '/user/pack/room/join',
  access: 'member',
  schemas: () => schemas().then((m) => ({ body: m.roomJoinSchema, answer: m.roomAnswerSchema })),
});

export const roomStandingRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/room/:packId',
  access: 'guest',
  schemas: () => schemas().then((m) => ({ params: m.roomParamsSchema, answer: m.roomAnswerSchema })),
});

export const roomRecordRoute = defineRoute({
  method: 'GET',
  path: '/user/pack/room/:packId/record',
  access: 'guest',
  schemas: () => schemas().then((m) => ({ params: m.roomParamsSchema, answer: m.roomRecordSchema })),
});
