import type { Transaction } from 'kysely';
import type { MessageKey } from '@gacha/contract/messages';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { addMonths } from '../../db/time.ts';
import * as repo from './repo.ts';

type Executor = Db | Transaction<Database>;

export {
  gemLiabilityAt,
  gemMovesByHour,
  type GemAmounts,
  type GemHourMoves,
  type GemMoves,
} from './liability.ts';

export type LotKind = 'paid' | 'bonus';
export type LotSource =
  'purchase' | 'conversion' | 'referral' | 'post_reward' | 'coupon' | 'free_grant' | 'transfer' | 'admin';

export const GEM_VALIDITY_MONTHS = 6;

/** The part of `gems` from or into a lot of `kind` that counts as paid (a ledger row's `paid_delta`). */
const paidPart = (kind: string, gems: number) => (kind === 'paid' ? gems : 0);

/** Balance = sum of remaining over lots not yet expired at `now` (DOMAIN.md: Gems). */
export async function gemBalance(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = (await repo.balanceQuery(db, { userId, at: now.toISOString() })).rows;
  return Number(row?.balance ?? 0);
}

/**
 * Makes the member's gem writes queue: on PostgreSQL the member's row is locked `FOR UPDATE` for the
 * rest of the transaction, so two credits (or a credit and a spend) of one member cannot both compute their
 * ledger row's `balance_after` from the same committed state; SQLite writes one transaction at a time anyway.
 * Every transaction that changes a member's gems takes this lock (the purchase and the won-item decisions
 * take it first, as `lockBuyer`/`lockMember`), always before the lots, so they cannot deadlock.
 */
export async function lockGemAccount(tx: Executor, userId: number): Promise<void> {
  if (!isPostgres(tx)) return;
  await repo.lockMemberRow(tx, userId);
}

/** Awards a lot and writes its ledger row. Call inside the transaction of whatever causes the award. */
export async function awardGems(
  tx: Executor,
  args: {
    userId: number;
    amount: number;
    kind: LotKind;
    source: LotSource;
    reason: string;
    reference?: string;
  },
  now: Date,
): Promise<{ lotId: number; balanceAfter: number }> {
  if (!Number.isInteger(args.amount) || args.amount <= 0)
    throw new Error('gem award must be a positive integer');
  await lockGemAccount(tx, args.userId);
  const awardedAt = now.toISOString();
  const lotId = await repo.insertLot(tx, {
    user_id: args.userId,
    kind: args.kind,
    source: args.source,
    amount: args.amount,
    remaining: args.amount,
    awarded_at: awardedAt,
    expires_at: addMonths(awardedAt, GEM_VALIDITY_MONTHS),
  });
  const balanceAfter = await gemBalance(tx, args.userId, now);
  await repo.insertLedgerRows(tx, {
    user_id: args.userId,
    delta: args.amount,
    paid_delta: paidPart(args.kind, args.amount),
    reason: args.reason,
    reference: args.reference ?? null,
    balance_after: balanceAfter,
    created_at: awardedAt,
  });
  return { lotId, balanceAfter };
}

/** The member's unexpired gems do not cover a spend. Nothing was written. */
export class InsufficientGemsError extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`not enough gems: ${balance} < ${needed}`);
  }
}

/** A lot changed under a spend (another writer); the caller's transaction must roll back. */
export class ConcurrentSpendError extends Error {}

/** One row of a ledger (gems, or coins in tenths) as the purchase path writes it. */
export type { LedgerEntry } from './repo.ts';

/**
 * Spends gems, oldest-expiring lot first (ties by lot id), never touching an expired lot, and writes one ledger
 * row. Call inside the transaction of whatever the gems pay for.
 *
 * Concurrency: on PostgreSQL the member's unexpired lots are read `FOR UPDATE`, so two spends of one member
 * queue instead of both reading the same remaining; every lot is then debited with a conditional
 * `remaining >= x` update whose affected count is checked (on SQLite one transaction writes at a time, on
 * whichever connection holds the write lock, so the same statements are simply serial there).
 */
