import { randomBytes, randomInt } from 'node:crypto';
import {
  cardTokenizerCode,
  KATAKANA_NAME,
  normaliseKatakanaName,
  type TokenizerCode,
} from '@gacha/contract/payments';
import { SANDBOX_TEST_CARDS } from '@gacha/contract/sandbox-cards';
import type { Clock } from '../../../../http/app-deps.ts';
import type { Db } from '../../../../db/index.ts';
import { isUniqueViolation } from '../../../../db/errors.ts';
import type {
  SandboxPaymentStatus,
  SandboxPaymentsTable,
  SandboxRefundsTable,
} from '../../../../db/schema.ts';
import { signPayload } from '../provider.ts';
import * as repo from './repo.ts';

/**
 * The sandbox provider's own side: what an external payment company would hold (card tokens, payments with
 * their own ids and states) and the notifications it sends. It lives in its own tables and speaks to the
 * shop only through the adapter's calls, its pages' redirects and signed notifications — never through the
 * shop's payments table.
 */

export type SandboxPayment = Omit<SandboxPaymentsTable, 'status' | 'refunded_amount'> & {
  status: SandboxPaymentStatus;
  refunded_amount?: number;
};
export type SandboxRefund = SandboxRefundsTable;

export type SandboxMethod =
  'card' | 'combini' | 'bank' | 'paypal' | 'amazon_pay' | 'carrier' | 'unionpay' | 'alipay';

export const SANDBOX_BANK = {
  bank: 'Sandbox Bank (砂場銀行)',
  branch: 'Shop Branch 101 (ショップ支店)',
  accountType: 'Ordinary (普通)',
  name: 'ガチャジェムズ（カ',
} as const;

const TOKEN_TTL_MS = 15 * 60_000;
const ACTION_TTL_MS = 24 * 3600_000;
const PAY_LATER_TTL_MS = 3 * 24 * 3600_000;

export interface SandboxNotification {
  id: string;
  type:
    | 'payment.succeeded'
    | 'payment.failed'
    | 'payment.expired'
    | 'payment.canceled'
    | 'refund.succeeded'
    | 'refund.failed';
  created: number;
  data: {
    id: string;
    merchant_reference: string;
    method: string;
    amount: number;
    currency: 'JPY';
    status: SandboxPaymentStatus;
    failure_code: string | null;
  };
  /** refund.* events: the refund (its merchant_refund_id is the shop's key; null for one made on the page). */
  refund?: {
    id: string;
    merchant_refund_id: string | null;
    amount: number;
    status: 'succeeded' | 'failed';
    failure_code: string | null;
  };
}

export interface SandboxGatewayDeps {
  db: Db;
  clock: Clock;
  secret: string;
  /** The origin its pages are served on (the shop's PUBLIC_URL). */
  publicUrl: string;
  /** Delivers a signed notification to the shop's webhook (in-process). Returns the HTTP status. */
  deliver?: (body: string, signature: string) => Promise<number>;
  log?: { warn(obj: object, msg: string): void };
}

