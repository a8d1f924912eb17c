import type { Transaction } from 'kysely';
import { rankForSpend } from '@gacha/contract/user';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/index.ts';
import { jstMonth } from '../../db/time.ts';
import { applyRanksOfMonth } from '../account/service.ts';
import * as repo from './repo.ts';

/**
 * The monthly rank rollover (DOMAIN.md Ranks): at 00:00 JST on the 1st each member's rank for the new
 * month is fixed from their gem-pack spend in the month that ended (spec §1 thresholds), or the rank they paid to
 * keep if that is higher. One `rank_months` row per member and month: written with ON CONFLICT DO NOTHING, so
 * running the rollover twice, or in two processes at once, writes each row once; `users.rank`, which the purchase
 * and the header read, is then set from the row. Members are taken in batches by id, never all at once.
 */

export const ROLLOVER_BATCH = 1000;

/** 'YYYY-MM' of the month before. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 2, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM' of the month after. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Start (inclusive) and end (exclusive) of a JST month as ISO instants. */
export function monthRange(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const r = jstMonth(new Date(Date.UTC(y, m - 1, 15)));
  return { start: r.start.toISOString(), end: r.end.toISOString() };
}

/** The rule: the rank the spend earns, or the rank kept by a paid maintenance when that is higher. */
export function rankForMonth(args: { previousRank: number; spend: number; maintained: boolean }): {
  rank: number;
  how: 'spend' | 'maintained';
} {
  const earned = rankForSpend(args.spend).id;
  if (args.maintained && args.previousRank > earned) return { rank: args.previousRank, how: 'maintained' };
  return { rank: earned, how: 'spend' };
}

export interface RolloverResult {
  month: string;
  members: number;
  written: number;
}

/** Fixes every member's rank for `month` ('YYYY-MM', the month that starts). Idempotent. */
export async function rolloverMonth(
  db: Db,
  month: string,
  now: Date,
  batch = ROLLOVER_BATCH,
): Promise<RolloverResult> {
  const started = now.toISOString();
  const before = previousMonth(month);
  const spendRange = monthRange(before);
  const result: RolloverResult = { month, members: 0, written: 0 };
  let after = 0;
  for (;;) {
    const members = await repo.membersAfter(db, after, batch, monthRange(month).start);
    if (!members.length) break;
    after = members.at(-1)!.id;
    result.members += members.length;
    const ids = members.map((m) => m.id);
    const [decided, previous, spends] = await Promise.all([
      repo.monthRows(db, month, ids),
      repo.monthRows(db, before, ids),
      repo.gemSpendByMember(db, ids, spendRange),
    ]);
    const done = new Set(decided.map((r) => r.user_id));
    const prevRank = new Map(previous.map((r) => [r.user_id, r.rank]));
    const spendOf = new Map(spends.map((r) => [r.user_id, Number(r.spend)]));
    const rows = members
      .filter((m) => !done.has(m.id))
      .map((m) => {
        const spend = spendOf.get(m.id) ?? 0;
        const decision = rankForMonth({
          previousRank: prevRank.get(m.id) ?? m.rank,
          spend,
          maintained: m.rank_maintained_month === month,
        });
        return { user_id: m.id, month, rank: decision.rank, spend, how: decision.how, created_at: started };
      });
    if (!rows.length) continue;
    result.written += await db.transaction().execute(async (tx) => {
      const written = await repo.insertMonthRows(tx, rows);
      await applyRanksOfMonth(
        tx,
        month,
        rows.map((r) => r.user_id),
      );
      return written;
    });
  }
  await repo.recordRollover(db, {
    month,
    members: result.members,
    started_at: started,
    finished_at: new Date().toISOString(),
  });
  return result;
}

/**
 * Runs the rollover for every month from the one after the last recorded up to the current JST month (a server
 * that was down at midnight catches up at start). Answers what it ran.
 */
export async function catchUpRollovers(db: Db, now: Date): Promise<RolloverResult[]> {
  const current = jstMonth(now).key;
  const last = await repo.lastRolledMonth(db);
  const done: RolloverResult[] = [];
  if (!last) {
    await repo.recordRollover(db, {
      month: current,
      members: 0,
      started_at: now.toISOString(),
      finished_at: now.toISOString(),
    });
    return done;
  }
  for (let m = nextMonth(last); m <= current; m = nextMonth(m)) done.push(await rolloverMonth(db, m, now));
  return done;
}

/**
 * Fixes a member's rank for the current month as if the rollover had found `spend` last month (the demo's
 * Silver member); a month already decided is kept.
 */
export async function seedMemberRank(
  tx: Transaction<Database>,
  userId: number,
  args: { rank: number; spend: number },
  now: Date,
): Promise<void> {
  const month = jstMonth(now).key;
  await repo.insertMonthRows(tx, [
    {
      user_id: userId,
      month,
      rank: args.rank,
      spend: args.spend,
      how: 'spend',
      created_at: now.toISOString(),
    },
  ]);
  await applyRanksOfMonth(tx, month, [userId]);
}
