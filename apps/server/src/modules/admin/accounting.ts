import type {
  AdminAccounting,
  AdminAccountingPeriod,
  AdminGemMoves,
  AdminLiability,
  AdminPrepaidReport,
} from '@gacha/contract/admin-accounting';
import { paymentMethods } from '@gacha/contract/admin-payments';
import type { Db } from '../../db/index.ts';
import { formatJst, JST_OFFSET_MS, jstDay, jstDayOfUtcHour } from '../../db/time.ts';
import { fieldError } from '../../http/api-error.ts';
import { csvFile } from '../../http/csv.ts';
import { gemLiabilityAt, gemMovesByHour, type GemMoves } from '../gems/service.ts';
import { paymentsForAccounts, refundsForAccounts, salesByHour } from '../payments/service.ts';

/**
 * The console's money pages: sales, refunds and net, and the gem liability, by JST day and month; the
 * prepaid-balance report of the Payment Services Act. The figures are the payments module's (sales-report.ts) and
 * the gems module's (liability.ts), read by UTC hour and folded here into Japan's days (UTC+9 all year).
 */

const DAY_MS = 24 * 3600_000;
export const MAX_RANGE_DAYS = 366;
/** Above this unused balance of paid gems on a base date, half of it must be deposited (PSA art. 14). */
export const PREPAID_THRESHOLD_YEN = 10_000_000;

const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - JST_OFFSET_MS);
const addDays = (day: string, n: number) => jstDay(new Date(dayStart(day).getTime() + n * DAY_MS));
const earlier = (a: Date, b: Date) => (a.getTime() < b.getTime() ? a : b);

export interface DayRange {
  from: string;
  to: string;
}

/** The days asked for: this month so far by default; not past today; refused when reversed or too long. */
export function accountingRange(q: { from?: string; to?: string }, now: Date): DayRange {
  const today = jstDay(now);
  const to = q.to && q.to < today ? q.to : today;
  const from = q.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) throw fieldError('from', 'date_range_reversed');
  const days = Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1;
  if (days > MAX_RANGE_DAYS)
    throw fieldError('from', { key: 'date_range_too_long', params: { max: MAX_RANGE_DAYS } });
  return { from, to };
}

interface Money {
  payments: number;
  grossYen: number;
  refunds: number;
  refundsYen: number;
}
interface Period {
  money: Map<string, Money>; // by method
  paid: GemMoves;
  bonus: GemMoves;
}
const noMoves = (): GemMoves => ({ issued: 0, used: 0, expired: 0, refunded: 0 });
const emptyPeriod = (): Period => ({ money: new Map(), paid: noMoves(), bonus: noMoves() });

function addMoney(into: Map<string, Money>, method: string, m: Money) {
  const t = into.get(method) ?? { payments: 0, grossYen: 0, refunds: 0, refundsYen: 0 };
  t.payments += m.payments;
  t.grossYen += m.grossYen;
  t.refunds += m.refunds;
  t.refundsYen += m.refundsYen;
  into.set(method, t);
}
function addMoves(into: GemMoves, m: GemMoves) {
  for (const k of Object.keys(into) as (keyof GemMoves)[]) into[k] += m[k];
}
const moneyFields = (m: Money) => ({
  payments: m.payments,
  gross_yen: m.grossYen,
  refunds: m.refunds,
  refunds_yen: m.refundsYen,
  net_yen: m.grossYen - m.refundsYen,
});

function periodOut(
  period: string,
  p: Period,
  balance: { paid: number; bonus: number },
): AdminAccountingPeriod {
  const all = new Map<string, Money>();
  for (const m of p.money.values()) addMoney(all, '', m);
  const gems = (m: GemMoves, b: number): AdminGemMoves => ({ ...m, balance: b });
  return {
    period,
    ...moneyFields(all.get('') ?? { payments: 0, grossYen: 0, refunds: 0, refundsYen: 0 }),
    by_method: [...p.money]
      .map(([method, m]) => ({ method, ...moneyFields(m) }))
      .sort((a, b) => b.gross_yen - a.gross_yen || a.method.localeCompare(b.method)),
    paid_gems: gems(p.paid, balance.paid),
    bonus_gems: gems(p.bonus, balance.bonus),
  };
}

