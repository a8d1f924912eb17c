import type { Transaction } from 'kysely';
import type {
  DecisionResult,
  HistoryCard,
  HistoryDetail,
  HistoryListPage,
  HistoryMode,
  ItemStatus,
  ResultCard,
  SendState,
} from '@gacha/contract/draws';
import type { Lang } from '@gacha/contract/messages';
import { pageInfo } from '@gacha/contract/paging';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import type { Db } from '../../db/index.ts';
import type { Database, WonItemStatus } from '../../db/schema.ts';
import { formatJstDate } from '../../db/time.ts';
import { ApiError, conflict, fieldError, notFound } from '../../http/api-error.ts';
import { accountSuspended } from '../account/service.ts';
import { awardGemsBatch } from '../gems/service.ts';
import { closeShipment, joinOpenShipment } from '../shipping/service.ts';
import {
  attachToShipment,
  countPurchases,
  findMemberPurchase,
  hasOpenItem,
  insertLotItems,
  insertWonItems,
  lockMember,
  moveUnselected,
  ownedItems,
  purchaseItemCards,
  purchasePage,
  shipBatchItems,
  statusCounts,
  undecidedBefore,
  type Executor,
  type ItemCardRow,
  type NewWonItem,
  type WonLots,
} from './repo.ts';

export type { NewWonItem, WonLots } from './repo.ts';

const SEND_STATE: Record<ItemStatus, SendState> = {
  unselected: 'unselected',
  ship: 'not_yet_shipped',
  shipped: 'shipped',
  convert: 'no_shipment',
};

/** The shipping state a purchase shows: the least advanced state among its items. */
function purchaseSendState(c: Record<WonItemStatus, number> | undefined): SendState {
  if (!c) return 'no_shipment';
  if (c.unselected) return 'unselected';
  if (c.ship) return 'not_yet_shipped';
  if (c.shipped) return 'shipped';
  return 'no_shipment';
}

/** Won items wait this long for the member's choice before the sweep decides (spec §9). */
export const HOLD_MS = 24 * 3600 * 1000;
export const HISTORY_PAGE_SIZE = 10;

export function toResultCard(r: ItemCardRow, lang: Lang): ResultCard {
  return {
    history_id: r.id,
    action_type: r.action_type,
    rarity: r.rarity,
    rarity_label: r.rarity_label,
    image: r.image_url,
    name: lang === 'ja' ? r.name_ja : r.name_en,
    model_number: r.model_number,
    num: r.num,
    buy_point: r.buy_point,
    is_last_one: r.is_last_one ? '1' : '0',
    status: r.status,
  };
}

/** The cards of one purchase (the buy-pack result read again). */
export async function purchaseCards(ex: Executor, purchaseId: number, lang: Lang): Promise<ResultCard[]> {
  const rows = await purchaseItemCards(ex, purchaseId);
  return rows.map((r) => toResultCard(r, lang));
}

/**
 * The won items of a purchase's lots (the draws module's purchase, in its transaction): one per lot of the
 * claimed range, in one set-based statement, answered as three lists (repo.ts insertLotItems).
 */
export function recordLotWins(tx: Executor, args: Parameters<typeof insertLotItems>[1]): Promise<WonLots> {
  return insertLotItems(tx, args);
}

/** Further won items of a purchase (the last-one prize), inserted in chunks; their ids, positions and prizes. */
export function recordWonItems(tx: Executor, rows: readonly NewWonItem[]) {
  return insertWonItems(tx, rows);
}

