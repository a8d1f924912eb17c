import { z } from 'zod';
import { customsCategories, stringType } from './admin.ts';
import { carriers } from './draws.ts';
import { listQuerySchema, queryChoice } from './admin-list.ts';
import { pathId } from './path.ts';

/**
 * The staff console's shipping, beside the batch list and the ship call of draws.ts
 * (adminShipmentSchema, shipSchema): the list's filters, the packing list and customs sheet to print, and the CSV
 * import of tracking codes. The customs declared values come from spec §9's table (customs.ts), by each item's
 * card's customs category. Times are ISO instants (UTC); the console shows them in JST.
 */

const intParam = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .refine((n) => n <= max)
    .optional()
    .catch(undefined);

/** The terms: items ship within 14 days of the member's request. */
export const SHIPPING_DUE_DAYS = 14;

/** The waits the console's age filter names, in days (both ends included). */
export const shipmentAges = {
  fresh: { max: 6 },
  week: { min: 7, max: 9 },
  soon: { min: 10, max: SHIPPING_DUE_DAYS - 1 },
  overdue: { min: SHIPPING_DUE_DAYS },
} as const satisfies Record<string, { min?: number; max?: number }>;
export type ShipmentAge = keyof typeof shipmentAges;

/** The batch list's orders: oldest request first unless asked. */
export const shipmentSorts = ['id', 'shipped_at', 'item_count'] as const;

/**
 * GET /api/admin/shipments?q&sort&dir&page&per&status=open|shipped|all&age&min_age_days&max_age_days&user_id (a
 * console list, admin-list.ts): batches oldest first unless sorted, the open ones unless `status` says. `q` finds
 * part of the member's name, email, telephone or postcode, or of the tracking code; `#12` is batch 12. `age` is one
 * of shipmentAges; `min_age_days=10` lists the batches that have waited 10 days or more (14: those past the
 * terms' due date), `max_age_days` the ones that have waited at most that many. A value that cannot be read is
 * ignored.
 */
export const adminShipmentQuerySchema = listQuerySchema(shipmentSorts, {
  status: queryChoice(['open', 'shipped', 'all']),
  age: queryChoice(Object.keys(shipmentAges) as [ShipmentAge, ...ShipmentAge[]]),
  min_age_days: intParam(10_000),
  max_age_days: intParam(10_000),
  user_id: intParam(999_999_999),
});
export type AdminShipmentQuery = z.infer<typeof adminShipmentQuerySchema>;

/**
 * GET /api/admin/shipments/packing-list?ids=1,2,3 (up to 50 batches, open or shipped): what the console prints for
 * each parcel — the packing list (every item) and the customs sheet (CN22/CN23 contents: one line per customs
 * category with its quantity and declared value, the sender, the recipient, the total). Unknown ids are a 404.
 */
export const adminPackingListQuerySchema = z.object({
  ids: z
    .string({ error: 'required' })
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, { error: 'invalid' })
    .transform((v) => [...new Set(v.split(',').map(Number))]),
});

const recipientSchema = z.object({
  name: z.string(),
  country_id: z.number().int().nullable(),
  /** The country's English name (customs forms are filled in English), and its ISO code. */
  country: z.string(),
  country_code: z.string(),
  zipcode: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  building: z.string(),
  tel: z.string(),
});

export const adminPackingSheetSchema = z.object({
  shipment: z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    status: z.enum(['open', 'shipped']),
    created_at: z.string(),
    age_days: z.number().int(),
    due_at: z.string(),
    carrier: z.enum(carriers).nullable(),
    delivery_code: z.string().nullable(),
  }),
  recipient: recipientSchema,
  /** The packing list: every item of the batch. */
  items: z.array(
    z.object({
      history_id: z.number().int().nullable(),
      exchange_id: z.number().int().nullable(),
      card_id: z.number().int(),
      name: z.string(),
      model_number: z.string(),
      customs_category: z.enum(customsCategories),
      declared_value_yen: z.number().int(),
    }),
  ),
  /** The customs sheet's contents, one line per category: description, quantity, declared value (yen). */
  customs: z.array(
    z.object({
      customs_category: z.enum(customsCategories),
      description: z.string(),
      quantity: z.number().int(),
      declared_value_yen: z.number().int(),
    }),
  ),
  declared_total_yen: z.number().int(),
});
export type AdminPackingSheet = z.infer<typeof adminPackingSheetSchema>;

export const adminPackingListSchema = z.object({
  /** The sender on every sheet: the seller (SELLER_NAME, SELLER_ADDRESS, SELLER_EMAIL). */
  sender: z.object({
    name: z.string(),
    address: z.string(),
    email: z.string(),
    country_code: z.literal('JP'),
  }),
  /** Contents are merchandise, from Japan, valued in yen under the rules in force from this date (spec §9). */
  origin_country: z.literal('JP'),
  currency: z.literal('JPY'),
  nature: z.literal('merchandise'),
  rules_from: z.string(),
  printed_at: z.string(),
  sheets: z.array(adminPackingSheetSchema),
});
export type AdminPackingList = z.infer<typeof adminPackingListSchema>;

/** The largest CSV of tracking codes the import takes (characters), and its most lines. */
export const TRACKING_CSV_MAX_CHARS = 1_000_000;
export const TRACKING_CSV_MAX_LINES = 2000;

/**
 * POST /api/admin/shipments/tracking-import {csv, dry_run?} (shipping.write): marks batches shipped from a CSV,
 * one line per batch: `shipment id, carrier, tracking code` (UTF-8; a header line naming the columns, blank lines and
 * a byte-order mark are skipped; fields may be quoted; carriers are the keys of `carriers`, any case). The file is
 * applied all or nothing, in one transaction with one audit row per batch: one bad line (unknown batch, a batch not
 * open, a batch or tracking code twice in the file, a bad carrier or code) and nothing is marked shipped — the answer
 * is a 400 (errors.csv = csv_import_refused) whose `lines` report every line. `dry_run: true` checks and reports
 * without marking anything. Members are emailed once the file is applied.
 */
export const adminTrackingImportSchema = z
  .object({
    csv: stringType().max(TRACKING_CSV_MAX_CHARS, { error: 'too_long' }),
    dry_run: z.boolean({ error: 'invalid' }).optional(),
  })
  .strict();

/** One line of the file as the import read it; `error` (a message key) and `message` null when the line is fine. */
export const adminTrackingLineSchema = z.object({
  /** The line number in the file (1 = the first line, header included). */
  line: z.number().int(),
  shipment_id: z.number().int().nullable(),
  carrier: z.enum(carriers).nullable(),
  tracking_code: z.string().nullable(),
  error: z.string().nullable(),
  message: z.string().nullable(),
});
export type AdminTrackingLine = z.infer<typeof adminTrackingLineSchema>;

/**
 * Answer of the import: `applied` (false for a dry run), the batches marked shipped, every line. A refused file
 * answers state 400 with `errors: { csv: [...] }` and the same `lines` (the bad ones with their `error`).
 */
export const adminTrackingImportResultSchema = z.object({
  applied: z.boolean(),
  shipped: z.number().int(),
  lines: z.array(adminTrackingLineSchema),
});

/** A shipment (a member's batch) named in the path (`/admin/shipments/{id}/…`). */
export const adminShipmentParamsSchema = z.object({ id: pathId('shipment_not_found') });
