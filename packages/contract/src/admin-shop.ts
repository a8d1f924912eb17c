import { z } from 'zod';
import { flag, int, isoTime, stringType, text, typeError } from './admin.ts';
import { listAnswerSchema, listQuerySchema, queryChoice } from './admin-list.ts';
import { pathId } from './path.ts';

/**
 * The staff console's calls for the rest of the catalogue: card types, banners, gem price
 * courses and campaigns, the monthly FX rate, exchange cards, coupons, pack pictures and videos, and the board's
 * moderation. Times are ISO instants (the console shows and takes them in JST).
 */

/** A same-origin path (never `//host`), or empty. */
const localPath = (max = 300) =>
  stringType()
    .trim()
    .max(max, { error: 'too_long' })
    .refine((v) => v === '' || (/^\/(?!\/)/.test(v) && !/[\s\\]/.test(v)), { error: 'invalid' });

/** An uploaded picture as a data URL; the server decodes, checks and re-encodes it. */
const imageUpload = z.string({ error: 'image_invalid' }).max(7_000_000, { error: 'image_too_large' });

// --- card types (the Top tabs) ---

export const adminCardTypeFieldsSchema = z
  .object({
    name_en: text(100, 1),
    name_ja: text(100, 1),
    sort: int(-1_000_000, 1_000_000),
    top_tab: flag.optional(),
    exchange_tab: flag.optional(),
  })
  .strict();
/** POST /api/admin/card-types {id, …}: the id is the tab's number (spec: 2 Pokémon, 5 ONE PIECE, …). */
export const adminCardTypeCreateSchema = adminCardTypeFieldsSchema
  .extend({ id: int(1, 999_999_999) })
  .strict();
/** POST /api/admin/card-types/{id}. */
export const adminCardTypeUpdateSchema = adminCardTypeFieldsSchema.partial().strict();
export const adminCardTypeRowSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ja: z.string(),
  sort: z.number().int(),
  top_tab: z.number().int(),
  exchange_tab: z.number().int(),
  cards: z.number().int(),
  packs: z.number().int(),
});
export const adminCardTypeListSchema = z.object({ list: z.array(adminCardTypeRowSchema) });

// --- banners ---

export const bannerKinds = ['top', 'alert'] as const;
export const bannerTones = ['violet', 'gold', 'pink', 'info', 'warn'] as const;

const bannerFields = {
  kind: z.enum(bannerKinds, { error: 'invalid' }),
  slot: int(0, 100),
  sort: int(-1_000_000, 1_000_000),
  link_url: localPath(),
  tone: z.enum(bannerTones, { error: 'invalid' }),
  title_en: text(200),
  title_ja: text(200),
  text_en: text(1000),
  text_ja: text(1000),
  cta_en: text(60),
  cta_ja: text(60),
  starts_at: isoTime.nullable(),
  ends_at: isoTime.nullable(),
  enabled: flag,
  /** The desktop picture (data URL) or a same-origin path of one. */
  image: imageUpload.optional(),
  /** The phone picture (≤ 768 px). */
  sp_image: imageUpload.optional(),
};
/** POST /api/admin/banners. */
export const adminBannerCreateSchema = z
  .object(bannerFields)
  .strict()
  .refine((b) => !b.starts_at || !b.ends_at || b.starts_at < b.ends_at, {
    error: 'window_invalid',
    path: ['ends_at'],
  });
/** POST /api/admin/banners/{id}. */
export const adminBannerUpdateSchema = z.object(bannerFields).partial().strict();

export const adminBannerRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(bannerKinds),
  slot: z.number().int(),
  sort: z.number().int(),
  image_url: z.string(),
  sp_image_url: z.string(),
  link_url: z.string(),
  tone: z.string(),
  title_en: z.string(),
  title_ja: z.string(),
  text_en: z.string(),
  text_ja: z.string(),
  cta_en: z.string(),
  cta_ja: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  enabled: z.number().int(),
  /** Shown on the shop now. */
  live: z.boolean(),
});
export type AdminBannerRow = z.infer<typeof adminBannerRowSchema>;
export const adminBannerListSchema = listAnswerSchema(adminBannerRowSchema);
/** GET /api/admin/banners/{id}: one banner or notice, read by its id. */
export const adminBannerAnswerSchema = z.object({ banner: adminBannerRowSchema });

