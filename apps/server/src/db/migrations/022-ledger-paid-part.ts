import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { createPurchaseFunctions } from '../pg-purchase-function.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Every gem ledger row says how much of its delta was paid gems (`paid_delta`): the Payment Services Act's
 * prepaid-balance report and the gem liability count paid gems apart from free grants, on any past date, from
 * the ledger alone (modules/gems/liability.ts). Rows written before this migration get their paid part by
 * replaying each member's history the way it was written: a credit is its lot's award (same member, time and
 * amount), a refund names the lot through the payment's credit, expiry and voiding name it (`lot:<id>`), and every
 * other debit took the oldest-expiring lots first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gem_ledger')
    .addColumn('paid_delta', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillPaidParts(db);
  if (isPostgres(db)) await createPurchaseFunctions(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gem_ledger').dropColumn('paid_delta').execute();
}

interface Lot {
  id: number;
  kind: string;
  amount: number;
  awarded_at: string;
  expires_at: string;
  left: number;
}

export async function backfillPaidParts(db: Kysely<any>): Promise<void> {
  const members: { user_id: number }[] = await db
    .selectFrom('gem_lots')
    .select('user_id')
    .where('kind', '=', 'paid')
    .groupBy('user_id')
    .execute();
  for (const { user_id } of members) {
    const lots: Lot[] = (
      await db
        .selectFrom('gem_lots')
        .select(['id', 'kind', 'amount', 'awarded_at', 'expires_at'])
        .where('user_id', '=', user_id)
        .orderBy('expires_at')
        .orderBy('id')
        .execute()
    ).map((l: any) => ({ ...l, left: 0 }));
    const byId = new Map(lots.map((l) => [l.id, l]));
    const creditLot = new Map<string, number>(
      (
        await db
          .selectFrom('payment_credits')
          .select(['payment_id', 'lot_id'])
          .where('user_id', '=', user_id)
          .execute()
      ).map((c: any) => [`payment:${c.payment_id}`, c.lot_id]),
    );
    const rows = await db
      .selectFrom('gem_ledger')
      .select(['id', 'delta', 'reason', 'reference', 'created_at'])
      .where('user_id', '=', user_id)
      .orderBy('id')
      .execute();
    const unplaced = new Set(lots);
    for (const r of rows as any[]) {
      let paid = 0;
      const named =
        r.delta > 0
          ? [...unplaced].find((l) => l.awarded_at === r.created_at && l.amount === r.delta)
          : r.reason === 'refund'
            ? byId.get(creditLot.get(r.reference) ?? -1)
            : typeof r.reference === 'string' && r.reference.startsWith('lot:')
              ? byId.get(Number(r.reference.slice(4)))
              : undefined;
      if (r.delta > 0) {
        if (named) {
          unplaced.delete(named);
          named.left = named.amount;
          if (named.kind === 'paid') paid = r.delta;
        }
      } else if (named) {
        named.left -= -r.delta;
        if (named.kind === 'paid') paid = r.delta;
      } else {
        let owed = -r.delta;
        for (const l of lots) {
          if (owed === 0) break;
          if (l.left <= 0 || l.expires_at <= r.created_at || l.awarded_at > r.created_at) continue;
          const take = Math.min(l.left, owed);
          l.left -= take;
          owed -= take;
          if (l.kind === 'paid') paid -= take;
        }
      }
      if (paid !== 0)
        await db.updateTable('gem_ledger').set({ paid_delta: paid }).where('id', '=', r.id).execute();
    }
  }
}
