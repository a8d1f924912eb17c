import type { Lang } from '@gacha/contract/messages';
import {
  chanceOf,
  DRAWN_SHOWN,
  tiersOf,
  type DisclosedPrize,
  type DrawRecord,
  type LiveOdds,
  type OddsDisclosure,
} from '@gacha/contract/pack-fairness';
import { pageInfo } from '@gacha/contract/paging';
import type { Db } from '../../db/index.ts';
import { csvFile } from '../../http/csv.ts';
import { notFound } from '../../http/api-error.ts';
import { isRevealed } from '../packs/service.ts';
import { poolOf, remainingOf, soldPositions, type Pool } from './pool.ts';
import { drawTimes, packState, recordRows, type PackState } from './repo.ts';

export { practiceDraw, PRACTICE_LIMITS } from './practice.ts';

/**
 * Fairness members can see: the odds disclosure fixed at publishing, the live odds of the remaining
 * pool and the public draw record. Every answer is about a published pack (a draft is 404) and reads nothing
 * that names a member: the record's `mine` compares the won item's member with the caller and says only that.
 */

const nameOf = (p: Pick<DisclosedPrize, 'name_en' | 'name_ja'>, lang: Lang) =>
  lang === 'ja' && p.name_ja ? p.name_ja : p.name_en;

function shown(p: DisclosedPrize, lang: Lang) {
  return {
    prize_id: p.prize_id,
    name: nameOf(p, lang),
    model_number: p.model_number,
    rarity: p.rarity,
    rarity_label: p.rarity_label,
    image: p.image,
  };
}

/** The published pack and its pool, or 404. */
async function published(db: Db, packId: number): Promise<{ pack: PackState; pool: Pool }> {
  const pack = await packState(db, packId);
  if (!pack?.seed) throw notFound('pack_not_found');
  const pool = await poolOf(db, packId);
  if (!pool) throw notFound('pack_not_found');
  return { pack, pool };
}

/** GET /user/pack/disclosure/{packId}: the odds as fixed when the pack was published. */
export async function oddsDisclosure(db: Db, packId: number, lang: Lang): Promise<OddsDisclosure> {
  const { pack, pool } = await published(db, packId);
  const { disclosure } = pool;
  const lotted = disclosure.prizes.filter((p) => !p.is_last_one);
  return {
    pack_id: pack.id,
    name: lang === 'ja' && pack.name_ja ? pack.name_ja : pack.name_en,
    commitment: pool.commitment,
    fixed_at: disclosure.fixed_at,
    start_at: pack.start_at,
    total: disclosure.total,
    point: pack.point,
    payment_method: pack.payment_method === 2 ? 2 : 1,
    tiers: tiersOf(disclosure.prizes).map((t) => ({
      ...t,
      probability: chanceOf(t.quantity, disclosure.total),
    })),
    prizes: lotted.map((p) => ({
      ...shown(p, lang),
      quantity: p.quantity,
      probability: chanceOf(p.quantity, disclosure.total),
      top: p.top,
    })),
    last_one: pool.lastOne.map((p) => ({ ...shown(p, lang), quantity: p.quantity })),
  };
}

/**
 * GET /user/pack/odds/{packId}: the remaining pool after the last purchase. The pack's row is read each time
 * (sold_count); the answer is computed from the in-memory pool (pool.ts) and kept until sold_count or the reveal
 * changes, so a flood of readers costs one primary-key read each and the purchase path nothing.
 */
