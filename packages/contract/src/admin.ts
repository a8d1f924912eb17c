import { z } from 'zod';
import { listAnswerSchema, listQuerySchema, queryChoice, queryDay, queryInt } from './admin-list.ts';
import { pathId } from './path.ts';

/** The staff console's calls (/api/admin): sign-in with a second factor, the staff member, the audit log. */

export const stringType = () =>
  z.string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid') });

export const staffRoles = ['owner', 'operator', 'support', 'viewer'] as const;
export type StaffRoleName = (typeof staffRoles)[number];

/** POST /api/admin/login {email, password}. */
export const adminLoginSchema = z
  .object({
    email: stringType().trim().min(1, { error: 'required' }).max(254, { error: 'too_long' }),
    password: stringType().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  })
  .strict();

/** The next step after the password: set up the authenticator, or give its code. */
export const adminLoginResultSchema = z.object({ next: z.enum(['enrol', 'verify']) });

/** POST /api/admin/totp/confirm {code} and POST /api/admin/totp/verify {code} or {recovery_code}. */
export const adminCodeSchema = z
  .object({
    code: stringType()
      .regex(/^\d{6}$/, { error: 'staff_code_invalid' })
      .optional(),
    recovery_code: stringType().max(40, { error: 'staff_code_invalid' }).optional(),
  })
  .strict();

/** POST /api/admin/totp/start: the secret to put in an authenticator app, as a QR code (SVG) and text. */
export const adminEnrolmentSchema = z.object({
  otpauth_url: z.string(),
  secret: z.string(),
  qr_svg: z.string(),
});

/** Answer of /totp/confirm: the ten recovery codes, shown once. */
export const adminRecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** GET /api/admin/me: who is signed in, how far, and what their role may do. */
export const adminMeSchema = z.object({
  signed_in: z.boolean(),
  email: z.string(),
  role: z.enum(staffRoles).nullable(),
  second_factor: z.boolean(),
  enrolled: z.boolean(),
  permissions: z.array(z.string()),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/**
 * GET /api/admin/audit?q&sort&dir&page&per&staff_id&action&target_type&target_id&from&to (a console list,
 * admin-list.ts): newest first unless sorted. `q` finds part of the action, the target, the staff member's email or
 * the IP address; `#12` is row 12. `from` and `to` are days in Japan time, both included.
 */
export const adminAuditQuerySchema = listQuerySchema(['id', 'action', 'staff'] as const, {
  staff_id: queryInt(9),
  action: z.string().max(64).optional().catch(undefined),
  target_type: z.string().max(64).optional().catch(undefined),
  target_id: z.string().max(64).optional().catch(undefined),
  from: queryDay,
  to: queryDay,
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.string(),
});
export const adminAuditListSchema = listAnswerSchema(adminAuditEntrySchema);
export type AdminAuditList = z.infer<typeof adminAuditListSchema>;
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** GET /api/admin/audit/facets: what the log's pickers offer — every action recorded, every staff member who wrote. */
export const adminAuditFacetsSchema = z.object({
  actions: z.array(z.string()),
  staff: z.array(z.object({ id: z.number().int(), email: z.string() })),
});

// --- the catalogue: packs ---

export const typeError = (iss: { input: unknown }) => (iss.input === undefined ? 'required' : 'invalid');
/**
 * A whole number between `min` and `max`; outside, the field's error states the range (`number_range`, or
 * `number_min` without a real upper bound), its bounds in the issue's `params`.
 */
export const int = (min: number, max = 2_147_483_647) =>
  z.int({ error: typeError }).refine((v) => v >= min && v <= max, {
    error: max >= 2_147_483_647 ? 'number_min' : 'number_range',
    params: { min, max },
  });
export const flag = z.union([z.literal(0), z.literal(1)], { error: 'invalid' });

// --- staff accounts from the console (owners only) ---

export const adminStaffRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** Whether the account has set up its authenticator (it does at its next sign-in otherwise). */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminStaffRow = z.infer<typeof adminStaffRowSchema>;
/**
 * GET /api/admin/staff (and /export.csv) — a console list (admin-list.ts): `q` an email or `#id`, sorted by id (by
 * default), email or last sign-in; filtered by role and state (active, not enrolled yet, disabled).
 */
export const adminStaffListSchema = listAnswerSchema(adminStaffRowSchema);
export const adminStaffStates = ['active', 'not_enrolled', 'disabled'] as const;
export const adminStaffSorts = ['id', 'email', 'last'] as const;
export type AdminStaffSort = (typeof adminStaffSorts)[number];
export const adminStaffQuerySchema = listQuerySchema(adminStaffSorts, {
  role: queryChoice(staffRoles),
  state: queryChoice(adminStaffStates),
});
/** POST /api/admin/staff {email, role}: the account with a temporary password, answered once. */
export const adminStaffCreateSchema = z
  .object({
    email: stringType()
      .trim()
      .min(1, { error: 'required' })
      .max(254, { error: 'too_long' })
      .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: 'mail_invalid' }),
    role: z.enum(staffRoles, { error: 'invalid' }),
  })
  .strict();