/**
 * Where a banner stands: live on the shop; switched off; before or after its window; or inside it but not shown
 * because another Top banner holds its slot (a windowed one takes the slot from one without a window).
 */
export const adminBannerStatuses = ['live', 'off', 'upcoming', 'ended', 'replaced'] as const;
export type AdminBannerStatus = (typeof adminBannerStatuses)[number];

/**
 * GET /api/admin/banners — a console list (admin-list.ts): `q` a title, text or link in either language or `#id`,
 * sorted by the carousel's order (by default), id, slot or start; filtered by kind and status.
 */
export const adminBannerSorts = ['sort', 'id', 'slot', 'starts'] as const;
export type AdminBannerSort = (typeof adminBannerSorts)[number];
export const adminBannerQuerySchema = listQuerySchema(adminBannerSorts, {
  kind: queryChoice(bannerKinds),
  status: queryChoice(adminBannerStatuses),
});

// --- gem price courses, campaigns, the FX rate ---

export const adminPointPriceFieldsSchema = z
  .object({
    point: int(1, 1_000_000),
    price: int(0, 10_000_000),
    /** "100" makes the course a free grant (spec §5); anything else a paid course. */
    rate: stringType().regex(/^\d{1,3}$/, { error: 'invalid' }),
    /** Hidden: only members a coupon unlocked it for see it. */
    coupon_only: flag,
    disabled: flag,
    sort: int(-1_000_000, 1_000_000),
  })
  .strict();
export const adminPointPriceCreateSchema = adminPointPriceFieldsSchema;
export const adminPointPriceUpdateSchema = adminPointPriceFieldsSchema.partial().strict();
export const adminPointPriceRowSchema = z.object({
  id: z.number().int(),
  point: z.number().int(),
  price: z.number().int(),
  rate: z.string(),
  coupon_only: z.number().int(),
  disabled: z.number().int(),
  sort: z.number().int(),
  modified: z.string(),
  /** Payments that name it (a course with payments keeps its gems and price history in them). */
  payments: z.number().int(),
});
export const adminPointPriceListSchema = z.object({ list: z.array(adminPointPriceRowSchema) });

export const adminCampaignFieldsSchema = z
  .object({ percent: int(1, 90), starts_at: isoTime, ends_at: isoTime, note: text(200) })
  .strict();
/** POST /api/admin/campaigns. */
export const adminCampaignCreateSchema = adminCampaignFieldsSchema.refine((c) => c.starts_at < c.ends_at, {
  error: 'window_invalid',
  path: ['ends_at'],
});
/** POST /api/admin/campaigns/{id}. */
export const adminCampaignUpdateSchema = adminCampaignFieldsSchema.partial().strict();
export const adminCampaignRowSchema = z.object({
  id: z.number().int(),
  percent: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  note: z.string(),
  active: z.boolean(),
});
export const adminCampaignListSchema = z.object({ list: z.array(adminCampaignRowSchema) });

/** POST /api/admin/fx {month: 'YYYY-MM', rate}: yen per US dollar from that month's 1st, 12:00 JST. */
export const adminFxSetSchema = z
  .object({
    month: stringType().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'invalid' }),
    rate: z
      .number({ error: typeError })
      .gt(0, { error: 'invalid' })
      .max(10_000, { error: 'invalid' })
      .refine((v) => Number.isFinite(v) && Math.round(v * 1000) === v * 1000, { error: 'invalid' }),
  })
  .strict();
export const adminFxListSchema = z.object({
  current: z.object({ month: z.string(), rate: z.number(), since: z.string() }),
  list: z.array(z.object({ month: z.string(), rate: z.number() })),
});

// --- exchange cards (the coin counter) ---

const exchangeFields = {
  card_id: int(1),
  sub_coin: int(1, 10_000_000),
  stock: int(0, 1_000_000),
  member_limit: int(0, 1_000_000),
  visible_from: isoTime.nullable(),
  visible_until: isoTime.nullable(),
  sort: int(-1_000_000, 1_000_000),
};
/** POST /api/admin/exchange-cards. */
export const adminExchangeCardCreateSchema = z.object(exchangeFields).strict();
/** POST /api/admin/exchange-cards/{id}: the stock moves only by /stock (members take from it meanwhile). */
export const adminExchangeCardUpdateSchema = z
  .object(exchangeFields)
  .omit({ card_id: true, stock: true })
  .partial()
  .strict();