export async function liveOdds(db: Db, packId: number, lang: Lang, now: Date): Promise<LiveOdds> {
  const { pack, pool } = await published(db, packId);
  const sold = Math.min(pack.sold_count, pool.disclosure.total);
  const revealed = isRevealed(pack, now);
  const memo = pool.memo.get(lang);
  if (memo && memo.sold === sold && memo.revealed === revealed) return memo.answer as LiveOdds;

  const total = pool.disclosure.total;
  const remaining = total - sold;
  const lotted = [...pool.prizes.values()];
  const tiers = tiersOf(lotted).map((t) => {
    const left = lotted
      .filter((p) => p.rarity === t.rarity)
      .reduce((n, p) => n + remainingOf(pool, p.prize_id, sold), 0);
    return {
      rarity: t.rarity,
      rarity_label: t.rarity_label,
      total: t.quantity,
      remaining: left,
      chance: chanceOf(left, remaining),
    };
  });

  const top = lotted.filter((p) => p.top).sort((a, b) => b.rarity - a.rarity || a.prize_id - b.prize_id);
  // the latest drawn lots of each top prize, newest first (their times looked up once)
  const latest = new Map(
    top.map((p) => {
      const drawn = soldPositions(pool, p.prize_id, sold);
      return [p.prize_id, [...drawn.subarray(Math.max(0, drawn.length - DRAWN_SHOWN))].reverse()];
    }),
  );
  const unknown = [...latest.values()].flat().filter((pos) => !pool.drawnAt.has(pos));
  for (const r of await drawTimes(db, packId, unknown)) pool.drawnAt.set(r.position!, r.created_at);

  const answer: LiveOdds = {
    pack_id: pack.id,
    total,
    sold,
    remaining,
    revealed,
    tiers,
    top_prizes: top.map((p) => {
      const left = remainingOf(pool, p.prize_id, sold);
      return {
        ...shown(p, lang),
        total: p.quantity,
        remaining: left,
        chance: chanceOf(left, remaining),
        drawn: latest
          .get(p.prize_id)!
          .map((position) => ({ position, at: pool.drawnAt.get(position) ?? '' })),
      };
    }),
    last_one: pool.lastOne.map((p) => ({ ...shown(p, lang), quantity: p.quantity, given: sold >= total })),
  };
  pool.memo.set(lang, { sold, revealed, answer });
  return answer;
}

export interface RecordArgs {
  packId: number;
  userId: number | null;
  lang: Lang;
}

function recordEntry(pool: Pool, r: Awaited<ReturnType<typeof recordRows>>[number], args: RecordArgs) {
  const p = pool.prizes.get(r.prize_id);
  return {
    position: r.position!,
    prize_id: r.prize_id,
    name: p ? nameOf(p, args.lang) : '',
    rarity: p?.rarity ?? 0,
    rarity_label: p?.rarity_label ?? '',
    at: r.created_at,
    mine: args.userId !== null && r.user_id === args.userId,
  };
}

/**
 * GET /user/pack/record/{packId}/{page}: the sold positions as won, newest first, `size` a page. Page p holds
 * positions sold−1−(p−1)·size down to sold−p·size, read by the won items' (pack, position) index.
 */
export async function drawRecord(
  db: Db,
  args: RecordArgs & { page: number; size: number },
  now: Date,
): Promise<DrawRecord> {
  const { pack, pool } = await published(db, args.packId);
  const sold = Math.min(pack.sold_count, pool.disclosure.total);
  const info = pageInfo(args.page, sold, args.size);
  const hi = sold - 1 - (info.page - 1) * args.size;
  const rows = hi >= 0 ? await recordRows(db, pack.id, Math.max(0, hi - args.size + 1), hi) : [];
  return {
    pack_id: pack.id,
    total: pool.disclosure.total,
    sold,
    revealed: isRevealed(pack, now),
    per_page: args.size,
    list: rows.map((r) => recordEntry(pool, r, args)),
    ...info,
  };
}

/**
 * GET /api/user/pack/record/{packId}/csv: the whole record as CSV (UTF-8 with a byte-order mark, so that
 * spreadsheet programs read the Japanese names), newest first. `position` counts from 1 here, as on the pages.
 */
export async function drawRecordCsv(db: Db, args: RecordArgs): Promise<string> {
  const { pack, pool } = await published(db, args.packId);
  const sold = Math.min(pack.sold_count, pool.disclosure.total);
  const rows = sold > 0 ? await recordRows(db, pack.id, 0, sold - 1) : [];
  return csvFile(
    ['position', 'prize_id', 'rarity', 'rarity_label', 'name', 'drawn_at', 'mine'],
    rows.map((r) => {
      const e = recordEntry(pool, r, args);
      return [e.position + 1, e.prize_id, e.rarity, e.rarity_label, e.name, e.at, e.mine ? 1 : 0];
    }),
  );
}
