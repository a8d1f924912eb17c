import type { Db } from '../../db/index.ts';

/**
 * Failure counters in the `throttles` table. A key (one account, one client address) may fail `max` times
 * within a window of `blockMs`; the failure that reaches `max` blocks the key for `blockMs`. The block
 * always runs out, so a member whose account is being attacked can log in again afterwards.
 */
export interface ThrottleRule {
  key: string;
  max: number;
}

/** The latest `blocked_until` still in force among the keys, or null. */
export async function blockedUntil(db: Db, keys: string[], now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('throttles')
    .select((eb) => eb.fn.max('blocked_until').as('until'))
    .where('key', 'in', keys)
    .where('blocked_until', '>', now.toISOString())
    .executeTakeFirst();
  return row?.until ? new Date(row.until) : null;
}

/**
 * Counts one failure with a single upsert, so that concurrent failures are all counted on both engines.
 * A window older than `blockMs` starts again at 1.
 */
export async function recordFailure(db: Db, rule: ThrottleRule, now: Date, blockMs: number) {
  const nowIso = now.toISOString();
  const windowCutoff = new Date(now.getTime() - blockMs).toISOString();
  const until = new Date(now.getTime() + blockMs).toISOString();
  return db
    .insertInto('throttles')
    .values({ key: rule.key, count: 1, window_start: nowIso, blocked_until: rule.max <= 1 ? until : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const stale = eb('throttles.window_start', '<=', windowCutoff);
        const count = eb
          .case()
          .when(stale)
          .then(eb.lit(1))
          .else(eb('throttles.count', '+', eb.lit(1)))
          .end();
        return {
          count,
          window_start: eb.case().when(stale).then(nowIso).else(eb.ref('throttles.window_start')).end(),
          blocked_until: eb.case().when(count, '>=', rule.max).then(until).else(eb.lit(null)).end(),
        };
      }),
    )
    .returning(['count', 'blocked_until'])
    .executeTakeFirstOrThrow();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** Drops counters whose window and block are both over; they would start again at 1 anyway. */
export async function purgeThrottles(db: Db, now: Date, blockMs: number): Promise<number> {
  const nowIso = now.toISOString();
  const r = await db
    .deleteFrom('throttles')
    .where('window_start', '<=', new Date(now.getTime() - blockMs).toISOString())
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', nowIso)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