export async function spendGems(
  tx: Executor,
  args: { userId: number; amount: number; reason: string; reference?: string },
  now: Date,
): Promise<{ balanceAfter: number; spent: { lotId: number; amount: number }[] }> {
  if (!Number.isInteger(args.amount) || args.amount <= 0)
    throw new Error('gem spend must be a positive integer');
  const at = now.toISOString();
  const { rows: lots } = await repo.spendableLots(tx, { userId: args.userId, at });
  const balance = lots.reduce((s, l) => s + l.remaining, 0);
  if (balance < args.amount) throw new InsufficientGemsError(balance, args.amount);

  const spent: { lotId: number; amount: number }[] = [];
  let left = args.amount;
  let paid = 0;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    const r = await repo.debitLot(tx, { lotId: lot.id, take, at });
    if (Number(r.numAffectedRows) !== 1)
      throw new ConcurrentSpendError(`gem lot ${lot.id} changed during a spend`);
    spent.push({ lotId: lot.id, amount: take });
    paid += paidPart(lot.kind, take);
    left -= take;
  }
  const balanceAfter = balance - args.amount;
  await repo.spendLedgerRow(tx, {
    userId: args.userId,
    delta: -args.amount,
    paidDelta: -paid,
    reason: args.reason,
    reference: args.reference ?? null,
    balanceAfter,
    at,
  });
  return { balanceAfter, spent };
}

/**
 * Awards one lot per entry (e.g. one conversion lot per won item) with one ledger row each, in batched
 * inserts. Entries with amount 0 are skipped (nothing to award). Call inside the causing transaction.
 */
export async function awardGemsBatch(
  tx: Executor,
  args: {
    userId: number;
    kind: LotKind;
    source: LotSource;
    reason: string;
    awards: readonly { amount: number; reference: string }[];
  },
  now: Date,
): Promise<{ total: number; balanceAfter: number }> {
  const awards = args.awards.filter((a) => a.amount !== 0);
  for (const a of awards) {
    if (!Number.isInteger(a.amount) || a.amount < 0) throw new Error('gem award must be a positive integer');
  }
  await lockGemAccount(tx, args.userId);
  let balance = await gemBalance(tx, args.userId, now);
  if (!awards.length) return { total: 0, balanceAfter: balance };
  const at = now.toISOString();
  const expiresAt = addMonths(at, GEM_VALIDITY_MONTHS);
  const CHUNK = 500;
  for (let i = 0; i < awards.length; i += CHUNK) {
    const chunk = awards.slice(i, i + CHUNK);
    await repo.insertLots(
      tx,
      chunk.map((a) => ({
        user_id: args.userId,
        kind: args.kind,
        source: args.source,
        amount: a.amount,
        remaining: a.amount,
        awarded_at: at,
        expires_at: expiresAt,
      })),
    );
    await repo.insertLedgerRows(
      tx,
      chunk.map((a) => {
        balance += a.amount;
        return {
          user_id: args.userId,
          delta: a.amount,
          paid_delta: paidPart(args.kind, a.amount),
          reason: args.reason,
          reference: a.reference,
          balance_after: balance,
          created_at: at,
        };
      }),
    );
  }
  return { total: awards.reduce((s, a) => s + a.amount, 0), balanceAfter: balance };
}

/**
 * The expiry sweep (DOMAIN.md: Gems): every lot past `expires_at` that still has gems is zeroed and gets an
 * `expired` ledger row (reference `lot:<id>`), one transaction per member and batch. Spends already skip such
 * lots, so the balance does not change; the sweep makes the ledger say so. Each lot is zeroed with a
 * conditional update on its remaining, so two sweeps at once still write one row per lot. Safe to run any
 * number of times.
 */
export async function expireLots(
  db: Db,
  now: Date,
  opts: { batchSize?: number } = {},
): Promise<{ lots: number; gems: number }> {
  const batchSize = opts.batchSize ?? 500;
  const at = now.toISOString();
  let lots = 0;
  let gems = 0;
  for (;;) {
    const due = await repo.expiredWithGems(db, at, batchSize);
    if (!due.length) break;
    const byUser = new Map<number, typeof due>();
    for (const lot of due) byUser.set(lot.user_id, [...(byUser.get(lot.user_id) ?? []), lot]);
    let progressed = 0;
    for (const [userId, userLots] of byUser) {
      const done = await db.transaction().execute(async (tx) => {
        await lockGemAccount(tx, userId);
        const rows: { lots: number; gems: number } = { lots: 0, gems: 0 };
        for (const lot of userLots) {
          if (!(await repo.zeroLot(tx, lot, { expiredAt: at }))) continue; // another sweep got it first
          const balanceAfter = await gemBalance(tx, userId, now);
          await repo.insertLedgerRows(tx, {
            user_id: userId,
            delta: -lot.remaining,
            paid_delta: -paidPart(lot.kind, lot.remaining),
            reason: 'expired',
            reference: `lot:${lot.id}`,
            balance_after: balanceAfter,
            created_at: at,
          });
          rows.lots++;
          rows.gems += lot.remaining;
        }
        return rows;
      });
      lots += done.lots;
      gems += done.gems;
      progressed += done.lots;
    }
    if (due.length < batchSize || progressed === 0) break;
  }
  return { lots, gems };
}