/** Whether the member has a won item still to decide or to ship (the inactivity sweep waits for them). */
export function hasOpenItems(ex: Executor, userId: number): Promise<boolean> {
  return hasOpenItem(ex, userId);
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** Signals that a guarded update moved fewer items than asked: someone else decided them first. */
class LostRace extends Error {}

/** Is every item already decided the way this request asks (an exact replay)? */
function isReplay(
  items: readonly { id: number; status: string }[],
  send: ReadonlySet<number>,
  reduction: ReadonlySet<number>,
): boolean {
  return items.every((i) =>
    send.has(i.id)
      ? i.status === 'ship' || i.status === 'shipped'
      : reduction.has(i.id) && i.status === 'convert',
  );
}

const alreadyDecided = () => conflict('send_card', 'already_decided');
const replayed = () => new ApiError(204, { extra: { result: '-1', shipped: 0, converted: 0, gems: 0 } });

/**
 * POST /user/pack/decision (DOMAIN.md Won items): ship or convert the member's own undecided items, all or
 * nothing, in one transaction.
 *
 * Order of refusals: nothing chosen / an id in both lists (400) → an id that is not the member's (404, the same
 * as a missing one) → converting a shipping-only item (400) → items already decided: the exact same decision
 * again answers 204 result '-1', anything else 409 → shipping without a country address, or to Japan (400
 * errors.address).
 *
 * Races: the member's row is locked first, and each move is a conditional `UPDATE … WHERE status =
 * 'unselected'` whose affected count must equal the request's; if the sweep (or anything not taking the member
 * lock) moved an item in between, the transaction rolls back and the request is classified again against what
 * is now stored.
 */
export async function decide(
  db: Db,
  args: { userId: number; send: readonly number[]; reduction: readonly number[] },
  now: Date,
): Promise<DecisionResult> {
  const send = unique(args.send);
  const reduction = unique(args.reduction);
  if (!send.length && !reduction.length) throw fieldError('send_card', 'decision_empty');
  const sendSet = new Set(send);
  const reductionSet = new Set(reduction);
  if (reduction.some((id) => sendSet.has(id))) throw fieldError('reduction_card', 'decision_duplicate');
  const all = [...send, ...reduction];

  try {
    return await db.transaction().execute(async (tx) => {
      const member = await lockMember(tx, args.userId);
      if (!member) throw notFound();
      if (member.suspended_at) throw accountSuspended(); // suspended by staff: the items stay as they are
      const items = await ownedItems(tx, args.userId, all);
      if (items.length !== all.length) throw notFound();
      if (items.some((i) => reductionSet.has(i.id) && i.action_type !== '0')) {
        throw fieldError('reduction_card', 'cannot_convert_ship_only');
      }
      const decided = items.filter((i) => i.status !== 'unselected');
      if (decided.length) {
        if (decided.length === items.length && isReplay(items, sendSet, reductionSet)) throw replayed();
        throw alreadyDecided();
      }
      if (send.length) {
        if (member.country_id === null) throw fieldError('address', 'address_required');
        if (member.country_id === JAPAN_COUNTRY_ID) throw fieldError('address', 'shipping_to_japan');
      }

      const shipped = await moveUnselected(
        tx,
        { userId: args.userId, ids: send, to: 'ship', by: 'member' },
        now,
      );
      const converted = await moveUnselected(
        tx,
        { userId: args.userId, ids: reduction, to: 'convert', by: 'member' },
        now,
      );
      if (shipped.length !== send.length || converted.length !== reduction.length) throw new LostRace();
      if (shipped.length) {
        const shipmentId = await joinOpenShipment(tx, args.userId, shipped.length, now);
        await attachToShipment(
          tx,
          shipped.map((s) => s.id),
          shipmentId,
        );
      }
      const award = await awardGemsBatch(
        tx,
        {
          userId: args.userId,
          kind: 'bonus',
          source: 'conversion',
          reason: 'conversion',
          awards: converted.map((c) => ({ amount: c.buy_point, reference: `won_item:${c.id}` })),
        },
        now,
      );
      return {
        result: '1',
        shipped: shipped.length,
        converted: converted.length,
        gems: award.total,
      } as const;
    });
  } catch (err) {
    if (!(err instanceof LostRace)) throw err;
    const items = await ownedItems(db, args.userId, all);
    if (items.length === all.length && isReplay(items, sendSet, reductionSet)) throw replayed();
    throw alreadyDecided();
  }
}

/**
 * The 24-hour sweep (DOMAIN.md Won items): every item still 'unselected' 24 hours after the win is decided —
 * choosable items convert (a bonus lot of their buy_point), shipping-only items join the member's shipment
 * batch. Per member, one transaction: the member lock, then the same guarded `WHERE status = 'unselected'`
 * update with RETURNING, and lots only for the rows this statement moved — so two sweeps at once, or a sweep
 * racing the member's own decision, decide each item exactly once.
 */
export async function runAutoConvert(
  db: Db,
  now: Date,
  opts: { batchSize?: number } = {},
): Promise<{ converted: number; shipped: number; gems: number; members: number }> {
  const cutoff = new Date(now.getTime() - HOLD_MS).toISOString();
  const batchSize = opts.batchSize ?? 500;
  const totals = { converted: 0, shipped: 0, gems: 0, members: 0 };
  let afterId = 0;
  for (;;) {
    const due = await undecidedBefore(db, { cutoff, afterId, limit: batchSize });
    if (!due.length) break;
    afterId = due[due.length - 1]!.id;
    const byMember = new Map<number, { convert: number[]; ship: number[] }>();
    for (const d of due) {
      const m = byMember.get(d.user_id) ?? { convert: [], ship: [] };
      (d.action_type === '0' ? m.convert : m.ship).push(d.id);
      byMember.set(d.user_id, m);
    }
    for (const [userId, ids] of byMember) {
      const r = await db.transaction().execute(async (tx) => {
        await lockMember(tx, userId);
        const converted = await moveUnselected(
          tx,
          { userId, ids: ids.convert, to: 'convert', by: 'sweep' },
          now,
        );
        const shipped = await moveUnselected(tx, { userId, ids: ids.ship, to: 'ship', by: 'sweep' }, now);
        if (shipped.length) {
          const shipmentId = await joinOpenShipment(tx, userId, shipped.length, now);
          await attachToShipment(
            tx,
            shipped.map((s) => s.id),
            shipmentId,
          );
        }
        const award = await awardGemsBatch(
          tx,
          {
            userId,
            kind: 'bonus',
            source: 'conversion',
            reason: 'auto_conversion',
            awards: converted.map((c) => ({ amount: c.buy_point, reference: `won_item:${c.id}` })),
          },
          now,
        );
        return { converted: converted.length, shipped: shipped.length, gems: award.total };
      });
      totals.converted += r.converted;
      totals.shipped += r.shipped;
      totals.gems += r.gems;
      if (r.converted || r.shipped) totals.members++;
    }
  }
  return totals;
}

/** POST /user/history/list/{page}: the member's purchases, newest first, 10 a page. */
export async function historyList(
  db: Db,
  args: { userId: number; mode: HistoryMode; page: number; lang: Lang },
): Promise<HistoryListPage> {
  const total = await countPurchases(db, args.userId, args.mode);
  const info = pageInfo(args.page, total, HISTORY_PAGE_SIZE);
  const rows = await purchasePage(db, args.userId, args.mode, {
    limit: HISTORY_PAGE_SIZE,
    offset: (info.page - 1) * HISTORY_PAGE_SIZE,
  });
  const counts = await statusCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    ...info,
    list: rows.map((r) => {
      const c = counts.get(r.id);
      return {
        id: r.id,
        created: formatJstDate(r.created_at),
        pack_id: r.pack_id,
        pack_name: args.lang === 'ja' ? r.name_ja : r.name_en,
        send_state: purchaseSendState(c),
        point: r.price_paid,
        currency: r.currency,
        count: r.count,
        status: c?.unselected ? '0' : '1',
      };
    }),
  };
}

