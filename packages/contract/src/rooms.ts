import { z } from 'zod';
import { packParamsSchema, packPurchaseSchema } from './draws.ts';

/**
 * Release rooms (docs/fairness.md § 10): a member's standing in a pack's waiting room, and a room's public
 * record. Places are 1-based; arrival numbers are the anonymous numbers of the order of joining.
 */

export const roomParamsSchema = packParamsSchema;

/** Joining a pack's room: the pack, nothing else. */
export const roomJoinSchema = packPurchaseSchema.pick({ packId: true }).strict();

export const roomStateSchema = z.enum(['not_joined', 'waiting', 'admitted', 'pass_expired']);

export const roomStandingSchema = z.object({
  commitment: z.string(),
  opens_at: z.string(),
  /** The order of those in the room at the start has been drawn (the pack's start has come). */
  drawn: z.boolean(),
  /** Places admitted so far. */
  admitted_places: z.number().int(),
  /** Where the member stands (`state` is the envelope's). */
  standing: roomStateSchema,
  place: z.number().int().nullable(),
  /** Places still to be admitted before this member's (null before the draw). */
  ahead: z.number().int().nullable(),
  pass_expires_at: z.string().nullable(),
  /** The pack's start, when the order is drawn and admission begins. */
  starts_at: z.string(),
  admit_per_minute: z.number().int(),
  /** Admission is paused by staff. */
  paused: z.boolean(),
  /** The estimated wait in seconds until this member's place is admitted (null when unknown or paused). */
  wait_seconds: z.number().int().nullable(),
  lots_left: z.number().int(),
  /** Nothing is left to buy: everyone still waiting is told so. */
  sold_out: z.boolean(),
});
export type RoomStanding = z.infer<typeof roomStandingSchema>;

/** A pack's room as a member (or a guest: `not_joined`) sees it; null for a pack without one. */
export const roomAnswerSchema = z.object({ room: roomStandingSchema.nullable() });
export type RoomAnswer = z.infer<typeof roomAnswerSchema>;

/**
 * The member's standing pushed as Server-Sent Events (`event: standing`, data: a RoomStanding) on every change:
 * an admission, a pause, lots bought, the sale sold out. An EventSource's GET, so not in the route table's
 * envelope calls; the path is the API's (under /api).
 */
export const ROOM_LIVE_PATH = '/user/pack/room/:packId/live';
export const ROOM_LIVE_EVENT = 'standing';

export const roomRecordSchema = z.object({
  pack_id: z.number().int(),
  commitment: z.string(),
  /** Revealed when the room closes (the pack sold out or its sale ended); null until then. */
  seed: z.string().nullable(),
  revealed: z.boolean(),
  /** Every entry once the order is drawn, in place order; empty before. */
  entries: z.array(
    z.object({
      arrival: z.number().int(),
      place: z.number().int(),
      at_start: z.boolean(),
      admitted_at: z.string().nullable(),
      /** The signed-in member's own entry. */
      mine: z.boolean(),
    }),
  ),
});
export type RoomRecord = z.infer<typeof roomRecordSchema>;
