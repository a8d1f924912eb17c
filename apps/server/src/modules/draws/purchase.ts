import type { Lang } from '@gacha/contract/messages';
import { notFound } from '../../http/api-error.ts';
import type { Db } from '../../db/index.ts';
import { defineProcedure } from '../../db/procedures.ts';
import { lockBuyer } from '../account/service.ts';
import {
  coinsForGems,
  earnCoinsForGems,
  GEMS_PER_COIN_TENTH,
  InsufficientCoinsError,
  spendCoins,
} from '../coins/service.ts';
import { InsufficientGemsError, spendGems } from '../gems/service.ts';
import { recordLotWins, recordWonItems, type NewWonItem, type WonLots } from '../holdings/service.ts';
import { claimLots, saleRow, type PackRow, type PrizeRow } from '../packs/service.ts';
import { insertPurchase, memberPlays } from './repo.ts';
import {
  actionTypeOf,
  GEM_PACK,
  insufficientBalance,
  purchaseQuote,
  purchaseTerms,
  refuse,
  type PurchaseQuote,
  type PurchaseTerms,
} from './rules.ts';

/** What buyPacks asks for. */
export interface PurchaseOrder {
  userId: number;
  packId: number;
  count: number;
  lang: Lang;
  now: Date;
  /** The pack's last-one prizes (fixed once published), won by whoever takes the final lot. */
  lastOne: PrizeRow[];
  /** The buy path's copy of the pack row (its sold_count may be behind): lets the rule be decided ahead. */
  pack?: PackRow;
}

/** The committed purchase: its won items are the lots of its range, and any last-one prize. */
export interface PurchaseRecord {
  purchaseId: number;
  price: number;
  currency: 'gem' | 'coin';
  countryId: number | null;
  /** As lists rather than rows: 3000 of them cross to the server's thread as three arrays of numbers. */
  lots: WonLots;
  lastOne: { id: number; prize_id: number }[];
  actionTypes: PurchaseTerms['actionTypes'];
}

/**
 * A purchase in ONE transaction:
 *   the live pack row → lock the buyer → the purchase rule (rules.ts purchaseTerms) on them → claim the next N
 *   positions with one conditional update of packs.sold_count → the purchase row → pay (gems oldest-expiring
 *   first, with the coins earned on them; or coins) → one won item per lot of the range, plus the last-one
 *   prize for whoever takes the final lot.
 * Any refusal inside rolls everything back.
 *
 * Concurrency: the claim is the guard for the pack (no read-then-write); the buyer lock (PostgreSQL row lock,
 * SQLite's one-writer-at-a-time) is the guard for the member's balances and limit.
 *
 * Each table is written through its owner (db/table-owners.json): the buyer lock and the coin balance by the
 * account module, the claim by packs, the ledgers by gems and coins, the won items by holdings; only the
 * purchase row is this module's. Their statements are prepared (db/prepared.ts) where they run per purchase. The price and the limits
 * are read in the transaction, so an edit of the pack applies from the next purchase on.
 *
 * A procedure (db/procedures.ts): the order and the record are plain data, so the engine may run it on
 * another thread; and a batched one (PlannedPurchase below): the purchases of one pack that arrive together may be
 * applied in one statement, decided ahead by the same rule.
 */
export const recordPurchase = defineProcedure(
  'draws.recordPurchase',
  (db, order: PurchaseOrder): Promise<PurchaseRecord> => purchaseTransaction(db, order),
  {
    key: (order: PurchaseOrder) => order.packId,
    weight: (order: PurchaseOrder) => order.count,
    prepare: preparePurchase,
    settle: settlePurchase,
  },
);

/**
 * A purchase as a set-based statement takes it (db/procedures.ts ProcedureBatch): the purchase rule decided
 * ahead on the buy path's copy of the pack (rules.ts purchaseQuote) for every rank, with what it assumed. The
 * statement locks the buyer, checks the assumptions (the live pack row contains `guard`, the buyer's rank has
 * terms, their plays on the pack are at most `plays_allowed`), pays and claims as recordPurchase does; an order
 * whose assumptions fail is handed back and recordPurchase decides it on the live rows.
 */
export interface PlannedPurchase {
  pack_id: number;
  user_id: number;
  count: number;
  at: string;
  /** A gem pack (else coins). */
  gem: boolean;
  /** A gem use (last_gem_use_at), as lockBuyer counts it. */
  spends_gems: boolean;
  currency: PurchaseTerms['currency'];
  terms: Record<number, { price: number; charge: number; base_price: number; discount_percent: number }>;
  plays_allowed: number | null;
  guard: PurchaseQuote['guard'];
  choosable: PurchaseTerms['actionTypes']['choosable'];
  ship_only: PurchaseTerms['actionTypes']['shipOnly'];
  last_one: { id: number; card_id: number; quantity: number; ship_only: number; buy_point: number }[];
  gems_per_coin_tenth: number;
}

/** What the statement answers for one order: its purchase, a short balance, or a hand-back (`redo`). */
export type PurchaseOutcome =
  | {
      ok: true;
      purchase_id: number;
      rank: number;
      country_id: number | null;
      lots: { ids: number[]; positions: number[]; prize_ids: number[] };
      last_one: { id: number; prize_id: number }[];
    }
  | { refused: 'balance' }
  | { redo: string };

