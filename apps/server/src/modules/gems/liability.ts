import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { utcHourOf } from '../../db/time.ts';

/**
 * The gem liability: gems issued and neither spent nor expired, paid (bought with money) and bonus (free grants)
 * apart, at any instant, from the ledger alone. Every ledger row carries the part of its delta in paid gems
 * (`paid_delta`, migration 022), so the paid figure is the sum of paid parts up to the instant, with one
 * correction: gems expire at their lot's `expires_at`, while the sweep writes the `expired` row (reference
 * `lot:<id>`) when it next runs. An expired row therefore counts on its lot's expiry, and a lot already past its
 * expiry that no sweep has zeroed yet counts as expired too (its remaining is what expired: nothing spends it).
 */

export interface GemAmounts {
  paid: number;
  bonus: number;
}

/** How the gems of one kind moved: issued, used (spent), expired (or voided), refunded (taken back). */
export interface GemMoves {
  issued: number;
  used: number;
  expired: number;
  refunded: number;
}
export type GemMoveKind = keyof GemMoves;

/** One UTC hour's moves ('YYYY-MM-DDTHH'), both kinds. */
export interface GemHourMoves {
  hour: string;
  move: GemMoveKind;
  total: number;
  paid: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** The unused gems just before `until` (an ISO instant). */
export async function gemLiabilityAt(db: Db, until: string): Promise<GemAmounts> {
  const [ledger, expired, unswept] = await Promise.all([
    db
      .selectFrom('gem_ledger')
      .select((eb) => [eb.fn.sum<number>('delta').as('total'), eb.fn.sum<number>('paid_delta').as('paid')])
      .where('created_at', '<', until)
      .where('reason', '<>', 'expired')
      .executeTakeFirst(),
    expiredRows(db)
      .select((eb) => [
        eb.fn.sum<number>('g.delta').as('total'),
        eb.fn.sum<number>('g.paid_delta').as('paid'),
      ])
      .where('l.expires_at', '<', until)
      .executeTakeFirst(),
    unsweptLots(db)
      .select((eb) => [
        eb.fn.sum<number>('remaining').as('total'),
        eb.fn.sum<number>(sql`case when kind = 'paid' then remaining else 0 end`).as('paid'),
      ])
      .where('expires_at', '<', until)
      .executeTakeFirst(),
  ]);
  const total = num(ledger?.total) + num(expired?.total) - num(unswept?.total);
  const paid = num(ledger?.paid) + num(expired?.paid) - num(unswept?.paid);
  return { paid, bonus: total - paid };
}

/** Every gem move in [from, until) by UTC hour: the ledger's rows by their time, expiry by the lot's. */
export async function gemMovesByHour(db: Db, from: string, until: string): Promise<GemHourMoves[]> {
  const move = sql<GemMoveKind>`case
    when delta > 0 then 'issued'
    when reason = 'voided' then 'expired'
    when reason = 'refund' then 'refunded'
    else 'used' end`;
  const [ledger, expired, unswept] = await Promise.all([
    db
      .selectFrom('gem_ledger')
      .select((eb) => [
        utcHourOf(sql.ref('created_at')).as('hour'),
        move.as('move'),
        eb.fn.sum<number>('delta').as('total'),
        eb.fn.sum<number>('paid_delta').as('paid'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', until)
      .where('reason', '<>', 'expired')
      .groupBy([utcHourOf(sql.ref('created_at')), move])
      .execute(),
    expiredRows(db)
      .select((eb) => [
        utcHourOf(sql.ref('l.expires_at')).as('hour'),
        eb.fn.sum<number>('g.delta').as('total'),
        eb.fn.sum<number>('g.paid_delta').as('paid'),
      ])
      .where('l.expires_at', '>=', from)
      .where('l.expires_at', '<', until)
      .groupBy(utcHourOf(sql.ref('l.expires_at')))
      .execute(),
    unsweptLots(db)
      .select((eb) => [
        utcHourOf(sql.ref('expires_at')).as('hour'),
        eb.fn.sum<number>('remaining').as('total'),
        eb.fn.sum<number>(sql`case when kind = 'paid' then remaining else 0 end`).as('paid'),
      ])
      .where('expires_at', '>=', from)
      .where('expires_at', '<', until)
      .groupBy(utcHourOf(sql.ref('expires_at')))
      .execute(),
  ]);
  // moves are positive amounts: issued adds, the others take away
  return [
    ...ledger.map((r) => {
      const sign = r.move === 'issued' ? 1 : -1;
      return { hour: r.hour, move: r.move, total: sign * num(r.total), paid: sign * num(r.paid) };
    }),
    ...expired.map((r) => ({
      hour: r.hour,
      move: 'expired' as const,
      total: -num(r.total),
      paid: -num(r.paid),
    })),
    ...unswept.map((r) => ({
      hour: r.hour,
      move: 'expired' as const,
      total: num(r.total),
      paid: num(r.paid),
    })),
  ];
}

/** The sweep's `expired` rows joined to the lot each names. */
const expiredRows = (db: Db) =>
  db
    .selectFrom('gem_ledger as g')
    .innerJoin('gem_lots as l', (j) =>
      j.on(sql`g.reference`, '=', sql`'lot:' || ${sql.ref('l.id')}`).onRef('l.user_id', '=', 'g.user_id'),
    )
    .where('g.reason', '=', 'expired');

/** Lots still holding gems: with an expiry bound, those past it that no sweep has zeroed yet. */
const unsweptLots = (db: Db) => db.selectFrom('gem_lots').where('remaining', '>', sql.lit(0));
