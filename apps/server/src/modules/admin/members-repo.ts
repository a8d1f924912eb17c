import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { AdminMemberSearchQuery, memberSorts } from '@gacha/contract/admin-members';
import { countRows } from '../../db/count.ts';
import { listPage, type ListSpec } from '../../db/list-page.ts';
import type { Db } from '../../db/index.ts';
import type { Database, WonItemStatus } from '../../db/schema.ts';

/**
 * The console's reads of a member: the members table and what hangs off it, read across the modules'
 * tables (reads only; every write goes through the owning module's service).
 */

type Executor = Db | Transaction<Database>;
type UsersEb = ExpressionBuilder<Database, 'users'>;

/** `%text%` for LIKE with its wildcards escaped (the backslash is the escape character on both engines). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeLower = (column: Expression<string>, text: string) =>
  sql<SqlBool>`lower(${column}) like ${contains(text.toLowerCase())} escape '\\'`;

/**
 * The search of the members list: member number and referral code always; with personal data also the mail,
 * the phone number's digits and the names (see the contract's adminMemberSearchQuerySchema).
 */
export function searchCondition(eb: UsersEb, q: string, pii: boolean): Expression<SqlBool> {
  const conds: Expression<SqlBool>[] = [];
  const number = q.replace(/^#/, '');
  if (/^\d{1,9}$/.test(number)) conds.push(eb('users.id', '=', Number(number)));
  if (/^[A-Za-z0-9]{1,32}$/.test(q)) conds.push(eb('users.referral_code', '=', q.toUpperCase()));
  if (pii) {
    conds.push(likeLower(eb.ref('users.mail'), q));
    if (/^[\d\s()+-]+$/.test(q)) {
      const digits = q.replace(/\D/g, '');
      if (digits.length >= 4) {
        conds.push(eb('users.tel', 'like', contains(digits)));
        // a national number (0…) matches the stored E.164 form too
        if (digits.startsWith('0') && digits.length >= 5)
          conds.push(eb('users.tel', 'like', contains(digits.slice(1))));
      }
    } else {
      for (const col of ['users.last_name', 'users.first_name', 'users.middle_name'] as const) {
        conds.push(likeLower(eb.ref(col), q));
      }
      conds.push(likeLower(sql<string>`users.last_name || ' ' || users.first_name`, q));
      conds.push(likeLower(sql<string>`users.first_name || ' ' || users.last_name`, q));
    }
  }
  return conds.length ? eb.or(conds) : sql<SqlBool>`1 = 0`;
}

const memberRowColumns = [
  'users.id',
  'users.mail',
  'users.last_name',
  'users.middle_name',
  'users.first_name',
  'users.tel',
  'users.referral_code',
  'users.rank',
  'users.coin_tenths',
  'users.end_sms',
  'users.suspended_at',
  'users.anonymised_at',
  'users.created_at',
] as const;

/** The members list: `q` is the search above (not the kit's column search); the orders. */
const memberList: ListSpec<(typeof memberSorts)[number]> = {
  search: [],
  id: 'users.id',
  sorts: { id: 'users.id', created_at: 'users.created_at', rank: 'users.rank', coins: 'users.coin_tenths' },
  defaultSort: 'id',
  defaultDir: 'desc',
};

export function searchMembers(ex: Executor, query: AdminMemberSearchQuery, pii: boolean) {
  const q = (query.q ?? '').trim();
  const base = ex
    .selectFrom('users')
    .$if(q !== '', (qb) => qb.where((eb) => searchCondition(eb, q, pii)))
    .$if(query.state === 'active', (qb) =>
      qb.where('users.suspended_at', 'is', null).where('users.anonymised_at', 'is', null),
    )
    .$if(query.state === 'suspended', (qb) => qb.where('users.suspended_at', 'is not', null))
    .$if(query.state === 'anonymised', (qb) => qb.where('users.anonymised_at', 'is not', null))
    .$if(query.sms !== undefined, (qb) => qb.where('users.end_sms', '=', query.sms === 'done' ? 1 : 0))
    .$if(query.rank !== undefined, (qb) => qb.where('users.rank', '=', Number(query.rank)));
  return listPage(base, (qb) => qb.select(memberRowColumns), memberList, { ...query, q: undefined });
}

/** Unexpired gems of each member. */
export async function balancesOf(ex: Executor, userIds: readonly number[], at: string) {
  if (!userIds.length) return new Map<number, number>();
  const rows = await ex
    .selectFrom('gem_lots')
    .select((eb) => ['user_id', eb.fn.sum<number>('remaining').as('gems')])
    .where('user_id', 'in', [...userIds])
    .where('expires_at', '>', at)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.gems)]));
}