/** GET /user/history/detail/{id}: one purchase of the member's; another member's id is a 404. */
export async function historyDetail(
  db: Db,
  args: { userId: number; purchaseId: number; lang: Lang },
): Promise<HistoryDetail> {
  const p = await findMemberPurchase(db, args.userId, args.purchaseId);
  if (!p) throw notFound();
  const rows = await purchaseItemCards(db, p.id);
  const cards: HistoryCard[] = rows.map((r) => ({
    ...toResultCard(r, args.lang),
    send_state: SEND_STATE[r.status],
    delivery_code: r.delivery_code,
  }));
  const codes = [...new Set(rows.map((r) => r.delivery_code).filter((c): c is string => !!c))];
  const reduction = cards.filter((c) => c.status === 'convert');
  return {
    id: p.id,
    status: cards.some((c) => c.status === 'unselected') ? '0' : '1',
    pack_id: p.pack_id,
    pack_name: args.lang === 'ja' ? p.name_ja : p.name_en,
    created: formatJstDate(p.created_at),
    delivery_code: codes.join(', '),
    send_card: cards.filter((c) => c.status === 'ship' || c.status === 'shipped'),
    reduction_card: reduction,
    unselected_card: cards.filter((c) => c.status === 'unselected'),
    reduction_point: reduction.reduce((s, c) => s + c.buy_point, 0),
  };
}

/**
 * Ships a batch in the caller's transaction (the console's, one batch or a CSV's worth all or nothing): closes
 * the batch (404 unknown, 409 not open) and turns its items 'shipped'.
 */
export async function shipBatch(
  tx: Transaction<Database>,
  args: { shipmentId: number; deliveryCode: string; carrier?: string | null },
  now: Date,
): Promise<ShippedBatch> {
  const row = await closeShipment(tx, args, now);
  return {
    id: row.id,
    user_id: row.user_id,
    items: await shipBatchItems(tx, row.id),
    delivery_code: args.deliveryCode,
    carrier: args.carrier ?? null,
  };
}

export interface ShippedBatch {
  id: number;
  user_id: number;
  items: number;
  delivery_code: string;
  carrier: string | null;
}
