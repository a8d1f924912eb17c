import type { ActionType, Currency, PurchaseRefusal } from '@gacha/contract/draws';
import type { Lang } from '@gacha/contract/messages';
import { ApiError, type MessageRef } from '../../http/api-error.ts';
import { packPhase, type PackRow } from '../packs/service.ts';
import { discountedPrice, RANK_DISCOUNT_PERCENT } from '../ranks/service.ts';

/** packs.payment_method: a gem pack; anything else (2) is a coin pack. */
export const GEM_PACK = 1;

export function refuse(state: number, reason: PurchaseRefusal, ref?: MessageRef): ApiError {
  return new ApiError(state, { errors: { count: ref ?? reason }, extra: { reason } });
}

/** Refuses a purchase from a pack that is not on sale (not started, sold out, ended, paused by staff). */
export function refuseUnlessOnSale(
  pack: Parameters<typeof packPhase>[0] & { paused_at: string | null },
  now: Date,
): void {
  const phase = packPhase(pack, now);
  if (phase === 'before') throw refuse(400, 'pack_not_started');
  if (phase === 'sold_out') throw refuse(409, 'pack_sold_out');
  if (phase === 'ended') throw refuse(400, 'pack_ended');
  if (pack.paused_at) throw refuse(409, 'pack_paused');
}

/** What the buyer brings to the rule: their rank now, and the plays they already made on the pack. */
export interface BuyerStanding {
  rank: number;
  /** The member's plays on this pack so far; read only when the pack limits plays (`can_limit`). */
  played: number;
}

/** What a purchase of `count` plays costs and gives, as decided by purchaseTerms. */
export interface PurchaseTerms {
  currency: Currency;
  /** `point × count`, in the pack's currency (gems, or whole coins). */
  basePrice: number;
  /** What is paid, in the pack's currency: gem packs less the rank discount, coin packs as they are. */
  price: number;
  discountPercent: number;
  /** The same two amounts in the unit of the balance they are taken from: gems, or coin tenths. */
  baseCharge: number;
  charge: number;
  /** The won items' action_type, for prizes that may be converted and for ship-only prizes. */
  actionTypes: { choosable: ActionType; shipOnly: ActionType };
}

/**
 * The purchase rule (DOMAIN.md Packs and lots, spec §5 Purchase count): from the live pack row, the buyer's
 * standing and the count, what the purchase costs, in which currency, what its won items may become, or which
 * refusal it gets. The check and the buy both decide with it; the buy on the row it reads inside its
 * transaction. Refusals, in this order: not on sale (not started, sold out, ended), the pack's count limits,
 * the member's play limit (`can_limit`, with the pack's own message). The balance is the spend's to refuse
 * (insufficientBalance).
 */
export function purchaseTerms(
  pack: PackRow,
  buyer: BuyerStanding,
  count: number,
  now: Date,
  lang: Lang,
): PurchaseTerms {
  refuseUnlessOnSale(pack, now);
  const remaining = pack.total_pack_count - pack.sold_count;
  if (pack.max_buy_count > 0 && count > pack.max_buy_count) throw refuse(400, 'max_count_exceeded');
  if (count > remaining) {
    throw refuse(400, 'count_above_remaining', { key: 'count_above_remaining', params: { remaining } });
  }
  if (pack.can_limit && buyer.played + count > pack.limit_count) throw overLimit(pack, lang);

  const gemPack = pack.payment_method === GEM_PACK;
  const basePrice = pack.point * count;
  const { price, discountPercent } = gemPack
    ? discountedPrice(basePrice, buyer.rank)
    : { price: basePrice, discountPercent: 0 };
  const unit = gemPack ? 1 : 10; // coins are kept in tenths (DOMAIN.md Units)
  return {
    currency: gemPack ? 'gem' : 'coin',
    basePrice,
    price,
    discountPercent,
    baseCharge: basePrice * unit,
    charge: price * unit,
    actionTypes: packActionTypes(pack),
  };
}

/** The pack fields purchaseTerms reads, besides sold_count (which only the claim may trust). */
export const RULE_FIELDS = [
  'start_at',
  'end_at',
  'paused_at',
  'total_pack_count',
  'max_buy_count',
  'can_limit',
  'limit_count',
  'limit_message_en',
  'limit_message_ja',
  'payment_method',
  'point',
] as const satisfies readonly (keyof PackRow)[];

/** The purchase rule decided ahead, before the buyer's row is read: what purchaseQuote answers. */
export interface PurchaseQuote {
  /** purchaseTerms for a buyer of each rank who has not played the pack yet. */
  byRank: Record<number, PurchaseTerms>;
  /** The most plays the buyer may already have made for these terms to hold (`can_limit`); null: no limit. */
  playsAllowed: number | null;
  /** The pack fields the rule read (RULE_FIELDS): the terms hold while the live row has these values. */
  guard: Pick<PackRow, (typeof RULE_FIELDS)[number]>;
}

/**
 * purchaseTerms for every standing a buyer may bring, so that a purchase can be applied in one go once the
 * buyer's row is locked: the terms by rank, and how many plays the limit still allows (purchaseTerms refuses
 * when played + count > limit_count). Throws what purchaseTerms throws for every buyer alike (not on sale, the
 * count limits); a buyer outside the quote (a rank without terms, too many plays, the pack changed since
 * `pack` was read) is decided by purchaseTerms itself on the live rows.
 */
export function purchaseQuote(pack: PackRow, count: number, now: Date, lang: Lang): PurchaseQuote {
  const byRank: Record<number, PurchaseTerms> = {};
  for (const rank of Object.keys(RANK_DISCOUNT_PERCENT).map(Number)) {
    byRank[rank] = purchaseTerms(pack, { rank, played: 0 }, count, now, lang);
  }
  const guard = Object.fromEntries(RULE_FIELDS.map((f) => [f, pack[f]])) as PurchaseQuote['guard'];
  return { byRank, playsAllowed: pack.can_limit ? pack.limit_count - count : null, guard };
}

/** What the won items of a pack may become: every coin-pack item and every ship-only prize is shipping only ('2'). */
export function packActionTypes(pack: Pick<PackRow, 'payment_method'>): PurchaseTerms['actionTypes'] {
  return { choosable: pack.payment_method === GEM_PACK ? '0' : '2', shipOnly: '2' };
}

/** `can_limit`: refused with the pack's own message in the member's language, or the catalogue's. */
function overLimit(pack: PackRow, lang: Lang): ApiError {
  const text = (lang === 'ja' ? pack.limit_message_ja : pack.limit_message_en).trim();
  if (!text) return refuse(400, 'pack_limit_exceeded');
  return new ApiError(400, {
    extra: { reason: 'pack_limit_exceeded', errors: { count: [text] }, message: text },
  });
}

/** The balance the purchase is paid from is short. */
export function insufficientBalance(currency: Currency): ApiError {
  return refuse(400, currency === 'gem' ? 'not_enough_gems' : 'not_enough_coins');
}

/** A won item's action_type by the purchase's terms. */
export function actionTypeOf(terms: Pick<PurchaseTerms, 'actionTypes'>, prize: { ship_only: number }) {
  return prize.ship_only ? terms.actionTypes.shipOnly : terms.actionTypes.choosable;
}