function preparePurchase(order: PurchaseOrder): PlannedPurchase | undefined {
  const { pack } = order;
  if (!pack || pack.id !== order.packId) return undefined;
  let quote: PurchaseQuote;
  try {
    quote = purchaseQuote(pack, order.count, order.now, order.lang);
  } catch {
    return undefined; // refused on the copy: the live row decides which refusal (or none)
  }
  const any = Object.values(quote.byRank)[0]!;
  const gem = pack.payment_method === GEM_PACK;
  return {
    pack_id: order.packId,
    user_id: order.userId,
    count: order.count,
    at: order.now.toISOString(),
    gem,
    spends_gems: gem && pack.point > 0,
    currency: any.currency,
    terms: Object.fromEntries(
      Object.entries(quote.byRank).map(([rank, t]) => [
        rank,
        { price: t.price, charge: t.charge, base_price: t.basePrice, discount_percent: t.discountPercent },
      ]),
    ),
    plays_allowed: quote.playsAllowed,
    guard: quote.guard,
    choosable: any.actionTypes.choosable,
    ship_only: any.actionTypes.shipOnly,
    last_one: order.lastOne.map((p) => ({
      id: p.id,
      card_id: p.card_id,
      quantity: p.quantity,
      ship_only: p.ship_only,
      buy_point: p.buy_point,
    })),
    gems_per_coin_tenth: GEMS_PER_COIN_TENTH,
  };
}

function settlePurchase(
  order: PurchaseOrder,
  planned: PlannedPurchase,
  outcome: PurchaseOutcome,
): PurchaseRecord | undefined {
  if ('redo' in outcome) return undefined;
  if ('refused' in outcome) throw insufficientBalance(planned.currency);
  const terms = planned.terms[outcome.rank]!;
  const lots = {
    ids: outcome.lots.ids,
    positions: outcome.lots.positions,
    prizeIds: outcome.lots.prize_ids,
  };
  if (lots.ids.length !== order.count)
    throw new Error(`pack ${order.packId}: lots of purchase ${outcome.purchase_id} missing`);
  return {
    purchaseId: outcome.purchase_id,
    price: terms.price,
    currency: planned.currency,
    countryId: outcome.country_id,
    lots,
    lastOne: outcome.last_one,
    actionTypes: { choosable: planned.choosable, shipOnly: planned.ship_only },
  };
}

/** recordPurchase's transaction, as described above. */
function purchaseTransaction(db: Db, order: PurchaseOrder): Promise<PurchaseRecord> {
  return db.transaction().execute(async (tx) => {
    const { packId, userId, count, now, lang } = order;
    const pack = await saleRow(tx, packId);
    if (!pack) throw refuse(404, 'pack_not_found');
    const gemPack = pack.payment_method === GEM_PACK;
    const buyer = await lockBuyer(tx, userId, gemPack && pack.point > 0, now); // a gem use: last_gem_use_at
    if (!buyer) throw notFound();
    const standing = {
      rank: buyer.rank,
      played: pack.can_limit ? await memberPlays(tx, userId, packId) : 0,
    };
    const terms = purchaseTerms(pack, standing, count, now, lang);

    const claim = await claimLots(tx, packId, count);
    if (!claim) {
      // another purchase took the lots since the read: the rule on the row as it is now says which refusal
      const fresh = await saleRow(tx, packId);
      if (fresh) purchaseTerms(fresh, standing, count, now, lang);
      throw refuse(409, 'pack_sold_out');
    }
    const first = claim.sold_count - count;
    const at = now.toISOString();

    const earnedTenths = gemPack ? coinsForGems(buyer.coin_carry_gems, terms.price).earnedTenths : 0;
    const purchaseId = await insertPurchase(tx, {
      user_id: userId,
      pack_id: packId,
      count,
      first_position: first,
      currency: terms.currency,
      base_price: terms.basePrice,
      discount_percent: terms.discountPercent,
      price_paid: terms.price,
      coin_earned_tenths: earnedTenths,
      created_at: at,
    });
    const reference = `purchase:${purchaseId}`;

    if (terms.charge > 0) {
      try {
        if (gemPack) {
          await spendGems(tx, { userId, amount: terms.charge, reason: 'pack_purchase', reference }, now);
        } else {
          await spendCoins(tx, { userId, tenths: terms.charge, reason: 'pack_purchase', reference }, now);
        }
      } catch (err) {
        if (err instanceof InsufficientGemsError || err instanceof InsufficientCoinsError) {
          throw insufficientBalance(terms.currency);
        }
        throw err;
      }
      if (gemPack) {
        await earnCoinsForGems(
          tx,
          { userId, gemsPaid: terms.price, reference, lockedCarryGems: buyer.coin_carry_gems },
          now,
        );
      }
    }

    const lots = await recordLotWins(tx, {
      packId,
      first,
      count,
      purchaseId,
      userId,
      actionTypes: terms.actionTypes,
      createdAt: at,
    });
    if (lots.ids.length !== count) throw new Error(`pack ${packId}: lots of purchase ${purchaseId} missing`);
    const lastOne: PurchaseRecord['lastOne'] = [];
    if (claim.sold_count === claim.total_pack_count) {
      const rows: NewWonItem[] = [];
      for (const prize of order.lastOne) {
        for (let i = 0; i < prize.quantity; i++) {
          rows.push({
            purchase_id: purchaseId,
            user_id: userId,
            pack_id: packId,
            status: 'unselected',
            prize_id: prize.id,
            card_id: prize.card_id,
            position: null,
            is_last_one: 1,
            action_type: actionTypeOf(terms, prize),
            buy_point: prize.buy_point,
            created_at: at,
          });
        }
      }
      lastOne.push(...(await recordWonItems(tx, rows)));
    }
    return {
      purchaseId,
      price: terms.price,
      currency: terms.currency,
      countryId: buyer.country_id,
      lots,
      lastOne,
      actionTypes: terms.actionTypes,
    };
  });
}