/** POST /api/admin/exchange-cards/{id}/stock {add}: adds to (or, negative, takes from) the stock. */
export const adminStockChangeSchema = z
  .object({ add: int(-1_000_000, 1_000_000).refine((v) => v !== 0, { error: 'invalid' }) })
  .strict();
export const adminExchangeCardRowSchema = z.object({
  id: z.number().int(),
  card_id: z.number().int(),
  name_en: z.string(),
  name_ja: z.string(),
  rarity: z.number().int(),
  image_url: z.string(),
  sub_coin: z.number().int(),
  stock: z.number().int(),
  member_limit: z.number().int(),
  visible_from: z.string().nullable(),
  visible_until: z.string().nullable(),
  sort: z.number().int(),
  exchanged: z.number().int(),
});
export const adminExchangeCardListSchema = listAnswerSchema(adminExchangeCardRowSchema);

/** Where an exchange card stands on the counter: shown now, before or after its window. */
export const adminExchangeCardPhases = ['open', 'upcoming', 'ended'] as const;

/**
 * GET /api/admin/exchange-cards (and /export.csv) — a console list (admin-list.ts): `q` the card's name in either
 * language or `#id` (the offer's), in the counter's order (by default) or by price, stock, exchanges or id;
 * filtered by where it stands (shown, before, after its window) and by stock (in stock, out of stock).
 */
export const adminExchangeCardSorts = ['sort', 'id', 'coins', 'stock', 'exchanged'] as const;
export type AdminExchangeCardSort = (typeof adminExchangeCardSorts)[number];
export const adminExchangeCardQuerySchema = listQuerySchema(adminExchangeCardSorts, {
  phase: queryChoice(adminExchangeCardPhases),
  stock: queryChoice(['in', 'out']),
});

// --- coupons ---

export const adminCouponCreateSchema = z
  .object({
    /** Empty: the server makes a random one. */
    code: stringType()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z0-9_-]{3,64}$/.test(v), { error: 'invalid' }),
    kind: z.enum(['gems', 'unlock'], { error: 'invalid' }),
    gems: int(0, 1_000_000),
    starts_at: isoTime,
    ends_at: isoTime,
    max_uses: int(1, 10_000_000).nullable(),
    note: text(200),
    point_price_ids: z.array(int(1), { error: 'invalid' }).max(50),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.starts_at >= c.ends_at)
      ctx.addIssue({ code: 'custom', message: 'window_invalid', path: ['ends_at'] });
    if (c.kind === 'gems' && c.gems < 1)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['gems'] });
    if (c.kind === 'gems' && c.point_price_ids.length)
      ctx.addIssue({ code: 'custom', message: 'invalid', path: ['point_price_ids'] });
    if (c.kind === 'unlock' && !c.point_price_ids.length)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['point_price_ids'] });
  });
/** POST /api/admin/coupons/{id}: the window, the total limit and the note (the kind and reward stay). */
export const adminCouponUpdateSchema = z
  .object({
    starts_at: isoTime,
    ends_at: isoTime,
    max_uses: int(1, 10_000_000).nullable(),
    note: text(200),
  })
  .partial()
  .strict();
export const adminCouponRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['gems', 'unlock']),
  gems: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  note: z.string(),
  disabled_at: z.string().nullable(),
  point_price_ids: z.array(z.number().int()),
  created_at: z.string(),
});
export const adminCouponListSchema = listAnswerSchema(adminCouponRowSchema);
/** GET /api/admin/coupons/{id}: one coupon, read by its id. */
export const adminCouponAnswerSchema = z.object({ coupon: adminCouponRowSchema });

/** Whether members can use a coupon now, and if not, why. */
export const adminCouponStatuses = ['active', 'upcoming', 'ended', 'used_up', 'disabled'] as const;
export type AdminCouponStatus = (typeof adminCouponStatuses)[number];

/**
 * GET /api/admin/coupons (and /export.csv) — a console list (admin-list.ts): `q` a code or note or `#id`, sorted by
 * creation (newest first by default), code, start, end or uses; filtered by status and kind.
 */
export const adminCouponSorts = ['created', 'code', 'starts', 'ends', 'uses'] as const;
export type AdminCouponSort = (typeof adminCouponSorts)[number];
export const adminCouponQuerySchema = listQuerySchema(adminCouponSorts, {
  status: queryChoice(adminCouponStatuses),
  kind: queryChoice(['gems', 'unlock']),
});
export const adminCouponCreatedSchema = z.object({ id: z.number().int(), code: z.string() });
/**
 * GET /api/admin/coupons/{id}/uses?q&dir&page&per (a console list): who used the coupon, newest first. `q` finds
 * part of the member's email or name; `#8` is member 8.
 */
