import { z } from 'zod';
import { packVideoSchema } from './draws.ts';
import { pageInfoSchema } from './paging.ts';
import { pathId, pathPage } from './path.ts';
import { MAX_PRACTICE_COUNT } from './limits.ts';

export { MAX_PRACTICE_COUNT };

/**
 * Fairness members can see: the odds disclosure fixed when a pack is published, the live odds of the
 * remaining pool, the public draw record and the free practice draw. The lot sequence itself (canonical list,
 * commitment, shuffle) is fairness.ts; docs/fairness.md describes both for people who check from outside.
 */

const int = z.number().int();

// --- the odds disclosure (fixed at publishing, kept with the commitment on the pack row) ---

/** One prize as disclosed when the pack was published. */
export const disclosedPrizeSchema = z.object({
  prize_id: int,
  card_id: int,
  name_en: z.string(),
  name_ja: z.string(),
  model_number: z.string(),
  rarity: int,
  rarity_label: z.string(),
  image: z.string(),
  quantity: int,
  is_last_one: z.boolean(),
  /** A named top prize: the live odds follow each of its lots (topPrizeIds). */
  top: z.boolean(),
});
export type DisclosedPrize = z.infer<typeof disclosedPrizeSchema>;

/** What `packs.odds_disclosure` holds (JSON), written once in the transaction that stores the seed. */
export const disclosureRecordSchema = z.object({
  version: z.literal(1),
  /** When it was fixed (ISO UTC): the publication, or the first read of a pack published before migration 018. */
  fixed_at: z.string(),
  /** Lots in the shuffled sequence (every prize but the last-one prizes). */
  total: int,
  prizes: z.array(disclosedPrizeSchema),
});
export type DisclosureRecord = z.infer<typeof disclosureRecordSchema>;

/** At most this many named top prizes per pack. */
export const MAX_TOP_PRIZES = 12;
/** The named top prizes are those of the pack's this-many best rarities… */
export const TOP_PRIZE_TIERS = 2;
/** …that are scarce: at most this many lots each (a prize with hundreds of lots is a tier, not a top prize). */
export const MAX_TOP_PRIZE_QUANTITY = 10;
/** The live odds list this many of a top prize's drawn lots, the latest first. */
export const DRAWN_SHOWN = 10;

/**
 * The named top prizes of a pack: the lotted prizes (not the last-one prize) of its TOP_PRIZE_TIERS highest
 * rarities with at most MAX_TOP_PRIZE_QUANTITY lots each, best rarity first then by prize id, at most
 * MAX_TOP_PRIZES of them.
 */
export function topPrizeIds(
  prizes: readonly { prize_id: number; rarity: number; quantity: number; is_last_one: boolean }[],
): number[] {
  const lotted = prizes.filter((p) => !p.is_last_one);
  const best = [...new Set(lotted.map((p) => p.rarity))].sort((a, b) => b - a).slice(0, TOP_PRIZE_TIERS);
  return lotted
    .filter((p) => best.includes(p.rarity) && p.quantity <= MAX_TOP_PRIZE_QUANTITY)
    .sort((a, b) => b.rarity - a.rarity || a.prize_id - b.prize_id)
    .slice(0, MAX_TOP_PRIZES)
    .map((p) => p.prize_id);
}

/** A prize tier: the lots of one rarity (the label of its first prize by id). */
export interface Tier {
  rarity: number;
  rarity_label: string;
  quantity: number;
}

/** The tiers of the lotted prizes (last-one prizes left out), best rarity first. */
export function tiersOf(
  prizes: readonly {
    prize_id: number;
    rarity: number;
    rarity_label: string;
    quantity: number;
    is_last_one: boolean;
  }[],
): Tier[] {
  const byRarity = new Map<number, Tier>();
  for (const p of [...prizes].sort((a, b) => a.prize_id - b.prize_id)) {
    if (p.is_last_one) continue;
    const t = byRarity.get(p.rarity);
    if (t) t.quantity += p.quantity;
    else byRarity.set(p.rarity, { rarity: p.rarity, rarity_label: p.rarity_label, quantity: p.quantity });
  }
  return [...byRarity.values()].sort((a, b) => b.rarity - a.rarity);
}

/**
 * The chance that one play draws one of `count` lots out of a pool of `pool` lots: every remaining lot is
 * equally likely to be the next one (the sequence is a uniform shuffle nobody can see). 0 for an empty pool.
 */
export function chanceOf(count: number, pool: number): number {
  return pool > 0 ? count / pool : 0;
}

const disclosedTierSchema = z.object({
  rarity: int,
  rarity_label: z.string(),
  quantity: int,
  /** quantity / total: the chance of this tier on a play from the full pack. */
  probability: z.number(),
});

const shownPrize = {
  prize_id: int,
  name: z.string(),
  model_number: z.string(),
  rarity: int,
  rarity_label: z.string(),
  image: z.string(),
};

/**
 * GET /user/pack/disclosure/{packId} (guests too): every prize tier and prize with its quantity and
 * probability as fixed at publishing, beside the commitment. 404 for a pack that is not published.
 */
