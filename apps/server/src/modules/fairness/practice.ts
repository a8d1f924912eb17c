import { drawLots } from '@gacha/contract/fairness';
import type { Lang } from '@gacha/contract/messages';
import type { PracticeResult } from '@gacha/contract/pack-fairness';
import type { Db } from '../../db/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { HOURLY_KEY_PREFIX, reserveAttempt, type ThrottleRule } from '../../http/throttle.ts';
import { actionTypeFor } from '../draws/service.ts';
import { cachedPack, newSeed, packPhase, type PrizeRow } from '../packs/service.ts';
import { poolOf, remainingLots } from './pool.ts';
import { packState } from './repo.ts';

/**
 * Practice draws per hour: per member (wherever they connect from) and per client address (guests, and members
 * behind it). Counted in the throttles table before anything is drawn, on both databases and across processes.
 */
export const PRACTICE_LIMITS = { perMember: 30, perAddress: 60, windowMs: 3600_000 } as const;

async function reservePractice(db: Db, userId: number | null, ip: string, now: Date): Promise<void> {
  const rules: ThrottleRule[] = [
    { key: `${HOURLY_KEY_PREFIX}practice:ip:${ip}`, max: PRACTICE_LIMITS.perAddress },
  ];
  if (userId !== null) {
    rules.unshift({ key: `${HOURLY_KEY_PREFIX}practice:member:${userId}`, max: PRACTICE_LIMITS.perMember });
  }
  try {
    await reserveAttempt(db, rules, now, PRACTICE_LIMITS.windowMs);
  } catch (err) {
    const ref = err instanceof ApiError && err.state === 429 ? err.opts.message : undefined;
    if (ref && typeof ref !== 'string') {
      throw new ApiError(429, { message: { key: 'practice_limit', params: ref.params } });
    }
    throw err;
  }
}

/**
 * POST /user/pack/practice {packId, count}: a practice draw. `count` lots (at most what is
 * left) are drawn without replacement from the pack's remaining pool — its contents now, in canonical order —
 * with a fresh random seed (contract fairness.ts drawLots), and the last-one prize with them when they are all
 * that is left. It reads and answers; it claims no lot, spends nothing and records no purchase or won item (the
 * only write is the hourly counter of the limit).
 */
export async function practiceDraw(
  db: Db,
  args: { packId: number; count: number; userId: number | null; ip: string; lang: Lang },
  now: Date,
): Promise<PracticeResult> {
  await reservePractice(db, args.userId, args.ip, now);
  const pack = await packState(db, args.packId);
  if (!pack?.seed) throw notFound('pack_not_found');
  const phase = packPhase(pack, now);
  if (phase === 'sold_out') throw new ApiError(409, { message: 'practice_sold_out' });
  if (phase === 'ended') throw new ApiError(409, { message: 'pack_ended' });
  const [pool, cached] = await Promise.all([poolOf(db, pack.id), cachedPack(db, pack.id, now)]);
  if (!pool || !cached) throw notFound('pack_not_found');

  const lots = remainingLots(pool, pack.sold_count);
  if (!lots.length) throw new ApiError(409, { message: 'practice_sold_out' });
  const seed = newSeed();
  const picks = drawLots(seed, lots, Math.min(args.count, lots.length));
  const prizes: PrizeRow[] = picks.map((id) => {
    const prize = cached.byId.get(id);
    if (!prize) throw new Error(`pack ${pack.id}: prize ${id} of the pool is not among its prizes`);
    return prize;
  });
  if (picks.length === lots.length) prizes.push(...cached.lastOne);

  return {
    practice: true,
    pack_id: pack.id,
    title: args.lang === 'ja' && pack.name_ja ? pack.name_ja : pack.name_en,
    movie_style: pack.movie_style,
    card_type: pack.card_type_id,
    count: picks.length,
    pool: lots.length,
    seed,
    cards: prizes.map((p) => ({
      action_type: actionTypeFor(pack, p),
      rarity: p.rarity,
      rarity_label: p.rarity_label,
      image: p.image_url,
      name: args.lang === 'ja' && p.name_ja ? p.name_ja : p.name_en,
      model_number: p.model_number,
      num: p.num,
      buy_point: p.buy_point,
      is_last_one: p.is_last_one ? '1' : '0',
    })),
    videos: cached.videos,
  };
}