export const adminCouponUsesQuerySchema = listQuerySchema(['id'] as const, {});
export const adminCouponUsesSchema = listAnswerSchema(
  z.object({ user_id: z.number().int(), email: z.string(), name: z.string(), created_at: z.string() }),
);

// --- pack pictures and opening videos ---

/**
 * POST /api/admin/packs/{id}/images: the pack's carousel pictures in order and its banner. Each entry is a new
 * upload (data URL) or the path of a picture the pack has already (kept as it is).
 */
export const adminPackImagesSchema = z
  .object({
    images: z.array(z.union([imageUpload, localPath()]), { error: 'invalid' }).max(8, { error: 'too_many' }),
    banner_image: z.union([imageUpload, localPath()]),
  })
  .strict();

/** POST /api/admin/packs/{id}/pause {paused}: pauses (1) or resumes (0) a published pack's sale. */
export const adminPackPauseSchema = z.object({ paused: flag }).strict();

/** POST /api/admin/packs/{id}/videos: an opening video (mp4 or webm, ≤ 20 MB) for one rarity or any. */
export const adminPackVideoSchema = z
  .object({
    rarity: int(1, 7).nullable(),
    movie_style: int(0, 99).nullable(),
    video: z.string({ error: 'video_invalid' }).max(28_000_000, { error: 'video_too_large' }),
  })
  .strict();
export const adminPackVideoListSchema = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      rarity: z.number().int().nullable(),
      movie_style: z.number().int().nullable(),
      url: z.string(),
      content_type: z.string(),
      byte_size: z.number().int(),
    }),
  ),
});

// --- the board's moderation ---

/**
 * GET /api/admin/posts?status&q&page&per (a console list, admin-list.ts): one state's posts, the pending ones oldest
 * first (the queue), the decided ones newest first, 20 a page unless asked. `q` finds part of the text or of the
 * member's name or email; `#12` is post 12.
 */
export const adminPostQuerySchema = listQuerySchema(['id'] as const, {
  status: z.enum(['pending', 'approved', 'rejected']).catch('pending'),
});
export type AdminPostQuery = z.infer<typeof adminPostQuerySchema>;
export const adminPostListSchema = listAnswerSchema(
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    name: z.string(),
    content: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    reject_reason: z.string().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    images: z.array(z.object({ url: z.string(), thumb_url: z.string() })),
  }),
);
/** POST /api/admin/posts/{id}/reject {reason}: the member sees the reason with their post. */
export const adminPostRejectSchema = z.object({ reason: text(500, 1) }).strict();
export const adminPostDecisionSchema = z.object({
  id: z.number().int(),
  /** False when the post was decided so already (a repeat changes nothing). */
  changed: z.boolean(),
  gems: z.number().int(),
});

// --- what the console's paths name ---

/** A card type named in the path (`/admin/card-types/{id}`). */
export const adminCardTypeParamsSchema = z.object({ id: pathId('card_type_not_found') });
/** A pack's opening video named in the path (`/admin/pack-videos/{id}/delete`). */
export const adminPackVideoParamsSchema = z.object({ id: pathId('video_not_found') });
/** A banner named in the path (`/admin/banners/{id}`). */
export const adminBannerParamsSchema = z.object({ id: pathId('banner_not_found') });
/** A gem price course named in the path (`/admin/point-prices/{id}`). */
export const adminPointPriceParamsSchema = z.object({ id: pathId('point_price_not_found') });
/** A campaign named in the path (`/admin/campaigns/{id}`). */
export const adminCampaignParamsSchema = z.object({ id: pathId('campaign_not_found') });
/** An exchange card named in the path (`/admin/exchange-cards/{id}`). */
export const adminExchangeCardParamsSchema = z.object({ id: pathId('exchange_card_not_found') });
/** A coupon named in the path (`/admin/coupons/{id}`). */
export const adminCouponParamsSchema = z.object({ id: pathId('coupon_not_found') });

/** A board post named in the path (`/admin/posts/{id}/…`). */
export const adminPostParamsSchema = z.object({ id: pathId('post_not_found') });
