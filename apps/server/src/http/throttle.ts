import type { Db } from '../db/index.ts';
import { tooMany } from './api-error.ts';

/**
 * Attempt counters in the `throttles` table. A key (one account, one client address, one member's coupon
 * tries…) may be tried `max` times within a window of `windowMs`; the attempt that reaches `max` blocks the key
 * for `windowMs`. The block always runs out, so a member whose account is being attacked can log in again
 * afterwards.
 *
 * An attempt is *reserved* before the expensive or secret check it guards (one upsert per key, atomic on both
 * engines), so N parallel tries cost the same as N sequential ones: only the first `max` are ever checked.
 * What should not count (a right password, a valid coupon) is given back with `releaseAttempt` afterwards.
 */
export interface ThrottleRule {
  key: string;
  max: number;
}

/**
 * Counts one attempt on the key and answers the count after it; the attempt may go ahead when that is at most
 * `max`. While a block is in force the count still grows (so every try in it is refused) but the block is not
 * extended; once the window and any block are over the count starts again at 1.
 */
async function countAttempt(db: Db, rule: ThrottleRule, now: Date, windowMs: number) {
  const nowIso = now.toISOString();
  const windowCutoff = new Date(now.getTime() - windowMs).toISOString();
  const until = new Date(now.getTime() + windowMs).toISOString();
  return db
    .insertInto('throttles')
    .values({ key: rule.key, count: 1, window_start: nowIso, blocked_until: rule.max <= 1 ? until : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const over = eb.and([
          eb('throttles.window_start', '<=', windowCutoff),
          eb.or([eb('throttles.blocked_until', 'is', null), eb('throttles.blocked_until', '<=', nowIso)]),
        ]);
        const count = eb('throttles.count', '+', eb.lit(1));
        return {
          count: eb.case().when(over).then(eb.lit(1)).else(count).end(),
          window_start: eb.case().when(over).then(nowIso).else(eb.ref('throttles.window_start')).end(),
          blocked_until: eb
            .case()
            .when(over)
            .then(rule.max <= 1 ? eb.val(until) : eb.lit(null))
            .when('throttles.blocked_until', '>', nowIso)
            .then(eb.ref('throttles.blocked_until'))
            .when(count, '>=', rule.max)
            .then(until)
            .else(eb.lit(null))
            .end(),
        };
      }),
    )
    .returning(['count', 'blocked_until'])
    .executeTakeFirstOrThrow();
}

/**
 * Reserves one attempt on every rule, in order, and answers each rule's count after it (the attempt that
 * reaches `max` is the last allowed: a caller may act on the lockout it starts). When a rule is over its limit,
 * the reservations already made are given back and the answer is state 429 with the wait in minutes.
 */
export async function reserveAttempt(
  db: Db,
  rules: ThrottleRule[],
  now: Date,
  windowMs: number,
): Promise<number[]> {
  const reserved: ThrottleRule[] = [];
  const counts: number[] = [];
  for (const rule of rules) {
    const r = await countAttempt(db, rule, now, windowMs);
    if (r.count > rule.max) {
      for (const done of reserved) await releaseAttempt(db, done);
      const until = r.blocked_until ? new Date(r.blocked_until).getTime() : now.getTime() + windowMs;
      throw tooMany(minutesUntil(until, now));
    }
    reserved.push(rule);
    counts.push(r.count);
  }
  return counts;
}

/** Whole minutes from now until `until`, at least 1: what a 429 tells the member to wait. */
export const minutesUntil = (until: number, now: Date) =>
  Math.max(1, Math.ceil((until - now.getTime()) / 60_000));

/** Gives back one reserved attempt (it turned out not to count); lifts the block when it falls below `max`. */
export async function releaseAttempt(db: Db, rule: ThrottleRule): Promise<void> {
  await db
    .updateTable('throttles')
    .set((eb) => ({
      count: eb('count', '-', eb.lit(1)),
      blocked_until: eb
        .case()
        .when(eb('count', '-', eb.lit(1)), '<', rule.max)
        .then(eb.lit(null))
        .else(eb.ref('blocked_until'))
        .end(),
    }))
    .where('key', '=', rule.key)
    .where('count', '>', 0)
    .execute();
  // a counter back at zero is as good as none
  await db.deleteFrom('throttles').where('key', '=', rule.key).where('count', '<=', 0).execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/**
 * Keys of counters whose window is an hour (the practice draw's): the purge keeps them for an hour at
 * least, whatever the shorter window it is run with.
 */
export const HOURLY_KEY_PREFIX = 'hourly:';
const HOUR_MS = 3600_000;

/** Drops counters whose window and block are both over; they would start again at 1 anyway. */
export async function purgeThrottles(db: Db, now: Date, windowMs: number): Promise<number> {
  const nowIso = now.toISOString();
  const cutoff = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const r = await db
    .deleteFrom('throttles')
    .where((eb) =>
      eb.or([
        eb.and([eb('key', 'not like', `${HOURLY_KEY_PREFIX}%`), eb('window_start', '<=', cutoff(windowMs))]),
        eb('window_start', '<=', cutoff(Math.max(windowMs, HOUR_MS))),
      ]),
    )
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', nowIso)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
