import type { Lang } from '@gacha/contract/messages';
import { notFound } from '../../http/api-error.ts';
import { defineProcedure } from '../../db/write-worker/procedures.ts';
import { coinsForGems, earnCoinsForGems, InsufficientCoinsError, spendCoins } from '../coins/service.ts';
import { InsufficientGemsError, spendGems } from '../gems/service.ts';
import {
  claimPositions,
  getPack,
  insertLotItems,
  insertPurchase,
  insertWonItems,
  lockBuyer,
  type NewWonItem,
  type PackRow,
  type PrizeRow,
  type WonLots,
} from './repo.ts';
import { actionTypeOf, assertOnSale, assertWithinLimit, GEM_PACK, priceOf, refuse } from './rules.ts';

/** What buyPacks asks for, once the pack (from its cache) has passed the checks that need no transaction. */
export interface PurchaseOrder {
  userId: number;
  count: number;
  lang: Lang;
  now: Date;
  /** The pack row as cached; its sold_count is not trusted (the claim answers the live one). */
  pack: PackRow;
  /** The pack's last-one prizes, won by whoever takes the final lot. */
  lastOne: PrizeRow[];
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
}

/**
 * A purchase in ONE transaction:
 *   lock the buyer → per-member limit → claim the next N positions with one conditional update of
 *   packs.sold_count → the purchase row → pay (gems oldest-expiring first less the rank discount, with the
 *   coins earned on them; or coins for a coin pack) → one won item per lot of the range, plus the
 *   last-one prize for whoever takes the final lot.
 * Any refusal inside rolls everything back.
 *
 * Concurrency: the claim is the guard for the pack (no read-then-write); the buyer lock (PostgreSQL row lock,
 * SQLite's one-writer-at-a-time) is the guard for the member's balances and limit.
 *
 * On SQLite a server runs it on the write worker (db/write-worker/client.ts), with the order and the record
 * crossing between threads as structured clones; everywhere else it runs in the caller's thread.
 */
export const recordPurchase = defineProcedure(
  'draws.recordPurchase',
  (db, order: PurchaseOrder): Promise<PurchaseRecord> =>
    db.transaction().execute(async (tx) => {
      const { pack, userId, count, now } = order;
      const gemPack = pack.payment_method === GEM_PACK;
      const buyer = await lockBuyer(tx, userId, gemPack && pack.point > 0, now); // a gem use: last_gem_use_at
      if (!buyer) throw notFound();
      await assertWithinLimit(tx, pack, userId, count, order.lang);
      const p = priceOf(pack, count, buyer.rank);

      const claim = await claimPositions(tx, pack.id, count);
      if (!claim) {
        // decided on the live row, in the order of assertOnSale (what the check before the cache answered)
        const fresh = await getPack(tx, pack.id);
        if (fresh) assertOnSale(fresh, count, now);
        const remaining = fresh ? fresh.total_pack_count - fresh.sold_count : 0;
        if (remaining <= 0) throw refuse(409, 'pack_sold_out');
        throw refuse(409, 'count_above_remaining', { key: 'count_above_remaining', params: { remaining } });
      }
      const first = claim.sold_count - count;
      const at = now.toISOString();

      const earnedTenths = gemPack ? coinsForGems(buyer.coin_carry_gems, p.price).earnedTenths : 0;
      const purchaseId = await insertPurchase(tx, {
        user_id: userId,
        pack_id: pack.id,
        count,
        first_position: first,
        currency: p.currency,
        base_price: p.base,
        discount_percent: p.discountPercent,
        price_paid: p.price,
        coin_earned_tenths: earnedTenths,
        created_at: at,
      });
      const reference = `purchase:${purchaseId}`;

      if (gemPack) {
        if (p.price > 0) {
          try {
            await spendGems(tx, { userId, amount: p.price, reason: 'pack_purchase', reference }, now);
          } catch (err) {
            if (err instanceof InsufficientGemsError) throw refuse(400, 'not_enough_gems');
            throw err;
          }
          await earnCoinsForGems(
            tx,
            { userId, gemsPaid: p.price, reference, lockedCarryGems: buyer.coin_carry_gems },
            now,
          );
        }
      } else if (p.price > 0) {
        try {
          await spendCoins(tx, { userId, tenths: p.price * 10, reason: 'pack_purchase', reference }, now);
        } catch (err) {
          if (err instanceof InsufficientCoinsError) throw refuse(400, 'not_enough_coins');
          throw err;
        }
      }

      const lots = await insertLotItems(tx, {
        packId: pack.id,
        first,
        count,
        purchaseId,
        userId,
        allShipOnly: !gemPack,
        createdAt: at,
      });
      if (lots.ids.length !== count)
        throw new Error(`pack ${pack.id}: lots of purchase ${purchaseId} missing`);
      const lastOne: PurchaseRecord['lastOne'] = [];
      if (claim.sold_count === claim.total_pack_count) {
        const rows: NewWonItem[] = [];
        for (const prize of order.lastOne) {
          for (let i = 0; i < prize.quantity; i++) {
            rows.push({
              purchase_id: purchaseId,
              user_id: userId,
              pack_id: pack.id,
              status: 'unselected',
              prize_id: prize.id,
              card_id: prize.card_id,
              position: null,
              is_last_one: 1,
              action_type: actionTypeOf(gemPack, prize),
              buy_point: prize.buy_point,
              created_at: at,
            });
          }
        }
        lastOne.push(...(await insertWonItems(tx, rows)));
      }
      return { purchaseId, price: p.price, currency: p.currency, countryId: buyer.country_id, lots, lastOne };
    }),
);