/**
 * Voids every unexpired lot of a member (DOMAIN.md: the inactivity rule): each is zeroed with a conditional
 * update and gets a `voided` ledger row. Call inside the transaction that decides the voiding; returns the
 * gems voided.
 */
export async function voidGems(tx: Transaction<Database>, userId: number, now: Date): Promise<number> {
  const at = now.toISOString();
  await lockGemAccount(tx, userId);
  const lots = await repo.liveLotsLocked(tx, userId, at);
  let balance = lots.reduce((sum, lot) => sum + lot.remaining, 0);
  const total = balance;
  for (const lot of lots) {
    if (!(await repo.zeroLot(tx, lot))) throw new Error(`gem lot ${lot.id} changed during voiding`);
    balance -= lot.remaining;
    await repo.insertLedgerRows(tx, {
      user_id: userId,
      delta: -lot.remaining,
      paid_delta: -paidPart(lot.kind, lot.remaining),
      reason: 'voided',
      reference: `lot:${lot.id}`,
      balance_after: balance,
      created_at: at,
    });
  }
  return total;
}

/**
 * Takes back what is left of one lot (a refunded purchase's own lot): its unexpired `remaining` is
 * zeroed with a conditional update and gets one ledger row (`reason`, `reference`). An expired lot gives back
 * nothing (its gems are gone; the expiry sweep writes their row). Call inside the transaction that decides the
 * refund; it takes the member's gem lock first, like every gem write, so a spend racing it waits and then finds
 * the lot empty. Returns the gems taken back and the lot's amount.
 */
export async function reclaimLot(
  tx: Executor,
  args: { userId: number; lotId: number; reason: string; reference: string },
  now: Date,
): Promise<{ reclaimed: number; amount: number }> {
  await lockGemAccount(tx, args.userId);
  const at = now.toISOString();
  const lot = await repo.lotLocked(tx, args.userId, args.lotId);
  if (!lot) throw new Error(`gem lot ${args.lotId} is not member ${args.userId}'s`);
  if (lot.remaining === 0 || lot.expires_at <= at) return { reclaimed: 0, amount: lot.amount };
  if (!(await repo.zeroLot(tx, lot)))
    throw new ConcurrentSpendError(`gem lot ${lot.id} changed during a refund`);
  const balanceAfter = await gemBalance(tx, args.userId, now);
  await repo.insertLedgerRows(tx, {
    user_id: args.userId,
    delta: -lot.remaining,
    paid_delta: -paidPart(lot.kind, lot.remaining),
    reason: args.reason,
    reference: args.reference,
    balance_after: balanceAfter,
    created_at: at,
  });
  return { reclaimed: lot.remaining, amount: lot.amount };
}

/** A ledger row as "Your gems history" shows it. */
export interface LedgerRow {
  id: number;
  delta: number;
  reason: string;
  reference: string | null;
  balance_after: number;
  created_at: string;
}

/** One page of a member's gem ledger, newest first. */
export async function ledgerPage(
  db: Executor,
  args: { userId: number; page: number; perPage: number },
): Promise<{ total: number; rows: LedgerRow[] }> {
  const total = await repo.countLedger(db, args.userId);
  const rows = await repo.ledgerRows(db, args.userId, {
    limit: args.perPage,
    offset: (Math.max(1, args.page) - 1) * args.perPage,
  });
  return { total, rows };
}

/** The "About" text of a ledger reason (catalogue key). Unknown reasons read "Other". */
export function ledgerMemoKey(reason: string): MessageKey {
  switch (reason) {
    case 'gem_purchase':
      return 'gem_memo_purchase';
    case 'free_grant':
      return 'gem_memo_free_grant';
    case 'pack_purchase':
      return 'gem_memo_pack';
    case 'conversion':
      return 'gem_memo_conversion';
    case 'auto_conversion':
      return 'gem_memo_auto_conversion';
    case 'expired':
      return 'gem_memo_expired';
    case 'referral':
    case 'referral_reward':
      return 'gem_memo_referral';
    case 'post_reward':
      return 'gem_memo_post_reward';
    case 'coupon':
      return 'gem_memo_coupon';
    case 'transfer':
      return 'gem_memo_transfer';
    case 'voided':
    case 'inactivity_void':
      return 'gem_memo_voided';
    case 'admin':
    case 'demo_grant':
      return 'gem_memo_admin';
    case 'admin_deduction':
      return 'gem_memo_admin_deduction';
    case 'refund':
      return 'gem_memo_refund';
    default:
      return 'gem_memo_other';
  }
}

/** The numeric id in a ledger reference ('purchase:12' → 12), the spec's history_id. */
export function referenceId(reference: string | null): number | null {
  const m = /:(\d{1,12})$/.exec(reference ?? '');
  return m ? Number(m[1]) : null;
}
