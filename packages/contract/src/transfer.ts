import { z } from 'zod';

/**
 * Point transfer from a linked site (spec §1, §7): the member links their account at the partner site once
 * (the partner's credentials go to the partner and are never stored), then moves partner points into gems.
 */

export const TRANSFER_MIN_POINTS = 1;
export const TRANSFER_MAX_POINTS = 50_000;

const stringType = () => z.string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid') });

/** POST /user/transfer/login {login_id, password}: the member's account at the partner. */
export const transferLoginSchema = z
  .object({
    login_id: stringType().trim().min(1, { error: 'required' }).max(254, { error: 'too_long' }),
    password: stringType().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  })
  .strict();
export type TransferLoginInput = z.input<typeof transferLoginSchema>;

/**
 * POST /user/transfer/point {point, request_id}: points to move. `request_id` (the page makes one per
 * confirmation) makes a repeated request one transfer.
 */
export const transferPointSchema = z
  .object({
    point: z
      .union(
        [
          z.int({ error: 'transfer_point_invalid' }),
          z
            .string()
            .regex(/^\d{1,9}$/, { error: 'transfer_point_invalid' })
            .transform(Number),
        ],
        { error: (iss) => (iss.input === undefined ? 'required' : 'transfer_point_invalid') },
      )
      .pipe(
        z
          .number()
          .min(TRANSFER_MIN_POINTS, { error: 'transfer_point_invalid' })
          .max(TRANSFER_MAX_POINTS, { error: 'transfer_point_invalid' }),
      ),
    request_id: z
      .string({ error: 'invalid' })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'invalid' })
      .optional(),
  })
  .strict();
export type TransferPointInput = z.input<typeof transferPointSchema>;

/** A transfer as the member sees it. */
export const transferItemSchema = z.object({
  id: z.number().int(),
  point: z.number().int(),
  gems: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  created: z.string(),
});
export type TransferItem = z.infer<typeof transferItemSchema>;

/**
 * GET /user/transfer/point and the answer of POST /user/transfer/login: whether the member is linked, to which
 * partner account, its balance there, the rate, and the latest transfers.
 */
export const transferStatusSchema = z.object({
  linked: z.enum(['0', '1']),
  partner_name: z.string(),
  account_name: z.string(),
  point: z.number().int(),
  gems_per_point: z.number().int(),
  transfers: z.array(transferItemSchema),
});
export type TransferStatus = z.infer<typeof transferStatusSchema>;

/** Answer of POST /user/transfer/point: '1' credited now, '2' waiting for the partner (credited once settled). */
export const transferResultSchema = z.object({
  result: z.enum(['1', '2']),
  transfer: transferItemSchema,
  point: z.number().int(),
});
export type TransferResult = z.infer<typeof transferResultSchema>;