export const adminStaffCreatedSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(staffRoles),
  password: z.string(),
});
/** POST /api/admin/staff/{id} {role?, disabled?}: an owner changes a role, disables or enables an account. */
export const adminStaffUpdateSchema = z
  .object({ role: z.enum(staffRoles, { error: 'invalid' }).optional(), disabled: flag.optional() })
  .strict();
export const text = (max: number, min = 0) =>
  stringType().trim().min(min, { error: 'required' }).max(max, { error: 'too_long' });
export const isoTime = stringType().refine(
  (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d\d-\d\dT/.test(v),
  {
    error: 'invalid',
  },
);

/** A pack's columns as staff edit them (times as ISO instants; the console shows and takes them in JST). */
export const adminPackFieldsSchema = z
  .object({
    card_type_id: int(1),
    name_en: text(200, 1),
    name_ja: text(200, 1),
    payment_method: z.union([z.literal(1), z.literal(2)], { error: 'invalid' }),
    point: int(1, 10_000_000),
    total_pack_count: int(1, 1_000_000),
    start_at: isoTime,
    end_at: isoTime.nullable(),
    can_limit: flag,
    limit_count: int(0, 1_000_000),
    limit_message_en: text(200),
    limit_message_ja: text(200),
    max_buy_count: int(0, 3000),
    show_cardlist: flag,
    detail_en: z.string({ error: typeError }).max(20_000, { error: 'too_long' }),
    detail_ja: z.string({ error: typeError }).max(20_000, { error: 'too_long' }),
    movie_style: int(0, 99),
    sort: int(-1_000_000, 1_000_000),
  })
  .strict();
/** POST /api/admin/packs: a new draft. */
export const adminPackCreateSchema = adminPackFieldsSchema;
/** POST /api/admin/packs/{id}: the columns to change (a published pack keeps its price, lots and start). */
export const adminPackUpdateSchema = adminPackFieldsSchema.partial().strict();

export const adminPrizeSchema = z
  .object({
    card_id: int(1),
    quantity: int(1, 1_000_000),
    buy_point: int(0, 10_000_000),
    num: int(1, 100).default(1),
    ship_only: flag.default(0),
    is_last_one: flag.default(0),
  })
  .strict();
/** POST /api/admin/packs/{id}/prizes {prizes}: a draft's prizes, replaced whole. */
export const adminPrizesSchema = z
  .object({ prizes: z.array(adminPrizeSchema, { error: 'invalid' }).min(1, { error: 'required' }).max(500) })
  .strict();

export const adminPackRowSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ja: z.string(),
  status: z.enum(['draft', 'published']),
  phase: z.enum(['before', 'on_sale', 'sold_out', 'ended']),
  card_type_id: z.number().int(),
  payment_method: z.number().int(),
  point: z.number().int(),
  total_pack_count: z.number().int(),
  sold_count: z.number().int(),
  start_at: z.string(),
  end_at: z.string().nullable(),
  /** A published pack's sale paused by staff. */
  paused: z.boolean(),
});
export const adminPackListSchema = listAnswerSchema(adminPackRowSchema);

