import { defineRoute } from '../route.ts';

/** The console's release rooms (catalogue.read watches a room, catalogue.write opens and pauses it). */
const schemas = () => Promise.all([import('../admin.ts'), import('../admin-rooms.ts')]);

export const adminRoomRoute = defineRoute({
  method: 'GET',
  path: '/admin/packs/:id/room',
  access: 'staff:catalogue.read',
  schemas: () =>
    schemas().then(([a, r]) => ({ params: a.adminPackParamsSchema, answer: r.adminRoomAnswerSchema })),
});

export const openRoomRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/room',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([a, r]) => ({
      params: a.adminPackParamsSchema,
      body: r.adminRoomOpenSchema,
      answer: r.adminRoomAnswerSchema,
    })),
});

export const pauseRoomRoute = defineRoute({
  method: 'POST',
  path: '/admin/packs/:id/room/pause',
  access: 'staff:catalogue.write',
  schemas: () =>
    schemas().then(([a, r]) => ({
      params: a.adminPackParamsSchema,
      body: r.adminRoomPauseSchema,
      answer: r.adminRoomAnswerSchema,
    })),
});
