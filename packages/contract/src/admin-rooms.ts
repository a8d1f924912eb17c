import { z } from 'zod';
import { flag, int } from './admin.ts';

/**
 * The console's release rooms (docs/fairness.md § 10): a pack's room opened with its admission rate, paused and
 * resumed, and watched live.
 */

/** POST /api/admin/packs/{id}/room: members may join `minutes_before` the start; `admit_per_minute` a minute. */
export const adminRoomOpenSchema = z
  .object({
    minutes_before: int(1, 24 * 60),
    admit_per_minute: int(1, 100_000),
    pass_seconds: int(60, 3_600),
  })
  .strict();
export type AdminRoomOpen = z.infer<typeof adminRoomOpenSchema>;

/** POST /api/admin/packs/{id}/room/pause: 1 pauses admission, 0 resumes it. */
export const adminRoomPauseSchema = z.object({ paused: flag }).strict();

/** A room as staff watch it: its settings, where admission stands and how many members are where. */
export const adminRoomSchema = z.object({
  pack_id: z.number().int(),
  opens_at: z.string(),
  starts_at: z.string(),
  admit_per_minute: z.number().int(),
  pass_seconds: z.number().int(),
  commitment: z.string(),
  /** Revealed once the room closes (the pack sold out or its sale ended). */
  seed: z.string().nullable(),
  drawn: z.boolean(),
  paused: z.boolean(),
  /** Members in the room (one entry each). */
  joined: z.number().int(),
  /** Places admitted so far by the rate. */
  admitted_places: z.number().int(),
  /** Members still waiting for their place. */
  waiting: z.number().int(),
  /** Admitted members whose pass is still valid and who have not bought yet. */
  admitted: z.number().int(),
  /** Members who bought after their admission. */
  bought: z.number().int(),
  /** Members whose pass ran out without a purchase. */
  left: z.number().int(),
  lots_left: z.number().int(),
  sold_out: z.boolean(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;

/** GET /api/admin/packs/{id}/room → { room } (null when the pack has none). */
export const adminRoomAnswerSchema = z.object({ room: adminRoomSchema.nullable() });
export type AdminRoomAnswer = z.infer<typeof adminRoomAnswerSchema>;
