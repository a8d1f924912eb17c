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
  /** The member's signed pass while admitted (null otherwise): what a check and a buy send as `roomPass`. */
  pass: z.string().nullable(),
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
 * The room pushed as Server-Sent Events (an EventSource's GET, so not in the route table's envelope calls; the
 * path is the API's, under /api):
 *  - `event: standing`, data a RoomStanding: the member's own, when they connect and when it changes for them
 *    (the draw gives their place, their pass starts or runs out);
 *  - `event: progress`, data a RoomProgress: what is the same for everyone (places admitted, lots left, a pause,
 *    the sell-out), each time it changes; the page applies it to the standing it holds (`applyRoomProgress`).
 * Thousands of members wait in a hot room: the progress is one message written to all of them, not one each.
 */
export const ROOM_LIVE_PATH = '/user/pack/room/:packId/live';
export const ROOM_LIVE_EVENT = 'standing';
export const ROOM_PROGRESS_EVENT = 'progress';

export const roomProgressSchema = roomStandingSchema.pick({
  drawn: true,
  admitted_places: true,
  admit_per_minute: true,
  paused: true,
  lots_left: true,
  sold_out: true,
});
export type RoomProgress = z.infer<typeof roomProgressSchema>;

/**
 * A member's standing after the room's progress: the places ahead and the estimated wait follow the places
 * admitted (a place that has just come up shows none ahead until the member's own standing brings the pass).
 */
export function applyRoomProgress(standing: RoomStanding, progress: RoomProgress): RoomStanding {
  const next = { ...standing, ...progress };
  if (standing.standing !== 'waiting' || standing.place === null || !progress.drawn) return next;
  const ahead = Math.max(0, standing.place - progress.admitted_places - 1);
  const wait = progress.paused
    ? null
    : Math.max(0, Math.ceil(((standing.place - progress.admitted_places) * 60) / progress.admit_per_minute));
  return { ...next, ahead, wait_seconds: wait };
}

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
