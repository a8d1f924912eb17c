import type {
  ActionType,
  BuyPackResult,
  FairnessInfo,
  PackCheckResult,
  PackPlays,
  ResultCard,
} from '@gacha/contract/draws';
import { canonicalLots } from '@gacha/contract/fairness';
import { countPurchase } from '../ops/service.ts';
import type { Lang } from '@gacha/contract/messages';
import type { Db } from '../../db/index.ts';
import { formatJst } from '../../db/time.ts';
import { notFound } from '../../http/api-error.ts';
import { readBuyer } from '../account/service.ts';
import { gemBalance } from '../gems/service.ts';
import { purchaseCards } from '../holdings/service.ts';
import {
  cachedPack,
  forgetPack,
  isRevealed,
  packPhase,
  packPrizes,
  packVideos,
  publishPack,
  saleRow,
  type PackRow,
  type PrizeRow,
} from '../packs/service.ts';
import { recordPurchase } from './purchase.ts';
import { fairnessPack, findPurchase, memberPlays, memberPositions } from './repo.ts';
import {
  actionTypeOf,
  GEM_PACK,
  insufficientBalance,
  packActionTypes,
  purchaseTerms,
  refuse,
  refuseUnlessOnSale,
} from './rules.ts';
import { requireRoomPass, roomChanged, type GivenRoomPass } from '../rooms/service.ts';

/** The action_type a won item of this prize would get on this pack (what a practice draw shows). */
export function actionTypeFor(
  pack: Pick<PackRow, 'payment_method'>,
  prize: { ship_only: number },
): ActionType {
  return actionTypeOf({ actionTypes: packActionTypes(pack) }, prize);
}
/** Publishing moved to the packs module (it writes the pack and its lots); bench/setup.ts still imports it here. */

async function loadPack(db: Db, packId: number): Promise<PackRow> {
  const pack = await saleRow(db, packId);
  if (!pack) throw refuse(404, 'pack_not_found');
  return pack;
}

/**
 * POST /user/pack/check: the purchase rule (rules.ts purchaseTerms) on the live pack and the member's balance,
 * read-only. Stores nothing — the buy carries the same packId and count and decides again in its transaction.
 */
export async function checkPurchase(
  db: Db,
  args: { userId: number; packId: number; count: number; lang: Lang; roomPass?: GivenRoomPass },
  now: Date,
): Promise<PackCheckResult> {
  const pack = await loadPack(db, args.packId);
  const buyer = await readBuyer(db, args.userId);
  if (!buyer) throw notFound();
  const played = pack.can_limit ? await memberPlays(db, args.userId, pack.id) : 0;
  const terms = purchaseTerms(pack, { rank: buyer.rank, played }, args.count, now, args.lang);
  await requireRoomPass(db, pack, args.userId, args.roomPass, now);
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

/** GET /user/pack/plays/:packId: the member's plays of the pack and what its limit still allows. */
export async function packPlays(db: Db, args: { userId: number; packId: number }): Promise<PackPlays> {
  const pack = await loadPack(db, args.packId);
  const played = await memberPlays(db, args.userId, pack.id);
  if (!pack.can_limit) return { pack_id: pack.id, limit: null, played, left: null };
  return { pack_id: pack.id, limit: pack.limit_count, played, left: Math.max(0, pack.limit_count - played) };
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
  args: { userId: number; packId: number; count: number; lang: Lang; roomPass?: GivenRoomPass },
  now: Date,
): Promise<BuyPackResult> {
  let cached = await cachedPack(db, args.packId, now);
  if (!cached) throw refuse(404, 'pack_not_found');
  if (!cached.pack.seed) {
    await publishPack(db, args.packId); // a pack is normally published when it is created; this is the safety net
    cached = await cachedPack(db, args.packId, now);
    if (!cached) throw refuse(404, 'pack_not_found');
  }
  const { pack } = cached;
  // A pack stays sold out (sold_count only grows): the rush of buys after a sell-out is refused on the live
  // row, without a write transaction each.
  if (packPhase(pack, now) === 'sold_out') refuseUnlessOnSale(await loadPack(db, args.packId), now);
  await requireRoomPass(db, pack, args.userId, args.roomPass, now);
  const gemPack = pack.payment_method === GEM_PACK;
  const done = await recordPurchase(db, {
    userId: args.userId,
    packId: args.packId,
    count: args.count,
    lang: args.lang,
    now,
    lastOne: cached.lastOne,
    pack,
  });
  countPurchase(done.currency, args.count);
  void roomChanged(db, pack.id);

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
  const pack = await fairnessPack(db, args.packId);
  if (!pack) throw notFound('pack_not_found');
  const prizes = await packPrizes(db, pack.id);
  const revealed = pack.seed !== null && isRevealed(pack, now);
  const mine = args.userId ? await memberPositions(db, pack.id, args.userId) : [];
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
