import type {
  ActionType,
  BuyPackResult,
  FairnessInfo,
  PackCheckResult,
  ResultCard,
} from '@gacha/contract/draws';
import { canonicalLots } from '@gacha/contract/fairness';
import type { Lang } from '@gacha/contract/messages';
import type { Db } from '../../db/index.ts';
import { formatJst } from '../../db/time.ts';
import { notFound } from '../../http/api-error.ts';
import { gemBalance } from '../gems/service.ts';
import { purchaseCards } from '../holdings/service.ts';
import { isRevealed, newSeed, planLots, type SeedSource } from './fairness.ts';
import { cachedPack, forgetPack } from './pack-cache.ts';
import { recordPurchase } from './purchase.ts';
import {
  findPurchase,
  getPack,
  insertLots,
  memberPlays,
  packPrizes,
  packVideos,
  readBuyer,
  type PackRow,
  type PrizeRow,
} from './repo.ts';
import {
  actionTypeOf,
  GEM_PACK,
  insufficientBalance,
  packPhase,
  purchaseTerms,
  refuse,
  refuseUnlessOnSale,
} from './rules.ts';

export { packPhase } from './rules.ts';

/**
 * A pack, its prizes or its videos changed: the buy path's cached copy is dropped in this process (others see
 * the change within PACK_CACHE_TTL_MS).
 */
export function packChanged(db: Db, packId: number): void {
  forgetPack(db, packId);
}

/**
 * Publishes a pack's lot sequence (DOMAIN.md Packs and lots): a fresh secret 32-byte seed, the commitment
 * sha256(seed ‖ ':' ‖ canonical list) and the Fisher–Yates sequence driven by the seed, stored as `pack_lots`.
 * Idempotent: a published pack is never reshuffled (the seed is set with a conditional `WHERE seed IS NULL`,
 * in the same transaction as the lots, so two publishers at once store one sequence).
 * The lots must add up to the pack's total_pack_count.
 */
export async function publishPack(
  db: Db,
  packId: number,
  seedSource: SeedSource = newSeed,
): Promise<{ commitment: string; published: boolean }> {
  const pack = await db
    .selectFrom('packs')
    .select(['id', 'seed', 'commitment', 'total_pack_count'])
    .where('id', '=', packId)
    .executeTakeFirst();
  if (!pack) throw new Error(`pack ${packId} does not exist`);
  if (pack.seed && pack.commitment) return { commitment: pack.commitment, published: false };
  const prizes = await db
    .selectFrom('pack_prizes')
    .select(['id', 'quantity', 'is_last_one'])
    .where('pack_id', '=', packId)
    .execute();
  const plan = planLots(prizes, seedSource);
  if (plan.canonical.length !== pack.total_pack_count) {
    throw new Error(
      `pack ${packId}: its prizes hold ${plan.canonical.length} lots but total_pack_count is ${pack.total_pack_count}`,
    );
  }
  return db.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('packs')
      .set({ seed: plan.seed, commitment: plan.commitment })
      .where('id', '=', packId)
      .where('seed', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      const now = await tx
        .selectFrom('packs')
        .select('commitment')
        .where('id', '=', packId)
        .executeTakeFirstOrThrow();
      return { commitment: now.commitment!, published: false };
    }
    await insertLots(tx, packId, plan.sequence);
    return { commitment: plan.commitment, published: true };
  });
}

async function loadPack(db: Db, packId: number): Promise<PackRow> {
  const pack = await getPack(db, packId);
  if (!pack) throw refuse(404, 'pack_not_found');
  return pack;
}

/**
 * POST /user/pack/check: the purchase rule (rules.ts purchaseTerms) on the live pack and the member's balance,
 * read-only. Stores nothing — the buy carries the same packId and count and decides again in its transaction.
 */
export async function checkPurchase(
  db: Db,
  args: { userId: number; packId: number; count: number; lang: Lang },
  now: Date,
): Promise<PackCheckResult> {
  const pack = await loadPack(db, args.packId);
  const buyer = await readBuyer(db, args.userId);
  if (!buyer) throw notFound();
  const played = pack.can_limit ? await memberPlays(db, args.userId, pack.id) : 0;
  const terms = purchaseTerms(pack, { rank: buyer.rank, played }, args.count, now, args.lang);
  const balance = terms.currency === 'gem' ? await gemBalance(db, args.userId, now) : buyer.coin_tenths;
  if (balance < terms.charge) throw insufficientBalance(terms.currency);
  return {
    result: '1',
    pack_id: pack.id,
    count: args.count,
    currency: terms.currency,
    base_price: terms.baseCharge,
    discount_percent: terms.discountPercent,
    price: terms.charge,
    balance_before: balance,
    balance_after: balance - terms.charge,
  };
}

function toCard(prize: PrizeRow, historyId: number, actionType: ActionType, lang: Lang): ResultCard {
  return {
    history_id: historyId,
    action_type: actionType,
    rarity: prize.rarity,
    rarity_label: prize.rarity_label,
    image: prize.image_url,
    name: lang === 'ja' ? prize.name_ja : prize.name_en,
    model_number: prize.model_number,
    num: prize.num,
    buy_point: prize.buy_point,
    is_last_one: prize.is_last_one ? '1' : '0',
    status: 'unselected',
  };
}

/**
 * POST /user/pack/buy: the purchase's one transaction (purchase.ts recordPurchase, which decides with the
 * purchase rule on the live pack row), then the buy-pack result of spec §3 built from its won items and the
 * cached prizes.
 */