export class SandboxError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus = 409,
  ) {
    super(code);
  }
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export function createSandboxGateway(deps: SandboxGatewayDeps) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();
  const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const pageUrl = (id: string) =>
    `${deps.publicUrl.replace(/\/$/, '')}/sandbox-pay/pay/${encodeURIComponent(id)}`;

  /** POST /sandbox-pay/token: card data → a single-use token, or a spec §8 code. */
  async function tokenize(
    input: Record<string, unknown>,
  ): Promise<{ ok: true; token: string; masked: string } | { ok: false; code: TokenizerCode }> {
    const raw = typeof input.card_number === 'string' ? input.card_number.replace(/[\s-]/g, '') : '';
    if (raw === SANDBOX_TEST_CARDS.maintenance) return { ok: false, code: '8000' };
    if (raw === SANDBOX_TEST_CARDS.communication) return { ok: false, code: '7001' };
    const code = cardTokenizerCode(input, clock.now());
    if (code) return { ok: false, code };
    const outcome =
      raw === SANDBOX_TEST_CARDS.declined
        ? 'declined'
        : raw === SANDBOX_TEST_CARDS.threeDSecure
          ? '3ds'
          : 'success';
    const token = newId('tok');
    const masked = `${raw.slice(0, 6)}${'*'.repeat(raw.length - 10)}${raw.slice(-4)}`;
    await repo.insertCardToken(db, {
      token,
      masked,
      last4: raw.slice(-4),
      outcome,
      holder: String(input.cardholder_name).trim(),
      created_at: nowIso(),
      expires_at: later(TOKEN_TTL_MS),
      used_at: null,
    });
    return { ok: true, token, masked };
  }

  /** Creates a payment. Card: charges the token at once (or asks for 3-D Secure). */
  async function createPayment(args: {
    method: SandboxMethod;
    carrier?: string;
    reference: string;
    amount: number;
    returnUrl: string;
    cancelUrl: string;
    cardToken?: string;
    holderName?: string;
  }): Promise<SandboxPayment> {
    const existing = await find(args.reference);
    if (existing) return existing; // the shop retried with the same reference: idempotent
    const id = newId('sbp');
    const at = nowIso();
    let status: SandboxPaymentStatus = 'requires_action';
    let failure: string | null = null;
    let last4: string | null = null;
    let receipt: string | null = null;
    let account: string | null = null;
    let expires = later(ACTION_TTL_MS);
    if (args.method === 'card') {
      const used = await repo.useCardToken(db, args.cardToken ?? '', at);
      if (!used) {
        status = 'failed';
        failure = 'card_check_failed';
      } else {
        last4 = used.last4;
        if (used.outcome === 'success') status = 'succeeded';
        else if (used.outcome === 'declined') {
          status = 'failed';
          failure = 'declined';
        }
      }
    } else if (args.method === 'combini') {
      status = 'pending';
      receipt = String(randomInt(10 ** 10, 10 ** 11));
      expires = later(PAY_LATER_TTL_MS);
    } else if (args.method === 'bank') {
      status = 'pending';
      account = String(randomInt(10 ** 6, 10 ** 7));
      expires = later(PAY_LATER_TTL_MS);
    }
    const row = {
      id,
      method: args.method,
      carrier: args.carrier ?? null,
      merchant_reference: args.reference,
      amount: args.amount,
      status,
      return_url: args.returnUrl,
      cancel_url: args.cancelUrl,
      receipt_number: receipt,
      account_number: account,
      holder_name: args.holderName ?? null,
      card_last4: last4,
      failure_code: failure,
      created_at: at,
      updated_at: at,
      expires_at: expires,
    };
    await repo.insertPayment(db, row);
    if (status === 'succeeded' || status === 'failed') await notify(row);
    return row;
  }

  /** A payment by its sandbox id or by the shop's reference; a payment past its due time reads as expired. */
  async function find(idOrReference: string): Promise<SandboxPayment | undefined> {
    if (!idOrReference || idOrReference.length > 64) return undefined;
    const row = await repo.findPayment(db, idOrReference);
    if (!row) return undefined;
    if ((row.status === 'pending' || row.status === 'requires_action') && row.expires_at <= nowIso()) {
      const expired = await transition(row, [row.status], 'expired', null);
      return expired ?? (await find(idOrReference));
    }
    return row;
  }

  async function get(idOrReference: string): Promise<SandboxPayment> {
    const p = await find(idOrReference);
    if (!p) throw new SandboxError('not_found', 404);
    return p;
  }

  /** One conditional update; notifies on a final state. Returns the new row, or undefined when it lost. */
  async function transition(
    p: SandboxPayment,
    from: SandboxPaymentStatus[],
    to: SandboxPaymentStatus,
    failure: string | null,
    extra: Partial<Pick<SandboxPayment, 'expires_at'>> = {},
  ): Promise<SandboxPayment | undefined> {
    const at = nowIso();
    if (
      !(await repo.moveStatus(db, p.id, from, {
        status: to,
        failure_code: failure,
        updated_at: at,
        ...extra,
      }))
    )
      return undefined;
    const next = { ...p, status: to, failure_code: failure, updated_at: at, ...extra };
    if (to !== 'pending') await notify(next);
    return next;
  }

  /** The tester completes a 3-D Secure step or a redirect payment. */
  async function complete(id: string): Promise<SandboxPayment> {
    const p = await get(id);
    if (p.status !== 'requires_action') throw new SandboxError(`already_${p.status}`);
    return (await transition(p, ['requires_action'], 'succeeded', null)) ?? get(id);
  }

  /** The tester fails a payment (3-D Secure failure, refused redirect, or an unpaid pending one). */
  async function fail(id: string): Promise<SandboxPayment> {
    const p = await get(id);
    if (p.status !== 'requires_action' && p.status !== 'pending')
      throw new SandboxError(`already_${p.status}`);
    const code = p.method === 'card' ? 'three_d_secure_failed' : 'declined';
    return (await transition(p, ['requires_action', 'pending'], 'failed', code)) ?? get(id);
  }

  /** "Paid later": a redirect payment stays pending (3 days) until settled. */
  async function payLater(id: string): Promise<SandboxPayment> {
    const p = await get(id);
    if (p.status !== 'requires_action' || p.method === 'card') throw new SandboxError(`already_${p.status}`);
    return (
      (await transition(p, ['requires_action'], 'pending', null, { expires_at: later(PAY_LATER_TTL_MS) })) ??
      get(id)
    );
  }

  /**
   * A pending payment is paid (convenience store, bank transfer, "paid later"). A bank transfer is matched by
   * the holder name (katakana, normalised) and the amount: a transfer with another name or amount is refused
   * and the payment stays pending.
   */
  async function settle(id: string, transfer: { holderName?: string; amount?: number } = {}) {
    const p = await get(id);
    if (p.status !== 'pending') throw new SandboxError(`already_${p.status}`);
    if (p.method === 'bank') {
      const name = normaliseKatakanaName(transfer.holderName ?? p.holder_name ?? '');
      if (!KATAKANA_NAME.test(name) || name !== normaliseKatakanaName(p.holder_name ?? ''))
        throw new SandboxError('holder_name_mismatch');
      if ((transfer.amount ?? p.amount) !== p.amount) throw new SandboxError('amount_mismatch');
    }
    return (await transition(p, ['pending'], 'succeeded', null)) ?? get(id);
  }

  async function cancel(id: string): Promise<void> {
    const p = await find(id);
    if (p && (p.status === 'pending' || p.status === 'requires_action'))
      await transition(p, [p.status], 'canceled', null);
  }

  /** Sends the payment's current state again (a tester's replay). */
  async function resend(id: string): Promise<number> {
    return notify(await get(id));
  }

  function notification(p: SandboxPayment): SandboxNotification {
    const type =
      p.status === 'succeeded'
        ? 'payment.succeeded'
        : p.status === 'expired'
          ? 'payment.expired'
          : p.status === 'canceled'
            ? 'payment.canceled'
            : 'payment.failed';
    return {
      id: newId('evt'),
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      data: {
        id: p.id,
        merchant_reference: p.merchant_reference,
        method: p.method,
        amount: p.amount,
        currency: 'JPY',
        status: p.status,
        failure_code: p.failure_code,
      },
    };
  }

  /** Signs (HMAC-SHA256 over "timestamp.body", header `Sandbox-Signature: t=…,v1=…`) and delivers. */
  async function notify(p: SandboxPayment): Promise<number> {
    if (!deps.deliver || p.status === 'pending' || p.status === 'requires_action') return 0;
    const body = JSON.stringify(notification(p));
    const sig = signPayload(deps.secret, body, Math.floor(clock.now().getTime() / 1000));
    try {
      const status = await deps.deliver(body, sig);
      if (status >= 300) deps.log?.warn({ payment: p.id, status }, 'sandbox notification refused');
      return status;
    } catch (err) {
      deps.log?.warn({ payment: p.id, err }, 'sandbox notification failed');
      return 0;
    }
  }

  /**
   * Refunds `amount` of a succeeded payment (the shop's call, with its idempotency key, or the tester's button
   * on the payment's page, without one). The same key again answers the same refund. The refunded total never
   * exceeds the payment (one conditional update), so two refunds racing for the whole amount: one succeeds, the
   * other fails with 'amount_exceeds'. Either way a signed refund.* notification follows.
   */
  async function refund(
    idOrReference: string,
    args: { amount?: number; merchantRefundId?: string | null },
  ): Promise<SandboxRefund> {
    const key = args.merchantRefundId ?? null;
    if (key) {
      const existing = await repo.refundByMerchantId(db, key);
      if (existing) return existing;
    }
    const p = await get(idOrReference);
    const amount = args.amount ?? p.amount - (p.refunded_amount ?? 0);
    const row: SandboxRefund = {
      id: newId('sbr'),
      payment_id: p.id,
      merchant_refund_id: key,
      amount: Math.max(1, amount),
      status: 'succeeded',
      failure_code: null,
      created_at: nowIso(),
    };
    try {
      await db.transaction().execute(async (tx) => {
        await repo.insertRefund(tx, row);
        const code =
          p.status !== 'succeeded'
            ? 'payment_not_succeeded'
            : !Number.isInteger(amount) || amount <= 0
              ? 'amount_invalid'
              : (await repo.claimRefund(tx, p.id, amount))
                ? null
                : 'amount_exceeds';
        if (code) {
          await repo.failRefund(tx, row.id, code);
          Object.assign(row, { status: 'failed', failure_code: code });
        }
      });
    } catch (err) {
      if (key && isUniqueViolation(err)) {
        const existing = await repo.refundByMerchantId(db, key);
        if (existing) return existing;
      }
      throw err;
    }
    await notifyRefund((await find(p.id)) ?? p, row);
    return row;
  }

  async function notifyRefund(p: SandboxPayment, r: SandboxRefund): Promise<number> {
    if (!deps.deliver) return 0;
    const body = JSON.stringify({
      ...notification(p),
      type: r.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed',
      refund: {
        id: r.id,
        merchant_refund_id: r.merchant_refund_id,
        amount: r.amount,
        status: r.status,
        failure_code: r.failure_code,
      },
    } satisfies SandboxNotification);
    const sig = signPayload(deps.secret, body, Math.floor(clock.now().getTime() / 1000));
    try {
      return await deps.deliver(body, sig);
    } catch (err) {
      deps.log?.warn({ refund: r.id, err }, 'sandbox refund notification failed');
      return 0;
    }
  }

  async function recent(limit = 30): Promise<SandboxPayment[]> {
    return repo.recentPayments(db, limit);
  }

  return {
    tokenize,
    createPayment,
    find,
    get,
    complete,
    fail,
    payLater,
    settle,
    cancel,
    refund,
    resend,
    recent,
    notification,
    pageUrl,
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
