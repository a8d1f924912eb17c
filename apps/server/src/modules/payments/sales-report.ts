import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { utcHourOf } from '../../db/time.ts';

/**
 * Money in and out for the accounts (the console's accounting page): succeeded gem purchases counted when they
 * succeeded, refunds when the provider confirmed them — or, for a bank transfer staff pay back by hand (`manual`),
 * when the refund was decided. Grouped by UTC hour ('YYYY-MM-DDTHH') and payment method; the caller folds hours
 * into JST days.
 */

export interface SalesHour {
  hour: string;
  method: string;
  payments: number;
  gems: number;
  grossYen: number;
  refunds: number;
  refundsYen: number;
}

const num = (v: unknown) => Number(v ?? 0);
/** When a refund counts: confirmed by the provider, or decided to be paid back by hand. */
const refundedAt = sql<string>`case when r.status = 'succeeded' then r.settled_at else r.created_at end`;
const refundCounts = sql<boolean>`(r.status = 'succeeded' or r.status = 'manual')`;

export async function salesByHour(db: Db, from: string, until: string): Promise<SalesHour[]> {
  const [sales, refunds] = await Promise.all([
    db
      .selectFrom('payments')
      .select((eb) => [
        utcHourOf(sql.ref('settled_at')).as('hour'),
        'method',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('gems').as('gems'),
        eb.fn.sum<number>('amount_yen').as('yen'),
      ])
      .where('status', '=', 'succeeded')
      .where('settled_at', '>=', from)
      .where('settled_at', '<', until)
      .groupBy([utcHourOf(sql.ref('settled_at')), 'method'])
      .execute(),
    db
      .selectFrom('payment_refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .select((eb) => [
        utcHourOf(refundedAt).as('hour'),
        'p.method',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('r.amount_yen').as('yen'),
      ])
      .where(refundCounts)
      .where(refundedAt, '>=', from)
      .where(refundedAt, '<', until)
      .groupBy([utcHourOf(refundedAt), 'p.method'])
      .execute(),
  ]);
  return [
    ...sales.map((r) => ({
      hour: r.hour,
      method: r.method,
      payments: num(r.n),
      gems: num(r.gems),
      grossYen: num(r.yen),
      refunds: 0,
      refundsYen: 0,
    })),
    ...refunds.map((r) => ({
      hour: r.hour,
      method: r.method,
      payments: 0,
      gems: 0,
      grossYen: 0,
      refunds: num(r.n),
      refundsYen: num(r.yen),
    })),
  ];
}

/** Succeeded payments of [from, until) by their success, oldest first, with their refund if any (the CSV). */
export function paymentsForAccounts(db: Db, from: string, until: string) {
  return db
    .selectFrom('payments as p')
    .leftJoin('payment_refunds as r', 'r.payment_id', 'p.id')
    .select([
      'p.settled_at',
      'p.public_id',
      'p.user_id',
      'p.method',
      'p.provider',
      'p.provider_ref',
      'p.amount_yen',
      'p.gems',
      'r.status as refund_status',
      'r.amount_yen as refund_yen',
    ])
    .where('p.status', '=', 'succeeded')
    .where('p.settled_at', '>=', from)
    .where('p.settled_at', '<', until)
    .orderBy('p.settled_at')
    .orderBy('p.id')
    .execute();
}

/** Refunds decided in [from, until), in every state, oldest first (the CSV). */
export function refundsForAccounts(db: Db, from: string, until: string) {
  return db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select([
      'r.created_at',
      'r.settled_at',
      'r.status',
      'p.public_id',
      'p.user_id',
      'p.method',
      'p.amount_yen as paid_yen',
      'r.amount_yen',
      'r.gems',
      'r.gems_reclaimed',
      'r.reason_kind',
      'r.reason',
      'r.provider_refund_ref',
    ])
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', until)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}
