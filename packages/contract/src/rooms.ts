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
});
export type RoomStanding = z.infer<typeof roomStandingSchema>;

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