export const oddsDisclosureSchema = z.object({
  pack_id: int,
  name: z.string(),
  commitment: z.string(),
  fixed_at: z.string(),
  start_at: z.string(),
  total: int,
  point: int,
  payment_method: z.union([z.literal(1), z.literal(2)]),
  tiers: z.array(disclosedTierSchema),
  /** Every lotted prize (what the canonical lot list is built from), by prize id. */
  prizes: z.array(z.object({ ...shownPrize, quantity: int, probability: z.number(), top: z.boolean() })),
  /** Given with the final lot, besides its own prize: not drawn by chance. */
  last_one: z.array(z.object({ ...shownPrize, quantity: int })),
});
export type OddsDisclosure = z.infer<typeof oddsDisclosureSchema>;

// --- live odds ---

/**
 * GET /user/pack/odds/{packId} (guests too): the remaining pool now. Per tier and per named top prize: how many
 * remain of how many, and the chance on the next play; a top prize's drawn lots (total − remaining of them), the
 * latest DRAWN_SHOWN first, with position (0-based) and time. The remaining counts always add up to `remaining`.
 */
export const liveOddsSchema = z.object({
  pack_id: int,
  total: int,
  sold: int,
  remaining: int,
  revealed: z.boolean(),
  tiers: z.array(
    z.object({ rarity: int, rarity_label: z.string(), total: int, remaining: int, chance: z.number() }),
  ),
  top_prizes: z.array(
    z.object({
      ...shownPrize,
      total: int,
      remaining: int,
      chance: z.number(),
      drawn: z.array(z.object({ position: int, at: z.string() })),
    }),
  ),
  last_one: z.array(z.object({ ...shownPrize, quantity: int, given: z.boolean() })),
});
export type LiveOdds = z.infer<typeof liveOddsSchema>;

// --- the public draw record ---

/** A pack named in the path (the disclosure, the odds, the record's CSV); an id that cannot be one is not found. */
export const fairnessPackParamsSchema = z.object({ packId: pathId('pack_not_found') });

/** The path of GET /user/pack/record/{packId}/{page}. */
export const recordParamsSchema = z.object({ packId: pathId('pack_not_found'), page: pathPage });

export const RECORD_PAGE_SIZE = 50;
export const MAX_RECORD_PAGE_SIZE = 1000;

/** The query of GET /user/pack/record/{packId}/{page}: `size` rows a page (default 50, 10–1000). */
export const recordQuerySchema = z.object({
  size: z
    .union([z.literal(''), z.string().regex(/^\d{1,4}$/, { error: 'invalid' })], { error: 'invalid' })
    .optional()
    .transform((v) => (v ? Number(v) : RECORD_PAGE_SIZE))
    .refine((n) => n >= 10 && n <= MAX_RECORD_PAGE_SIZE, { error: 'invalid' }),
});

/**
 * GET /user/pack/record/{packId}/{page} (guests too): every sold position with its prize and the time it was
 * drawn, newest first. Nobody is named: `mine` is true only on the caller's own draws.
 */
export const drawRecordSchema = z.object({
  pack_id: int,
  total: int,
  sold: int,
  revealed: z.boolean(),
  per_page: int,
  list: z.array(
    z.object({
      position: int,
      prize_id: int,
      name: z.string(),
      rarity: int,
      rarity_label: z.string(),
      at: z.string(),
      mine: z.boolean(),
    }),
  ),
  ...pageInfoSchema.shape,
});
export type DrawRecord = z.infer<typeof drawRecordSchema>;

// --- the practice draw ---

const typeError = (iss: { input: unknown }) => (iss.input === undefined ? 'required' : 'invalid');
/** A whole number, or a string of digits (the purchase's fields come as strings). */
const wholeNumber = z.union(
  [
    z.int(),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ],
  { error: typeError },
);

/** POST /user/pack/practice {packId, count}: count 1–10 (a number or a string of digits). */
export const practiceInputSchema = z
  .object({
    packId: wholeNumber.pipe(z.int().min(1, { error: 'invalid' }).max(2_147_483_647, { error: 'invalid' })),
    count: wholeNumber.pipe(
      z
        .int()
        .min(1, { error: 'practice_count_invalid' })
        .max(MAX_PRACTICE_COUNT, { error: 'practice_count_invalid' }),
    ),
  })
  .strict();
export type PracticeInput = z.input<typeof practiceInputSchema>;

/** A card the opening shows: what a practice draw gives (no won item, so no history id or status). */
export const practiceCardSchema = z.object({
  action_type: z.enum(['0', '2']),
  rarity: int,
  rarity_label: z.string(),
  image: z.string(),
  name: z.string(),
  model_number: z.string(),
  num: int,
  buy_point: int,
  is_last_one: z.enum(['0', '1']),
});

/**
 * The answer of POST /user/pack/practice: `count` lots drawn without replacement from the pack's remaining pool
 * (`pool` lots) with a fresh random `seed`; nothing is bought, paid or kept.
 */
export const practiceResultSchema = z.object({
  practice: z.literal(true),
  pack_id: int,
  title: z.string(),
  movie_style: int,
  card_type: int,
  count: int,
  pool: int,
  seed: z.string(),
  cards: z.array(practiceCardSchema),
  videos: z.array(packVideoSchema),
});
export type PracticeResult = z.infer<typeof practiceResultSchema>;