/** The accounting page: every day of the range, its months and the total, with the gems left at each end. */
export async function accountingReport(db: Db, range: DayRange, now: Date): Promise<AdminAccounting> {
  const from = dayStart(range.from);
  const until = earlier(dayStart(addDays(range.to, 1)), now);
  const [opening, moves, sales] = await Promise.all([
    gemLiabilityAt(db, from.toISOString()),
    gemMovesByHour(db, from.toISOString(), until.toISOString()),
    salesByHour(db, from.toISOString(), until.toISOString()),
  ]);
  const days = new Map<string, Period>();
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.set(d, emptyPeriod());
  for (const s of sales) {
    const day = days.get(jstDayOfUtcHour(s.hour));
    if (day) addMoney(day.money, s.method, s);
  }
  for (const m of moves) {
    const day = days.get(jstDayOfUtcHour(m.hour));
    if (!day) continue;
    day.paid[m.move] += m.paid;
    day.bonus[m.move] += m.total - m.paid;
  }

  const balance = { ...opening };
  const after = (m: GemMoves) => m.issued - m.used - m.expired - m.refunded;
  const dayRows: AdminAccountingPeriod[] = [];
  const months = new Map<string, { period: Period; balance: { paid: number; bonus: number } }>();
  const total = emptyPeriod();
  for (const [date, p] of days) {
    balance.paid += after(p.paid);
    balance.bonus += after(p.bonus);
    dayRows.push(periodOut(date, p, balance));
    const month = months.get(date.slice(0, 7)) ?? { period: emptyPeriod(), balance };
    for (const [method, m] of p.money) addMoney(month.period.money, method, m);
    addMoves(month.period.paid, p.paid);
    addMoves(month.period.bonus, p.bonus);
    month.balance = { ...balance };
    months.set(date.slice(0, 7), month);
    for (const [method, m] of p.money) addMoney(total.money, method, m);
    addMoves(total.paid, p.paid);
    addMoves(total.bonus, p.bonus);
  }
  return {
    from: range.from,
    to: range.to,
    days: dayRows,
    months: [...months].map(([key, m]) => periodOut(key, m.period, m.balance)),
    total: periodOut(`${range.from}/${range.to}`, total, balance),
  };
}

/** The unused gems at the end of a JST day (today: now). */
export async function liabilityOn(db: Db, date: string | undefined, now: Date): Promise<AdminLiability> {
  const day = date && date < jstDay(now) ? date : jstDay(now);
  const at = earlier(dayStart(addDays(day, 1)), now);
  const { paid, bonus } = await gemLiabilityAt(db, at.toISOString());
  return { date: day, at: at.toISOString(), paid, bonus, total: paid + bonus };
}

/** Base dates (31 March, 30 September) from the newest whose day has begun, newest first. */
function baseDates(now: Date, count: number): string[] {
  const today = jstDay(now);
  const out: string[] = [];
  for (let y = Number(today.slice(0, 4)); out.length < count; y--) {
    for (const d of [`${y}-09-30`, `${y}-03-31`]) if (d <= today && out.length < count) out.push(d);
  }
  return out;
}

/** The prepaid-balance report on a base date (the latest one begun when left out). */
export async function prepaidReport(
  db: Db,
  base: string | undefined,
  now: Date,
): Promise<AdminPrepaidReport> {
  const offered = baseDates(now, 6);
  const baseDate = base ?? offered[0]!;
  const year = Number(baseDate.slice(0, 4));
  const march = baseDate.endsWith('-03-31');
  const periodFrom = march ? `${year - 1}-10-01` : `${year}-04-01`;
  const end = dayStart(addDays(baseDate, 1));
  const until = earlier(end, now);
  const from = dayStart(periodFrom);
  const [moves, closing] = await Promise.all([
    until > from ? gemMovesByHour(db, from.toISOString(), until.toISOString()) : Promise.resolve([]),
    gemLiabilityAt(db, until.toISOString()),
  ]);
  const paid = noMoves();
  for (const m of moves) paid[m.move] += m.paid;
  const unused = closing.paid;
  const exceeds = unused > PREPAID_THRESHOLD_YEN;
  return {
    base_date: baseDate,
    period_from: periodFrom,
    period_to: baseDate,
    ...paid,
    unused_balance: unused,
    threshold: PREPAID_THRESHOLD_YEN,
    exceeds,
    deposit_required: exceeds ? Math.ceil(unused / 2) : 0,
    due_date: march ? `${year}-05-31` : `${year}-11-30`,
    provisional: end.getTime() > now.getTime(),
    base_dates: offered,
  };
}

