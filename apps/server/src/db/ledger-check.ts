import { sql } from 'kysely';
import type { Db } from './index.ts';

/**
 * Whether the ledgers add up (after a restore, after a SIGTERM under load, after a release storm).
 * Read-only, on both engines; each problem is a sentence naming the rows. Checked:
 * - gems: for every member the ledger's deltas sum to what their lots hold, and its paid parts to what their paid
 *   lots hold; no lot below 0 or above its amount;
 * - coins: for every member the coin ledger sums to the member's coin balance;
 * - packs: a pack's sold_count is the sum of its purchases' counts, which is the number of its won items with a
 *   position, each position sold once; the gems the gem purchases paid are the gems their ledger rows debited;
 * - payments: one credit per succeeded payment, and the credited gems are the ledger's gem purchases.
 */
export interface LedgerFigures {
  members: number;
  purchases: number;
  gemLedgerRows: number;
  packsSold: number;
  gemsSpentOnPacks: number;
  paymentCredits: number;
}

export async function checkLedgers(db: Db): Promise<{ problems: string[]; figures: LedgerFigures }> {
  const problems: string[] = [];
  const rows = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows;
  const num = (v: unknown) => Number(v ?? 0);

  const gemMismatch = await rows<{
    user_id: number;
    ledger: number;
    lots: number;
    paid: number;
    paid_lots: number;
  }>(sql`
    select u.id as user_id,
      coalesce((select sum(delta) from gem_ledger l where l.user_id = u.id), 0) as ledger,
      coalesce((select sum(remaining) from gem_lots g where g.user_id = u.id), 0) as lots,
      coalesce((select sum(paid_delta) from gem_ledger l where l.user_id = u.id), 0) as paid,
      coalesce((select sum(remaining) from gem_lots g where g.user_id = u.id and g.kind = 'paid'), 0) as paid_lots
    from users u`);
  for (const r of gemMismatch) {
    if (num(r.ledger) !== num(r.lots))
      problems.push(`member ${r.user_id}: gem ledger sums to ${r.ledger}, lots hold ${r.lots}`);
    if (num(r.paid) !== num(r.paid_lots))
      problems.push(
        `member ${r.user_id}: the ledger's paid gems sum to ${r.paid}, paid lots hold ${r.paid_lots}`,
      );
  }
  const badLots = await rows<{ id: number; remaining: number; amount: number }>(sql`
    select id, remaining, amount from gem_lots where remaining < 0 or remaining > amount`);
  for (const l of badLots) problems.push(`gem lot ${l.id}: remaining ${l.remaining} of ${l.amount}`);

  const coinMismatch = await rows<{ id: number; ledger: number; balance: number }>(sql`
    select u.id, coalesce((select sum(delta_tenths) from coin_ledger c where c.user_id = u.id), 0) as ledger,
      u.coin_tenths as balance
    from users u`);
  for (const r of coinMismatch)
    if (num(r.ledger) !== num(r.balance))
      problems.push(`member ${r.id}: coin ledger sums to ${r.ledger} tenths, balance ${r.balance}`);
  const negative = await rows<{ id: number }>(sql`select id from users where coin_tenths < 0`);
  for (const r of negative) problems.push(`member ${r.id}: negative coin balance`);

  const packs = await rows<{
    id: number;
    sold: number;
    bought: number;
    items: number;
    distinct_positions: number;
  }>(sql`
    select p.id, p.sold_count as sold,
      coalesce((select sum(count) from pack_purchases b where b.pack_id = p.id), 0) as bought,
      (select count(*) from won_items w where w.pack_id = p.id and w.position is not null) as items,
      (select count(distinct position) from won_items w where w.pack_id = p.id and w.position is not null)
        as distinct_positions
    from packs p`);
  let sold = 0;
  for (const p of packs) {
    sold += num(p.sold);
    if (num(p.sold) !== num(p.bought))
      problems.push(`pack ${p.id}: sold_count ${p.sold}, purchases bought ${p.bought}`);
    if (num(p.items) !== num(p.bought))
      problems.push(`pack ${p.id}: ${p.items} won items with a position, purchases bought ${p.bought}`);
    if (num(p.distinct_positions) !== num(p.items))
      problems.push(`pack ${p.id}: ${num(p.items) - num(p.distinct_positions)} positions sold twice`);
  }

  const [spend] = await rows<{ paid: number; debited: number }>(sql`
    select
      coalesce((select sum(price_paid) from pack_purchases where currency = 'gem'), 0) as paid,
      coalesce((select -sum(delta) from gem_ledger where reason = 'pack_purchase'), 0) as debited`);
  if (num(spend!.paid) !== num(spend!.debited))
    problems.push(`gem purchases paid ${spend!.paid} gems, the ledger debited ${spend!.debited}`);

  const [credits] = await rows<{ succeeded: number; credits: number; credited: number; ledger: number }>(sql`
    select
      (select count(*) from payments where status = 'succeeded') as succeeded,
      (select count(*) from payment_credits) as credits,
      coalesce((select sum(gems) from payment_credits), 0) as credited,
      coalesce((select sum(delta) from gem_ledger where reason = 'gem_purchase'), 0) as ledger`);
  if (num(credits!.succeeded) !== num(credits!.credits))
    problems.push(`${credits!.succeeded} succeeded payments, ${credits!.credits} credits`);
  if (num(credits!.credited) !== num(credits!.ledger))
    problems.push(`payments credited ${credits!.credited} gems, the ledger ${credits!.ledger}`);

  const [count] = await rows<{ members: number; purchases: number; ledger_rows: number }>(sql`
    select (select count(*) from users) as members, (select count(*) from pack_purchases) as purchases,
      (select count(*) from gem_ledger) as ledger_rows`);
  return {
    problems,
    figures: {
      members: num(count!.members),
      purchases: num(count!.purchases),
      gemLedgerRows: num(count!.ledger_rows),
      packsSold: sold,
      gemsSpentOnPacks: num(spend!.paid),
      paymentCredits: num(credits!.credits),
    },
  };
}
