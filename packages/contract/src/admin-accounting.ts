import { z } from 'zod';

/**
 * The console's money pages (permission accounting.read): sales, refunds and net by JST day and month and by
 * payment method; the gem liability (gems issued and neither spent nor expired), paid and free apart, on any day;
 * the prepaid-balance report of Japan's Payment Services Act on its base dates. Yen and gems are whole numbers.
 */

/** A calendar day in Japan time, `YYYY-MM-DD` (a real date). */
export const jstDaySchema = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/, { error: 'date_invalid' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v,
    {
      error: 'date_invalid',
    },
  );

/** GET /api/admin/accounting?from&to — both days included; this month so far when left out; at most 366 days. */
export const adminAccountingQuerySchema = z.object({
  from: jstDaySchema.optional(),
  to: jstDaySchema.optional(),
});

const money = {
  /** Succeeded gem purchases, counted on the day they succeeded. */
  payments: z.number().int(),
  gross_yen: z.number().int(),
  /** Refunds: succeeded at the provider (on that day), or decided to be paid back by hand (on the decision's day). */
  refunds: z.number().int(),
  refunds_yen: z.number().int(),
  net_yen: z.number().int(),
};
export const adminMoneySchema = z.object(money);
export type AdminMoney = z.infer<typeof adminMoneySchema>;

export const adminMoneyByMethodSchema = z.object({ method: z.string(), ...money });

/** How the gems of one kind (paid: bought with money; bonus: free grants) moved in a period, and what is left. */
export const adminGemMovesSchema = z.object({
  issued: z.number().int(),
  /** Spent on packs, exchanges and staff deductions. */
  used: z.number().int(),
  /** Past their six months (on the day they expired) or voided with their account. */
  expired: z.number().int(),
  /** Taken back by a refund of the purchase that issued them. */
  refunded: z.number().int(),
  /** Unused at the end of the period. */
  balance: z.number().int(),
});
export type AdminGemMoves = z.infer<typeof adminGemMovesSchema>;

export const adminAccountingPeriodSchema = z.object({
  /** `YYYY-MM-DD` for a day, `YYYY-MM` for a month (JST). */
  period: z.string(),
  ...money,
  by_method: z.array(adminMoneyByMethodSchema),
  paid_gems: adminGemMovesSchema,
  bonus_gems: adminGemMovesSchema,
});
export type AdminAccountingPeriod = z.infer<typeof adminAccountingPeriodSchema>;

export const adminAccountingSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(adminAccountingPeriodSchema),
  /** The months the range touches, each counted within the range only. */
  months: z.array(adminAccountingPeriodSchema),
  total: adminAccountingPeriodSchema,
});
export type AdminAccounting = z.infer<typeof adminAccountingSchema>;

/** GET /api/admin/accounting/liability?date — the unused gems at the end of that JST day (today: now). */
export const adminLiabilityQuerySchema = z.object({ date: jstDaySchema.optional() });
export const adminLiabilitySchema = z.object({
  date: z.string(),
  /** The instant the figures are for (the end of the day, or now for today). */
  at: z.string(),
  paid: z.number().int(),
  bonus: z.number().int(),
  total: z.number().int(),
});
export type AdminLiability = z.infer<typeof adminLiabilitySchema>;

/** Base dates of the Payment Services Act's report: 31 March and 30 September. */
export const prepaidBaseDateSchema = jstDaySchema.refine(
  (v) => v.endsWith('-03-31') || v.endsWith('-09-30'),
  { error: 'prepaid_base_date' },
);

/** GET /api/admin/accounting/prepaid?base — the report on one base date; the latest one passed when left out. */
export const adminPrepaidQuerySchema = z.object({ base: prepaidBaseDateSchema.optional() });

export const adminPrepaidReportSchema = z.object({
  base_date: z.string(),
  /** The half year the base date closes (JST days, both included). */
  period_from: z.string(),
  period_to: z.string(),
  /** Paid gems (1 gem = ¥1) issued, used, expired and refunded in the period. */
  issued: z.number().int(),
  used: z.number().int(),
  expired: z.number().int(),
  refunded: z.number().int(),
  /** The unused balance of paid gems at the end of the base date, in yen. */
  unused_balance: z.number().int(),
  /** ¥10,000,000: above it, half the balance must be deposited (or secured). */
  threshold: z.number().int(),
  exceeds: z.boolean(),
  deposit_required: z.number().int(),
  /** The report and the deposit are due within two months of the base date. */
  due_date: z.string(),
  /** True while the base date has not ended yet (the figures are so far). */
  provisional: z.boolean(),
  /** The base dates the page offers, newest first. */
  base_dates: z.array(z.string()),
});
export type AdminPrepaidReport = z.infer<typeof adminPrepaidReportSchema>;
