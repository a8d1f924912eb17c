import { z } from 'zod';
import { int, text } from './admin.ts';
import { listAnswerSchema, listQuerySchema, queryDay, queryInt } from './admin-list.ts';
import { pathId } from './path.ts';
import { payMethodKeySchema, paymentStatusSchema } from './payments.ts';

/**
 * The staff console's payments: gem purchases (payment intents) with filters, one payment with
 * its provider events, refunds through the payment provider, and pending bank transfers matched by hand.
 *
 * Personal data — the member's email address and a bank transfer's holder name — is answered in full only to
 * roles with `members.pii` (the members area's rule); otherwise the email reads as its first letter, '***' and its
 * domain, and the holder name as null. Every answer says which with `pii`.
 *
 * Money: yen and gems as integers (1 gem = 1 yen). Times are ISO instants (UTC); the console shows them in JST.
 *
 * The refund rule (the terms: "no cancellation after payment, except for the company's fault"; the Payment
 * Services Act: the unused balance of purchased gems is refunded where the law requires it):
 *
 * - `company_fault`: the shop is at fault (double charge, a system error, an item that cannot be delivered…):
 *   the whole yen amount of the payment is refunded.
 * - `legal_unused`: the law requires refunding the unused balance (the service ends, …): only the unspent
 *   gems' share of what was paid, floor(amount_yen × unspent / gems); refused (409 refund_nothing_unspent) when
 *   nothing is unspent.
 * - Any other wish of a member is not a refund reason (the terms), so there is no such kind.
 *
 * Either way the gems of that purchase that are still unspent (what is left of the purchase's own gem lot, if it
 * has not expired) are taken back in the same transaction as the refund's row and its audit row; the spent part is
 * shown and stays spent. A payment has at most one refund: a replay, two staff at once and the provider's own
 * refund notification all meet the same row, so the gems are taken back once.
 */

export const paymentMethods = payMethodKeySchema.options;
export const paymentStatuses = paymentStatusSchema.options;
/** What a refund is for (see above); 'provider' marks a refund made at the provider and learnt from its notification. */
export const refundReasonKinds = ['company_fault', 'legal_unused'] as const;
export const refundStatuses = ['requested', 'pending', 'succeeded', 'failed', 'manual'] as const;

const idParam = queryInt(9);
/**
 * GET /api/admin/payments?q&sort&dir&page&per&method&status&from&to&user_id&email&payment_id&holder_name&amount_yen
 * (a console list, admin-list.ts) — newest first unless sorted, 50 a page. `q` finds part of the shop's payment
 * id or the provider's reference, and with `members.pii` of the member's email or a transfer's holder name; `#12`
 * is payment 12. `from` and `to` are days in Japan time, both included, on the payment's creation. `email` is the
 * member's address (whole, any case; needs `members.pii`, else ignored). `payment_id` is the shop's payment id or
 * the provider's reference. `holder_name` matches part of a bank transfer's katakana name (needs `members.pii`).
 * A value that cannot be read is ignored.
 */
export const paymentSorts = ['created_at', 'id', 'amount_yen', 'gems'] as const;
export const adminPaymentQuerySchema = listQuerySchema(paymentSorts, {
  method: z.enum(paymentMethods).optional().catch(undefined),
  status: z.enum(paymentStatuses).optional().catch(undefined),
  from: queryDay,
  to: queryDay,
  user_id: idParam,
  email: z.string().trim().toLowerCase().max(254).optional().catch(undefined),
  payment_id: z.string().trim().max(200).optional().catch(undefined),
  holder_name: z.string().trim().max(60).optional().catch(undefined),
  amount_yen: idParam,
});
export type AdminPaymentQuery = z.infer<typeof adminPaymentQuerySchema>;