/** What staff see of a pack's life: a draft, or the sale phase of a published pack. */
export const adminPackStates = ['draft', 'before', 'on_sale', 'sold_out', 'ended'] as const;
export type AdminPackState = (typeof adminPackStates)[number];

/**
 * GET /api/admin/packs (and /export.csv) — a console list (admin-list.ts): `q` a name in either language or `#id`,
 * sorted by id (newest first by default), name, price, sold or start; filtered by state and card type.
 */
export const adminPackSorts = ['id', 'name', 'price', 'sold', 'start'] as const;
export type AdminPackSort = (typeof adminPackSorts)[number];
export const adminPackQuerySchema = listQuerySchema(adminPackSorts, {
  state: queryChoice(adminPackStates),
  type: queryInt(9),
});

export const adminPackDetailSchema = z.object({
  pack: adminPackRowSchema.extend({
    can_limit: z.number().int(),
    limit_count: z.number().int(),
    limit_message_en: z.string(),
    limit_message_ja: z.string(),
    max_buy_count: z.number().int(),
    show_cardlist: z.number().int(),
    detail_en: z.string(),
    detail_ja: z.string(),
    movie_style: z.number().int(),
    sort: z.number().int(),
    commitment: z.string().nullable(),
    /** The carousel pictures in order and the banner, as stored (paths). */
    images: z.array(z.string()),
    banner_image: z.string(),
  }),
  prizes: z.array(
    z.object({
      id: z.number().int(),
      card_id: z.number().int(),
      name_en: z.string(),
      rarity: z.number().int(),
      quantity: z.number().int(),
      buy_point: z.number().int(),
      num: z.number().int(),
      ship_only: z.number().int(),
      is_last_one: z.number().int(),
      /** Won so far (live). */
      sold: z.number().int(),
    }),
  ),
});
export type AdminPackDetail = z.infer<typeof adminPackDetailSchema>;

/** GET /api/admin/packs/{id}/summary: what publishing will sell. */
export const adminPackSummarySchema = z.object({
  lots: z.number().int(),
  lots_per_rarity: z.array(z.object({ rarity: z.number().int(), lots: z.number().int() })),
  last_one: z.number().int(),
  /** Gems (or coins) the pack brings in when every lot sells at full price. */
  full_sale: z.number().int(),
  /** What every lot would convert back into (gems). */
  conversion_value: z.number().int(),
  /** conversion_value ÷ full_sale (the pool's payout ratio); 0 for a coin pack. */
  payout_ratio: z.number(),
  /** The expected prize value of one play (conversion_value ÷ lots, gems) against its price. */
  value_per_play: z.number(),
  price: z.number().int(),
  /** The shop's threshold (PAYOUT_WARNING_PERCENT ÷ 100) and whether this pack is above it. */
  payout_warning_ratio: z.number(),
  payout_warning: z.boolean(),
  /** Whether the prizes add up to the pack's lot count (publishing needs it). */
  ready: z.boolean(),
});

export const adminIdAnswerSchema = z.object({ id: z.number().int() });
export const adminPublishAnswerSchema = z.object({
  id: z.number().int(),
  commitment: z.string(),
  published: z.boolean(),
});

// --- the catalogue: cards ---

export const customsCategories = [
  'cards',
  'psa',
  'boxes',
  'unopened_packs',
  'toys',
  'capsule_toys',
  'electronics',
  'manga',
  'other',
] as const;

/** A card as staff edit it; `image` a data URL of the card's picture (decoded and re-encoded by the server). */
export const adminCardFieldsSchema = z
  .object({
    card_type_id: int(1),
    name_en: text(200, 1),
    name_ja: text(200, 1),
    model_number: text(100),
    rarity: int(1, 7),
    rarity_label: text(20, 1),
    conversion_value: int(0, 10_000_000),
    ship_only: flag,
    customs_category: z.enum(customsCategories, { error: 'invalid' }),
    image: z.string({ error: 'image_invalid' }).max(7_000_000, { error: 'image_too_large' }).optional(),
  })
  .strict();