export async function buyPacks(
  db: Db,
  args: { userId: number; packId: number; count: number; lang: Lang },
  now: Date,
): Promise<BuyPackResult> {
  let cached = await cachedPack(db, args.packId, now);
  if (!cached) throw refuse(404, 'pack_not_found');
  if (!cached.pack.seed) {
    await publishPack(db, args.packId); // a pack is normally published when it is created; this is the safety net
    forgetPack(db, args.packId);
    cached = await cachedPack(db, args.packId, now);
    if (!cached) throw refuse(404, 'pack_not_found');
  }
  const { pack } = cached;
  // A pack stays sold out (sold_count only grows): the rush of buys after a sell-out is refused on the live
  // row, without a write transaction each.
  if (packPhase(pack, now) === 'sold_out') refuseUnlessOnSale(await loadPack(db, args.packId), now);
  const gemPack = pack.payment_method === GEM_PACK;
  const done = await recordPurchase(db, {
    userId: args.userId,
    packId: args.packId,
    count: args.count,
    lang: args.lang,
    now,
    lastOne: cached.lastOne,
  });

  let prizeById = cached.byId;
  const prizeIds = [...done.lots.prizeIds, ...done.lastOne.map((x) => x.prize_id)];
  if (prizeIds.some((id) => !prizeById.has(id))) {
    // a prize the cached copy does not know (the pack was edited within the cache's lifetime): read them now
    forgetPack(db, pack.id);
    prizeById = new Map((await packPrizes(db, pack.id)).map((x) => [x.id, x]));
  }
  const card = (historyId: number, prizeId: number) => {
    const prize = prizeById.get(prizeId);
    if (!prize) throw new Error(`pack ${pack.id}: won item ${historyId} names prize ${prizeId} of no pack`);
    return toCard(prize, historyId, actionTypeOf(done, prize), args.lang);
  };
  // in lot order, the last-one prize last
  const { ids, positions } = done.lots;
  const order = ids.map((_, i) => i).sort((a, b) => positions[a]! - positions[b]!); // id order is not promised on PostgreSQL
  const cards = [
    ...order.map((i) => card(ids[i]!, done.lots.prizeIds[i]!)),
    ...done.lastOne.sort((a, b) => a.id - b.id).map((x) => card(x.id, x.prize_id)),
  ];

  return {
    result: '1',
    purchase_id: done.purchaseId,
    pack_id: pack.id,
    title: args.lang === 'ja' ? pack.name_ja : pack.name_en,
    created: formatJst(now),
    movie_style: pack.movie_style,
    is_country: done.countryId !== null ? '1' : '0',
    is_buy_coin: gemPack ? '0' : '1',
    card_type: pack.card_type_id,
    count: args.count,
    price_paid: done.price,
    currency: done.currency,
    cards,
    videos: cached.videos,
  };
}

/** GET /user/pack/gache_result and /user/pack/buy_result: the member's latest (or given) purchase again. */
export async function purchaseResult(
  db: Db,
  args: { userId: number; purchaseId?: number; lang: Lang },
): Promise<BuyPackResult> {
  const p = await findPurchase(db, args.userId, args.purchaseId);
  if (!p) {
    if (args.purchaseId !== undefined) throw notFound();
    const user = await readBuyer(db, args.userId);
    return {
      result: '1',
      purchase_id: null,
      pack_id: null,
      title: '',
      created: '',
      movie_style: 0,
      is_country: user?.country_id != null ? '1' : '0',
      is_buy_coin: '0',
      card_type: null,
      count: 0,
      price_paid: 0,
      currency: null,
      cards: [],
      videos: [],
    };
  }
  const [cards, videos] = await Promise.all([purchaseCards(db, p.id, args.lang), packVideos(db, p.pack_id)]);
  return {
    result: '1',
    purchase_id: p.id,
    pack_id: p.pack_id,
    title: args.lang === 'ja' ? p.name_ja : p.name_en,
    created: formatJst(p.created_at),
    movie_style: p.movie_style,
    is_country: p.country_id !== null ? '1' : '0',
    is_buy_coin: p.payment_method === GEM_PACK ? '0' : '1',
    card_type: p.card_type_id,
    count: p.count,
    price_paid: p.price_paid,
    currency: p.currency,
    cards,
    videos,
  };
}

/**
 * GET /user/pack/fairness/{packId}: the commitment (public from the start of sale), the canonical lot list,
 * the seed once the pack is sold out or ended, and where the logged-in member's draws fell.
 */
export async function fairnessInfo(
  db: Db,
  args: { packId: number; userId: number | null; lang: Lang },
  now: Date,
): Promise<FairnessInfo> {
  const pack = await db
    .selectFrom('packs')
    .select(['id', 'seed', 'commitment', 'total_pack_count', 'sold_count', 'end_at'])
    .where('id', '=', args.packId)
    .executeTakeFirst();
  if (!pack) throw notFound('pack_not_found');
  const prizes = await packPrizes(db, pack.id);
  const revealed = pack.seed !== null && isRevealed(pack, now);
  const mine = args.userId
    ? await db
        .selectFrom('won_items')
        .select(['position', 'id', 'prize_id'])
        .where('pack_id', '=', pack.id)
        .where('user_id', '=', args.userId)
        .where('position', 'is not', null)
        .orderBy('position')
        .execute()
    : [];
  return {
    pack_id: pack.id,
    commitment: pack.commitment,
    seed: revealed ? pack.seed : null,
    revealed,
    canonical: canonicalLots(prizes),
    total: pack.total_pack_count,
    sold: pack.sold_count,
    prizes: prizes
      .filter((x) => !x.is_last_one)
      .map((x) => ({
        id: x.id,
        name: args.lang === 'ja' ? x.name_ja : x.name_en,
        model_number: x.model_number,
        rarity: x.rarity,
        rarity_label: x.rarity_label,
        image: x.image_url,
      })),
    my_positions: mine.map((m) => ({ position: m.position!, history_id: m.id, prize_id: m.prize_id })),
  };
}