export const adminRefundSchema = z.object({
  id: z.number().int(),
  reason_kind: z.enum([...refundReasonKinds, 'provider']),
  reason: z.string(),
  /** The purchase's gems, the unspent part taken back, and the part spent (or expired) before the refund. */
  gems: z.number().int(),
  gems_reclaimed: z.number().int(),
  gems_spent: z.number().int(),
  amount_yen: z.number().int(),
  /**
   * requested: decided and gems taken back, not yet accepted by the provider (it could not be reached: refunding
   * again sends it again); pending: the provider is processing it; succeeded; failed: the provider refused
   * (`failure_code`; refunding again makes a new attempt, the gems stay taken back); manual: a bank transfer matched
   * by hand, so the yen go back by a transfer staff make themselves.
   */
  status: z.enum(refundStatuses),
  attempt: z.number().int(),
  provider: z.string(),
  provider_refund_ref: z.string().nullable(),
  failure_code: z.string().nullable(),
  /** Who decided it (null: made at the provider, learnt from its notification). */
  staff_id: z.number().int().nullable(),
  staff_email: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminPaymentRowSchema = z.object({
  id: z.number().int(),
  /** The shop's payment id (what the member's return page and the provider carry). */
  payment_id: z.string(),
  user_id: z.number().int(),
  /** Full with `members.pii`, else masked. */
  email: z.string(),
  method: z.enum(paymentMethods),
  provider: z.string(),
  status: z.enum(paymentStatuses),
  amount_yen: z.number().int(),
  gems: z.number().int(),
  provider_ref: z.string().nullable(),
  /** A bank transfer's katakana holder name (null without `members.pii`). */
  holder_name: z.string().nullable(),
  receipt_number: z.string().nullable(),
  failure_code: z.string().nullable(),
  created_at: z.string(),
  /** Pending payments expire then (3 days for convenience store and bank transfer). */
  expires_at: z.string(),
  settled_at: z.string().nullable(),
  refund: z
    .object({
      status: z.enum(refundStatuses),
      amount_yen: z.number().int(),
      gems_reclaimed: z.number().int(),
    })
    .nullable(),
  /** Credited by staff matching its bank transfer by hand. */
  matched_by_hand: z.boolean(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;

export const adminPaymentListSchema = listAnswerSchema(adminPaymentRowSchema).extend({ pii: z.boolean() });
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;

/** GET /api/admin/payments/{id}: one payment, its credit and what a refund would give, its provider events. */
export const adminPaymentDetailSchema = z.object({
  payment: adminPaymentRowSchema.extend({
    point_price_id: z.number().int(),
    pack_id: z.number().int().nullable(),
    combini_code: z.string().nullable(),
  }),
  /** The gems credited (null until it succeeded): the purchase's own lot and how much of it is left. */
  credit: z
    .object({
      lot_id: z.number().int(),
      gems: z.number().int(),
      credited_at: z.string(),
      lot_expires_at: z.string(),
      /** What is left of the lot (0 once expired), what was spent (or expired). */
      unspent: z.number().int(),
      spent: z.number().int(),
      expired: z.boolean(),
    })
    .nullable(),
  /** Yen a refund would give now for each reason (null: not refundable — not succeeded, or refunded already). */
  refund_options: z.object({ company_fault: z.number().int(), legal_unused: z.number().int() }).nullable(),
  refund: adminRefundSchema.nullable(),
  match: z
    .object({
      amount_yen: z.number().int(),
      holder_name: z.string().nullable(),
      reason: z.string(),
      staff_id: z.number().int().nullable(),
      staff_email: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
  /** The provider's notifications about this payment, oldest first (each recorded once per event id). */
  events: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      event_id: z.string(),
      type: z.string(),
      received_at: z.string(),
    }),
  ),
  pii: z.boolean(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

/** POST /api/admin/payments/{id}/refund {reason_kind, reason} (payments.refund). */
export const adminRefundRequestSchema = z
  .object({
    reason_kind: z.enum(refundReasonKinds, { error: 'invalid' }),
    /** Why, for the audit log and the provider's note (required). */
    reason: text(500, 1),
  })
  .strict();

/**
 * Answer of the refund: `changed` false when the payment had its refund already (a replay, or the provider's own
 * refund): nothing more was taken back or sent, except that a requested refund is sent again and a failed one
 * gets a new attempt. `refund.status` says where the provider is.
 */
export const adminRefundResultSchema = z.object({ changed: z.boolean(), refund: adminRefundSchema });

/**
 * POST /api/admin/payments/{id}/match {user_id, amount_yen, holder_name, reason} (payments.match): a pending bank
 * transfer whose money arrived (seen on the shop's bank statement: `holder_name` and `amount_yen` as the statement
 * shows them) is credited by hand, exactly once, through the same credit as a provider's notification. The member
 * and the amount must be the payment's (400 payment_member_mismatch / payment_amount_mismatch); a payment that is
 * not a pending bank transfer is a 409.
 */
export const adminMatchRequestSchema = z
  .object({
    user_id: int(1),
    amount_yen: int(1, 10_000_000),
    holder_name: text(60, 1),
    reason: text(500, 1),
  })
  .strict();

/** Answer of the match: `changed` false when it was matched by hand already (a replay). */
export const adminMatchResultSchema = z.object({
  changed: z.boolean(),
  payment: adminPaymentRowSchema,
  /** The gems credited by this call (0 on a replay). */
  gems: z.number().int(),
});

/** A payment named in the path (`/admin/payments/{id}`). */
export const adminPaymentParamsSchema = z.object({ id: pathId('payment_not_found') });
