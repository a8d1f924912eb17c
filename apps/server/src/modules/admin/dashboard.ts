import { sql } from 'kysely';
import type { AdminDashboard, AdminDashboardTotals } from '@gacha/contract/admin-dashboard';
import type { Db } from '../../db/index.ts';
import { JST_OFFSET_MS, jstDay, jstDayOfUtcHour, jstMonth, utcHourOf } from '../../db/time.ts';
import { salesByHour } from '../payments/service.ts';

/**
 * The console's dashboard: today and this month in Japan time. The month's sales, pack
 * spending and coin credits are read in one grouped query each, by UTC hour ('YYYY-MM-DDTHH', the first 13
 * characters of a stored time: the same text function on both engines, on the time indexes of migration 015),
 * and folded into JST days here: Japan is UTC+9 all year, so every UTC hour lies in one JST day.
 */

const DAY_MS = 24 * 3600_000;

/** 00:00 JST of the day of `at`, as an instant. */
export function jstDayStart(at: Date): Date {
  return new Date(Math.floor((at.getTime() + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS);
}

const hourOf = (column: string) => utcHourOf(sql.ref(column));
const num = (v: unknown) => Number(v ?? 0);

interface DayFigures {
  sales: Map<string, { payments: number; gems: number; yen: number }>; // by method
  refunds: number;
  refundsYen: number;
  gemsSpent: number;
  coinsSpent: number;
  purchases: number;
  played: number;
  coinsIssued: Map<string, number>; // by reason
}

const emptyDay = (): DayFigures => ({
  sales: new Map(),
  refunds: 0,
  refundsYen: 0,
  gemsSpent: 0,
  coinsSpent: 0,
  purchases: 0,
  played: 0,
  coinsIssued: new Map(),
});

function totalsOf(days: readonly DayFigures[]): AdminDashboardTotals {
  const sales = new Map<string, { payments: number; gems: number; yen: number }>();
  const issued = new Map<string, number>();
  const t = { gemsSpent: 0, coinsSpent: 0, purchases: 0, played: 0, refunds: 0, refundsYen: 0 };
  for (const d of days) {
    for (const [method, s] of d.sales) {
      const m = sales.get(method) ?? { payments: 0, gems: 0, yen: 0 };
      m.payments += s.payments;
      m.gems += s.gems;
      m.yen += s.yen;
      sales.set(method, m);
    }
    for (const [reason, tenths] of d.coinsIssued) issued.set(reason, (issued.get(reason) ?? 0) + tenths);
    t.refunds += d.refunds;
    t.refundsYen += d.refundsYen;
    t.gemsSpent += d.gemsSpent;
    t.coinsSpent += d.coinsSpent;
    t.purchases += d.purchases;
    t.played += d.played;
  }
  const gemsSold = [...sales]
    .map(([method, s]) => ({ method, ...s }))
    .sort((a, b) => b.yen - a.yen || a.method.localeCompare(b.method));
  const byReason = [...issued]
    .map(([reason, tenths]) => ({ reason, tenths }))
    .sort((a, b) => b.tenths - a.tenths || a.reason.localeCompare(b.reason));
  const soldYen = gemsSold.reduce((s, m) => s + m.yen, 0);
  return {
    gems_sold: gemsSold,
    sold: {
      payments: gemsSold.reduce((s, m) => s + m.payments, 0),
      gems: gemsSold.reduce((s, m) => s + m.gems, 0),
      yen: soldYen,
    },
    refunds: { count: t.refunds, yen: t.refundsYen },
    net_yen: soldYen - t.refundsYen,
    gems_spent_on_packs: t.gemsSpent,
    coins_spent_on_packs: t.coinsSpent,
    pack_purchases: t.purchases,
    packs_played: t.played,
    coins_issued_tenths: byReason.reduce((s, r) => s + r.tenths, 0),
    coins_issued_by_reason: byReason,
  };
}

export async function dashboard(db: Db, now: Date): Promise<AdminDashboard> {
  const month = jstMonth(now);
  const from = month.start.toISOString();
  const until = now.toISOString();
  const dayStart = jstDayStart(now);
  const today = jstDay(now);

  const [sales, spending, coins, packs, shipments, bank, posts] = await Promise.all([
    salesByHour(db, from, until),
    db
      .selectFrom('pack_purchases')
      .select((eb) => [
        hourOf('created_at').as('hour'),
        'currency',
        eb.fn.countAll<number>().as('purchases'),
        eb.fn.sum<number>('count').as('played'),
        eb.fn.sum<number>('price_paid').as('paid'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<=', until)
      .groupBy([hourOf('created_at'), 'currency'])
      .execute(),
    db
      .selectFrom('coin_ledger')
      .select((eb) => [
        hourOf('created_at').as('hour'),
        'reason',
        eb.fn.sum<number>('delta_tenths').as('tenths'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<=', until)
      .where('delta_tenths', '>', 0)
      .groupBy([hourOf('created_at'), 'reason'])
      .execute(),
    packsSelling(db, now, from, dayStart.toISOString()),
    shipmentsWaiting(db, now),
    db
      .selectFrom('payments')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('amount_yen').as('yen'),
        eb.fn.sum<number>('gems').as('gems'),
        eb.fn.min('created_at').as('oldest_at'),
      ])
      .where('status', '=', 'pending')
      .where('method', '=', 'bank')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('posts')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest_at')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);

  // every JST day of the month so far, zeros included
  const days = new Map<string, DayFigures>();
  for (let t = month.start.getTime(); t <= dayStart.getTime(); t += DAY_MS) {
    days.set(jstDay(new Date(t)), emptyDay());
  }
  const dayOf = (hour: string) => days.get(jstDayOfUtcHour(hour));
  for (const r of sales) {
    const d = dayOf(r.hour);
    if (!d) continue;
    d.refunds += r.refunds;
    d.refundsYen += r.refundsYen;
    if (!r.payments) continue;
    const m = d.sales.get(r.method) ?? { payments: 0, gems: 0, yen: 0 };
    m.payments += r.payments;
    m.gems += r.gems;
    m.yen += r.grossYen;
    d.sales.set(r.method, m);
  }
  for (const r of spending) {
    const d = dayOf(r.hour);
    if (!d) continue;
    if (r.currency === 'gem') d.gemsSpent += num(r.paid);
    else d.coinsSpent += num(r.paid);
    d.purchases += num(r.purchases);
    d.played += num(r.played);
  }
  for (const r of coins) {
    const d = dayOf(r.hour);
    if (!d) continue;
    d.coinsIssued.set(r.reason, (d.coinsIssued.get(r.reason) ?? 0) + num(r.tenths));
  }

  const daily = [...days].map(([date, d]) => {
    const t = totalsOf([d]);
    return {
      date,
      payments: t.sold.payments,
      gems_sold: t.sold.gems,
      yen: t.sold.yen,
      gems_spent_on_packs: t.gems_spent_on_packs,
      coins_spent_on_packs: t.coins_spent_on_packs,
      packs_played: t.packs_played,
      coins_issued_tenths: t.coins_issued_tenths,
    };
  });

  return {
    generated_at: now.toISOString(),
    today: { date: today, ...totalsOf([days.get(today) ?? emptyDay()]) },
    month: { month: month.key, ...totalsOf([...days.values()]) },
    daily,
    packs_selling: packs,
    shipments_waiting: shipments,
    bank_transfers_pending: {
      count: num(bank.count),
      yen: num(bank.yen),
      gems: num(bank.gems),
      oldest_at: (bank.oldest_at as string | null) ?? null,
    },
    posts_pending: { count: num(posts.count), oldest_at: (posts.oldest_at as string | null) ?? null },
  };
}

/** Published packs on sale now (started, not ended, lots left), with what sold today and this month. */
async function packsSelling(db: Db, now: Date, monthFrom: string, dayFrom: string) {
  const at = now.toISOString();
  const packs = await db
    .selectFrom('packs')
    .select([
      'id',
      'name_en',
      'name_ja',
      'payment_method',
      'point',
      'total_pack_count',
      'sold_count',
      'paused_at',
      'end_at',
    ])
    .where('seed', 'is not', null)
    .where('start_at', '<=', at)
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', at)]))
    .where((eb) => eb('sold_count', '<', eb.ref('total_pack_count')))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const sold = packs.length
    ? await db
        .selectFrom('pack_purchases')
        .select((eb) => [
          'pack_id',
          eb.fn.sum<number>('count').as('month'),
          eb.fn
            .sum<number>(
              eb.case().when('created_at', '>=', dayFrom).then(eb.ref('count')).else(sql.lit(0)).end(),
            )
            .as('today'),
        ])
        .where(
          'pack_id',
          'in',
          packs.map((p) => p.id),
        )
        .where('created_at', '>=', monthFrom)
        .where('created_at', '<=', at)
        .groupBy('pack_id')
        .execute()
    : [];
  const byPack = new Map(sold.map((s) => [s.pack_id, s]));
  return packs.map((p) => ({
    id: p.id,
    name_en: p.name_en,
    name_ja: p.name_ja,
    payment_method: p.payment_method,
    point: p.point,
    total: p.total_pack_count,
    sold: p.sold_count,
    remaining: p.total_pack_count - p.sold_count,
    sold_today: num(byPack.get(p.id)?.today),
    sold_this_month: num(byPack.get(p.id)?.month),
    paused: p.paused_at !== null,
    end_at: p.end_at,
  }));
}

/** Open batches with items by age (under 7 days, 7 to 14, over 14), on the shipments_status index. */
async function shipmentsWaiting(db: Db, now: Date) {
  const week = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const fortnight = new Date(now.getTime() - 14 * DAY_MS).toISOString();
  const rows = await db
    .selectFrom('shipments')
    .select((eb) => {
      const age = eb
        .case()
        .when('created_at', '>', week)
        .then(sql.lit('under_7_days'))
        .when('created_at', '>', fortnight)
        .then(sql.lit('days_7_to_14'))
        .else(sql.lit('over_14_days'))
        .end();
      return [
        age.as('age'),
        eb.fn.countAll<number>().as('batches'),
        eb.fn.sum<number>('item_count').as('items'),
        eb.fn.min('created_at').as('oldest_at'),
      ];
    })
    .where('status', '=', 'open')
    .where('item_count', '>', 0)
    .groupBy('age')
    .execute();
  const byAge = new Map(rows.map((r) => [String(r.age), r]));
  const buckets = (['under_7_days', 'days_7_to_14', 'over_14_days'] as const).map((age) => ({
    age,
    batches: num(byAge.get(age)?.batches),
    items: num(byAge.get(age)?.items),
  }));
  const oldest = rows
    .map((r) => r.oldest_at as string | null)
    .filter((v): v is string => !!v)
    .sort()[0];
  return {
    batches: buckets.reduce((s, b) => s + b.batches, 0),
    items: buckets.reduce((s, b) => s + b.items, 0),
    oldest_at: oldest ?? null,
    by_age: buckets,
  };
}
