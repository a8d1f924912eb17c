import { randomBytes } from 'node:crypto';
import type { TransferItem, TransferResult, TransferStatus } from '@gacha/contract/transfer';
import type { Db } from '../../db/index.ts';
import { formatJst } from '../../db/time.ts';
import { ApiError, fieldError } from '../../http/api-error.ts';
import { refuseIfSuspended } from '../account/service.ts';
import { awardGems } from '../gems/service.ts';
import type { TransferDeps } from './deps.ts';
import { PartnerUnavailable } from './partner.ts';
import * as repo from './repo.ts';

/**
 * Point transfer from the linked partner site (spec §1, §7). A transfer is recorded as pending, with a
 * fresh idempotency key, before the partner is asked to debit; the gems (one bonus lot, source 'transfer') are
 * credited in the transaction that settles it, which only a pending transfer passes. So whatever fails between
 * the partner's debit and the credit leaves a pending transfer, which the reconcile job settles by voiding its key
 * at the partner: a debit that happened stands (credit), one that did not can no longer happen (fail).
 */

const RECENT = 10;
/** A pending transfer younger than this may still be answered by its request; the job leaves it alone. */
export const RECONCILE_AFTER_MS = 60_000;

const unavailable = () => new ApiError(503, { message: 'transfer_partner_unavailable' });
const notLinked = () => fieldError('point', 'transfer_not_linked');

function toItem(t: {
  id: number;
  points: number;
  gems: number;
  status: string;
  created_at: string;
}): TransferItem {
  return {
    id: t.id,
    point: t.points,
    gems: t.gems,
    status: t.status as TransferItem['status'],
    created: formatJst(t.created_at),
  };
}

/** GET /user/transfer/point: the link, the balance at the partner, the rate and the latest transfers. */
export async function transferStatus(deps: TransferDeps, userId: number): Promise<TransferStatus> {
  const link = await repo.findLink(deps.db, userId);
  const recent = await repo.recentTransfers(deps.db, userId, RECENT);
  const base = {
    partner_name: deps.config.name,
    gems_per_point: deps.config.gemsPerPoint,
    transfers: recent.map(toItem),
  };
  if (!link) return { ...base, linked: '0', account_name: '', point: 0 };
  let point: number;
  try {
    point = await deps.partner.balance(link.partner_account_id);
  } catch (err) {
    if (err instanceof PartnerUnavailable) throw unavailable();
    throw err;
  }
  return { ...base, linked: '1', account_name: link.account_name, point };
}

/**
 * POST /user/transfer/login: the partner checks the credentials (they are passed on, never stored); the link
 * keeps the partner's account id and name.
 */
export async function linkPartnerAccount(
  deps: TransferDeps,
  userId: number,
  creds: { loginId: string; password: string },
  now: Date,
): Promise<TransferStatus> {
  let account;
  try {
    account = await deps.partner.login(creds.loginId, creds.password);
  } catch (err) {
    if (err instanceof PartnerUnavailable) throw unavailable();
    throw err;
  }
  if (!account) throw fieldError('login_id', 'transfer_login_failed');
  await repo.saveLink(deps.db, {
    user_id: userId,
    partner: deps.config.name,
    partner_account_id: account.id,
    account_name: account.name,
    linked_at: now.toISOString(),
  });
  return transferStatus(deps, userId);
}

/** Credits a transfer the partner debited (once: only a pending transfer settles). */
async function credit(db: Db, t: { id: number; user_id: number; gems: number }, ref: string, now: Date) {
  return db.transaction().execute(async (tx) => {
    const settled = await repo.settleTransfer(tx, t.id, {
      status: 'succeeded',
      partner_ref: ref,
      settled_at: now.toISOString(),
    });
    if (!settled) return false;
    await awardGems(
      tx,
      {
        userId: t.user_id,
        amount: t.gems,
        kind: 'bonus',
        source: 'transfer',
        reason: 'transfer',
        reference: `transfer:${t.id}`,
      },
      now,
    );
    return true;
  });
}

async function fail(db: Db, id: number, error: string, now: Date) {
  return repo.settleTransfer(db, id, { status: 'failed', error, settled_at: now.toISOString() });
}

/**
 * POST /user/transfer/point {point, request_id}: points at the partner into gems. Answers '1' when credited,
 * '2' while the partner's answer is not known (the reconcile job settles it). The same request_id again answers
 * the same transfer.
 */
export async function transferPoints(
  deps: TransferDeps,
  userId: number,
  input: { point: number; request_id?: string | undefined },
  now: Date,
): Promise<TransferResult> {
  await refuseIfSuspended(deps.db, userId); // before the partner is asked to debit anything
  const link = await repo.findLink(deps.db, userId);
  if (!link) throw notLinked();
  const requestId = input.request_id ?? null;
  const gems = input.point * deps.config.gemsPerPoint;
  const inserted = await repo.insertPendingTransfer(deps.db, {
    user_id: userId,
    partner: link.partner,
    partner_account_id: link.partner_account_id,
    points: input.point,
    gems,
    idempotency_key: randomBytes(18).toString('base64url'),
    request_id: requestId,
    created_at: now.toISOString(),
  });
  if (!inserted) {
    // this request was made already: its transfer, as it stands (a repeat never debits twice)
    const same = await repo.findTransferByRequest(deps.db, userId, requestId!);
    if (!same) throw unavailable();
    return answer(deps, same);
  }
  const transfer = (await repo.findTransfer(deps.db, inserted.id))!;
  const outcome = await deps.partner.debit(link.partner_account_id, input.point, transfer.idempotency_key);
  if (outcome.kind === 'debited') {
    await credit(deps.db, transfer, outcome.ref, now);
  } else if (outcome.kind === 'refused') {
    await fail(deps.db, transfer.id, outcome.code, now);
    throw fieldError(
      'point',
      outcome.code === 'insufficient_points' ? 'transfer_not_enough_points' : 'transfer_refused',
    );
  }
  return answer(deps, (await repo.findTransfer(deps.db, transfer.id))!);
}

async function answer(deps: TransferDeps, t: NonNullable<Awaited<ReturnType<typeof repo.findTransfer>>>) {
  if (t.status === 'failed') {
    throw fieldError(
      'point',
      t.error === 'insufficient_points' ? 'transfer_not_enough_points' : 'transfer_refused',
    );
  }
  let point = 0;
  try {
    point = await deps.partner.balance(t.partner_account_id);
  } catch {
    point = 0; // the balance is shown again on the next status read
  }
  return { result: t.status === 'succeeded' ? ('1' as const) : ('2' as const), transfer: toItem(t), point };
}

/**
 * Settles transfers left pending (a crash, a timeout, an error answer) by voiding their key at the partner: a debit
 * that happened is credited, one that did not can no longer happen and the transfer fails. Idempotent.
 */
export async function reconcileTransfers(
  deps: TransferDeps,
  now: Date,
): Promise<{ credited: number; failed: number; unknown: number }> {
  const result = { credited: 0, failed: 0, unknown: 0 };
  const before = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  for (const t of await repo.stalePendingTransfers(deps.db, before, 200)) {
    const v = await deps.partner.void(t.idempotency_key);
    if (v.kind === 'debited') {
      if (await credit(deps.db, t, v.ref, now)) result.credited++;
    } else if (v.kind === 'voided') {
      if (await fail(deps.db, t.id, 'voided', now)) result.failed++;
    } else {
      result.unknown++;
    }
  }
  return result;
}

export { transferDeps, type TransferDeps } from './deps.ts';