const gemColumns = (prefix: string) =>
  ['issued', 'used', 'expired', 'refunded', 'balance'].map((k) => `${prefix}_gems_${k}`);
const gemValues = (g: AdminGemMoves) => [g.issued, g.used, g.expired, g.refunded, g.balance];

/** The daily figures as CSV: one line a day, net by method, paid and bonus gems. */
export function dailyCsv(report: AdminAccounting): string {
  return csvFile(
    [
      'date',
      'payments',
      'gross_yen',
      'refunds',
      'refunds_yen',
      'net_yen',
      ...paymentMethods.map((m) => `${m}_net_yen`),
      ...gemColumns('paid'),
      ...gemColumns('bonus'),
    ],
    report.days.map((d) => [
      d.period,
      d.payments,
      d.gross_yen,
      d.refunds,
      d.refunds_yen,
      d.net_yen,
      ...paymentMethods.map((m) => d.by_method.find((x) => x.method === m)?.net_yen ?? 0),
      ...gemValues(d.paid_gems),
      ...gemValues(d.bonus_gems),
    ]),
  );
}

const rangeInstants = (range: DayRange, now: Date) =>
  [dayStart(range.from).toISOString(), earlier(dayStart(addDays(range.to, 1)), now).toISOString()] as const;

/** The succeeded payments of the range as CSV (times in JST). */
export async function paymentsCsv(db: Db, range: DayRange, now: Date): Promise<string> {
  const rows = await paymentsForAccounts(db, ...rangeInstants(range, now));
  return csvFile(
    [
      'settled_at_jst',
      'payment_id',
      'member_id',
      'method',
      'provider',
      'provider_ref',
      'amount_yen',
      'gems',
      'refund_status',
      'refund_yen',
    ],
    rows.map((r) => [
      formatJst(r.settled_at!),
      r.public_id,
      r.user_id,
      r.method,
      r.provider,
      r.provider_ref,
      r.amount_yen,
      r.gems,
      r.refund_status,
      r.refund_yen,
    ]),
  );
}

/** The refunds decided in the range, in every state, as CSV (times in JST). */
export async function refundsCsv(db: Db, range: DayRange, now: Date): Promise<string> {
  const rows = await refundsForAccounts(db, ...rangeInstants(range, now));
  return csvFile(
    [
      'decided_at_jst',
      'settled_at_jst',
      'status',
      'payment_id',
      'member_id',
      'method',
      'paid_yen',
      'refund_yen',
      'gems',
      'gems_reclaimed',
      'reason_kind',
      'reason',
      'provider_refund_ref',
    ],
    rows.map((r) => [
      formatJst(r.created_at),
      r.settled_at ? formatJst(r.settled_at) : null,
      r.status,
      r.public_id,
      r.user_id,
      r.method,
      r.paid_yen,
      r.amount_yen,
      r.gems,
      r.gems_reclaimed,
      r.reason_kind,
      r.reason,
      r.provider_refund_ref,
    ]),
  );
}

/** The prepaid-balance report as CSV: one line of figures under its header. */
export function prepaidCsv(r: AdminPrepaidReport): string {
  const fields = [
    'base_date',
    'period_from',
    'period_to',
    'issued',
    'used',
    'expired',
    'refunded',
    'unused_balance',
    'threshold',
    'exceeds',
    'deposit_required',
    'due_date',
    'provisional',
  ] as const;
  return csvFile(fields, [
    fields.map((f) => (typeof r[f] === 'boolean' ? (r[f] ? 'yes' : 'no') : (r[f] as string | number))),
  ]);
}