export const adminCardCreateSchema = adminCardFieldsSchema;
export const adminCardUpdateSchema = adminCardFieldsSchema.partial().strict();

export const adminCardRowSchema = z.object({
  id: z.number().int(),
  card_type_id: z.number().int(),
  name_en: z.string(),
  name_ja: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  image_url: z.string(),
  conversion_value: z.number().int(),
  ship_only: z.number().int(),
  customs_category: z.enum(customsCategories),
});
export const adminCardListSchema = listAnswerSchema(adminCardRowSchema);
/** GET /api/admin/cards/{id}. */
export const adminCardAnswerSchema = z.object({ card: adminCardRowSchema });

/**
 * GET /api/admin/cards (and /export.csv) — a console list (admin-list.ts): `q` a card's name in either language or
 * its model number (any case, anywhere in it; `#123` or `123` finds that card), newest first unless sorted by name,
 * model number, rarity or conversion value; filtered by card type and rarity; `per` 50 unless 1 to 100 is asked
 * (the pickers ask for fewer).
 */
export const adminCardSorts = ['id', 'name', 'model', 'rarity', 'conversion'] as const;
export type AdminCardSort = (typeof adminCardSorts)[number];
export const adminCardQuerySchema = listQuerySchema(adminCardSorts, {
  type: queryInt(9),
  rarity: queryInt(1).pipe(z.number().int().min(1).max(7).optional().catch(undefined)),
});

/** The columns of the cards' CSV, export and import alike (a file may put them in any order). */
export const CARD_CSV_COLUMNS = [
  'id',
  'card_type_id',
  'name_en',
  'name_ja',
  'model_number',
  'rarity',
  'rarity_label',
  'conversion_value',
  'ship_only',
  'customs_category',
] as const;
export const CARD_CSV_MAX_CHARS = 5_000_000;
export const CARD_CSV_MAX_LINES = 20_000;

/**
 * POST /api/admin/cards/import {csv, dry_run?} (catalogue.write): cards from a CSV with a header line naming the
 * columns (CARD_CSV_COLUMNS; `image_url` and unknown columns are ignored). A line with an empty `id` adds a card
 * (with its generated picture), one with an id changes that card. All or nothing, in one transaction with one audit
 * row (card.import): one bad line and nothing is written — a 400 (errors.csv = csv_import_refused) whose `lines`
 * report every line. `dry_run: true` checks and reports without writing.
 */
export const adminCardImportSchema = z
  .object({
    csv: stringType().max(CARD_CSV_MAX_CHARS, { error: 'too_long' }),
    dry_run: z.boolean({ error: 'invalid' }).optional(),
  })
  .strict();

/** One line as the import read it: the card it adds (id null) or changes, and its first error, if any. */
export const adminCardImportLineSchema = z.object({
  line: z.number().int(),
  id: z.number().int().nullable(),
  name_en: z.string(),
  /** The column the error is in (null: the line as a whole). */
  field: z.string().nullable(),
  error: z.string().nullable(),
  message: z.string().nullable(),
});
export type AdminCardImportLine = z.infer<typeof adminCardImportLineSchema>;

export const adminCardImportResultSchema = z.object({
  applied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  lines: z.array(adminCardImportLineSchema),
});

/** A pack named in the path (`/admin/packs/{id}`). */
export const adminPackParamsSchema = z.object({ id: pathId('pack_not_found') });
/** A card named in the path (`/admin/cards/{id}`). */
export const adminCardParamsSchema = z.object({ id: pathId('card_not_found') });

/** A staff account named in the path (`/admin/staff/{id}`). */
export const adminStaffParamsSchema = z.object({ id: pathId('staff_not_found') });
