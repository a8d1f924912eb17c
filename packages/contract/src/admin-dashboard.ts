import { z } from 'zod';

/**
 * GET /api/admin/dashboard (permission dashboard.read): today and this month in Japan time
 * (JST days and months), what is selling, and what waits on staff; a daily series of the month for charts.
 * Gems and yen are whole numbers, coins integer tenths.
 */

/** Succeeded gem purchases of one payment method (counted when they succeeded). */
export const adminGemSalesSchema = z.object({
  /** card, combini, paypal, bank, amazon_pay, carrier, unionpay, alipay */
  method: z.string(),
  payments: z.number().int(),
  gems: z.number().int(),
  yen: z.number().int(),
});

export const adminDashboardTotalsSchema = z.object({
  /** By payment method, most yen first. */
  gems_sold: z.array(adminGemSalesSchema),
  /** All methods together. */
  sold: z.object({ payments: z.number().int(), gems: z.number().int(), yen: z.number().int() }),
  /**
   * Refunds counted when the provider confirmed them (or, for a bank transfer paid back by hand, when decided), and
   * the net: sold yen less refunded yen (the Accounts page has them by method and day).
   */
  refunds: z.object({ count: z.number().int(), yen: z.number().int() }),
  net_yen: z.number().int(),
  /** Gems paid for gem packs (after rank discounts) and the purchases and plays they bought. */
  gems_spent_on_packs: z.number().int(),
  /** Whole coins paid for coin packs. */
  coins_spent_on_packs: z.number().int(),
  pack_purchases: z.number().int(),
  packs_played: z.number().int(),
  /** Coins credited to members (every positive coin ledger row), in tenths, and by ledger reason. */
  coins_issued_tenths: z.number().int(),
  coins_issued_by_reason: z.array(z.object({ reason: z.string(), tenths: z.number().int() })),
});
export type AdminDashboardTotals = z.infer<typeof adminDashboardTotalsSchema>;

/** One JST day of the month (for charts). */
export const adminDashboardDaySchema = z.object({
  /** 'YYYY-MM-DD', JST. */
  date: z.string(),
  payments: z.number().int(),
  gems_sold: z.number().int(),
  yen: z.number().int(),
  gems_spent_on_packs: z.number().int(),
  coins_spent_on_packs: z.number().int(),
  packs_played: z.number().int(),
  coins_issued_tenths: z.number().int(),
});

export const shipmentAgeBuckets = ['under_7_days', 'days_7_to_14', 'over_14_days'] as const;

export const adminDashboardSchema = z.object({
  /** When the figures were read. */
  generated_at: z.string(),
  /** 'YYYY-MM-DD' (JST) and its totals. */
  today: adminDashboardTotalsSchema.extend({ date: z.string() }),
  /** 'YYYY-MM' (JST) and its totals. */
  month: adminDashboardTotalsSchema.extend({ month: z.string() }),
  /** Every day of the month from the 1st to today, oldest first (zeros included). */
  daily: z.array(adminDashboardDaySchema),
  /** Published packs on sale now (started, not ended, lots left), paused ones included and marked. */
  packs_selling: z.array(
    z.object({
      id: z.number().int(),
      name_en: z.string(),
      name_ja: z.string(),
      /** 1 gems, 2 coins. */
      payment_method: z.number().int(),
      point: z.number().int(),
      total: z.number().int(),
      sold: z.number().int(),
      remaining: z.number().int(),
      sold_today: z.number().int(),
      sold_this_month: z.number().int(),
      paused: z.boolean(),
      end_at: z.string().nullable(),
    }),
  ),
  /**
   * Open shipment batches with items, by how long since the batch opened (its first item): the terms promise
   * shipping within 7–14 days, so `over_14_days` is late.
   */
  shipments_waiting: z.object({
    batches: z.number().int(),
    items: z.number().int(),
    oldest_at: z.string().nullable(),
    by_age: z.array(
      z.object({
        age: z.enum(shipmentAgeBuckets),
        batches: z.number().int(),
        items: z.number().int(),
      }),
    ),
  }),
  /** Bank transfers not paid yet (they expire after 3 days). */
  bank_transfers_pending: z.object({
    count: z.number().int(),
    yen: z.number().int(),
    gems: z.number().int(),
    oldest_at: z.string().nullable(),
  }),
  /** Board posts waiting for moderation. */
  posts_pending: z.object({ count: z.number().int(), oldest_at: z.string().nullable() }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