export function findMember(ex: Executor, userId: number) {
  return ex
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .selectAll('users')
    .select(['countries.name_en as country_name_en', 'countries.name_ja as country_name_ja'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The soonest expiry among the member's unexpired lots with gems, and the gems expiring then. */
export async function nextExpiry(ex: Executor, userId: number, at: string) {
  const soonest = await ex
    .selectFrom('gem_lots')
    .select(['expires_at'])
    .where('user_id', '=', userId)
    .where('remaining', '>', sql.lit(0))
    .where('expires_at', '>', at)
    .orderBy('expires_at')
    .limit(1)
    .executeTakeFirst();
  if (!soonest) return null;
  const row = await ex
    .selectFrom('gem_lots')
    .select((eb) => eb.fn.sum<number>('remaining').as('gems'))
    .where('user_id', '=', userId)
    .where('expires_at', '=', soonest.expires_at)
    .executeTakeFirstOrThrow();
  return { at: soonest.expires_at, gems: Number(row.gems) };
}

export function rankMonths(ex: Executor, userId: number, limit: number) {
  return ex
    .selectFrom('rank_months')
    .select(['month', 'rank', 'spend', 'how', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('month', 'desc')
    .limit(limit)
    .execute();
}

export function memberCodes(ex: Executor, userIds: readonly number[]) {
  if (!userIds.length) return Promise.resolve([]);
  return ex
    .selectFrom('users')
    .select(['id', 'referral_code', 'created_at'])
    .where('id', 'in', [...userIds])
    .execute();
}

/** The reward of the pair (referrer, this member), once paid. */
export function rewardOfReferred(ex: Executor, userId: number) {
  return ex
    .selectFrom('referral_rewards')
    .select(['amount', 'created_at'])
    .where('referred_id', '=', userId)
    .executeTakeFirst();
}

export async function referredBy(ex: Executor, referrerId: number, limit: number) {
  const base = ex.selectFrom('users').where('referred_by', '=', referrerId);
  const total = await countRows(base);
  const rows = await base
    .select(['id', 'referral_code', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const rewarded = rows.length
    ? await ex
        .selectFrom('referral_rewards')
        .select('referred_id')
        .where('referrer_id', '=', referrerId)
        .where(
          'referred_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const paid = new Set(rewarded.map((r) => r.referred_id));
  return { total, rows: rows.map((r) => ({ ...r, rewarded: paid.has(r.id) })) };
}

export function couponsUsed(ex: Executor, userId: number, limit: number) {
  return ex
    .selectFrom('coupon_uses as u')
    .innerJoin('coupons as c', 'c.id', 'u.coupon_id')
    .select(['c.id as coupon_id', 'c.code', 'c.kind', 'c.gems', 'u.created_at as used_at'])
    .where('u.user_id', '=', userId)
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
}

export async function itemCounts(ex: Executor, userId: number) {
  const rows = await ex
    .selectFrom('won_items')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  return countsByStatus(rows);
}

export function countsByStatus(rows: readonly { status: WonItemStatus; n: number | string }[]) {
  const out: Record<WonItemStatus, number> = { unselected: 0, ship: 0, convert: 0, shipped: 0 };
  for (const r of rows) out[r.status] += Number(r.n);
  return out;
}

export async function memberCounts(ex: Executor, userId: number, at: string) {
  const [purchases, payments, liveLots, openShipments] = await Promise.all([
    countRows(ex.selectFrom('pack_purchases').where('user_id', '=', userId)),
    countRows(ex.selectFrom('payments').where('user_id', '=', userId)),
    countRows(
      ex
        .selectFrom('gem_lots')
        .where('user_id', '=', userId)
        .where('remaining', '>', sql.lit(0))
        .where('expires_at', '>', at),
    ),
    countRows(
      ex
        .selectFrom('shipments')
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .where('item_count', '>', 0),
    ),
  ]);
  return { purchases, payments, liveLots, openShipments };
}

// --- the paged tabs ---

export interface Page {
  limit: number;
  offset: number;
}

export async function gemLots(ex: Executor, userId: number, live: boolean, at: string, page: Page) {
  const base = ex
    .selectFrom('gem_lots')
    .where('user_id', '=', userId)
    .$if(live, (q) => q.where('remaining', '>', sql.lit(0)).where('expires_at', '>', at));
  const total = await countRows(base);
  const rows = await base
    .select(['id', 'kind', 'source', 'amount', 'remaining', 'awarded_at', 'expires_at'])
    .$if(live, (q) => q.orderBy('expires_at').orderBy('id'))
    .$if(!live, (q) => q.orderBy('id', 'desc'))
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total, rows };
}

export async function gemLedger(ex: Executor, userId: number, page: Page) {
  const base = ex.selectFrom('gem_ledger').where('user_id', '=', userId);
  const total = await countRows(base);
  const rows = await base
    .select(['id', 'delta', 'reason', 'reference', 'balance_after', 'created_at'])
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total, rows };
}

export async function coinLedger(ex: Executor, userId: number, page: Page) {
  const base = ex.selectFrom('coin_ledger').where('user_id', '=', userId);
  const total = await countRows(base);
  const rows = await base
    .select(['id', 'delta_tenths', 'reason', 'reference', 'balance_after_tenths', 'created_at'])
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total, rows };
}

export async function purchases(ex: Executor, userId: number, page: Page) {
  const base = ex.selectFrom('pack_purchases as p').where('p.user_id', '=', userId);
  const total = await countRows(base);
  const rows = await base
    .innerJoin('packs as k', 'k.id', 'p.pack_id')
    .select([
      'p.id',
      'p.pack_id',
      'k.name_en as pack_name_en',
      'k.name_ja as pack_name_ja',
      'p.count',
      'p.first_position',
      'p.currency',
      'p.base_price',
      'p.discount_percent',
      'p.price_paid',
      'p.coin_earned_tenths',
      'p.created_at',
    ])
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total, rows };
}

export async function itemCountsOfPurchases(ex: Executor, purchaseIds: readonly number[]) {
  if (!purchaseIds.length) return [];
  return ex
    .selectFrom('won_items')
    .select((eb) => ['purchase_id', 'status', eb.fn.countAll<number>().as('n')])
    .where('purchase_id', 'in', [...purchaseIds])
    .groupBy(['purchase_id', 'status'])
    .execute();
}

export async function wonItems(ex: Executor, userId: number, status: WonItemStatus | undefined, page: Page) {
  const base = ex
    .selectFrom('won_items as w')
    .where('w.user_id', '=', userId)
    .$if(status !== undefined, (q) => q.where('w.status', '=', status!));
  const total = await countRows(base);
  const rows = await base
    .innerJoin('cards as c', 'c.id', 'w.card_id')
    .leftJoin('shipments as s', 's.id', 'w.shipment_id')
    .select([
      'w.id',
      'w.purchase_id',
      'w.pack_id',
      'w.card_id',
      'c.name_en as card_name_en',
      'c.name_ja as card_name_ja',
      'c.rarity',
      'w.position',
      'w.is_last_one',
      'w.action_type',
      'w.buy_point',
      'w.status',
      'w.decided_at',
      'w.decided_by',
      'w.shipment_id',
      's.status as shipment_status',
      's.delivery_code',
      'w.created_at',
    ])
    .orderBy('w.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total, rows };
}

export async function payments(ex: Executor, userId: number, page: Page) {
  const base = ex.selectFrom('payments as p').where('p.user_id', '=', userId);
  const total = await countRows(base);
  const rows = await base
    .leftJoin('payment_credits as c', 'c.payment_id', 'p.id')
    .select([
      'p.id',
      'p.public_id',
      'p.method',
      'p.provider',
      'p.amount_yen',
      'p.gems',
      'p.status',
      'p.provider_ref',
      'p.holder_name',
      'p.failure_code',
      'c.payment_id as credited',
      'p.created_at',
      'p.settled_at',
      'p.expires_at',
    ])
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total, rows };
}
