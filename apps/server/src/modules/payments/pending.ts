import type { BankInfo } from '@gacha/contract/payments';
import { formatJst } from '../../db/time.ts';
import { notFound } from '../../http/api-error.ts';
import type { PaymentsDeps } from './deps.ts';
import { latestPayment, memberPayment } from './repo.ts';

/** The pages of a pending payment: bank transfer details, the convenience store slip, the 3-D Secure step. */

export async function pendingOf(deps: PaymentsDeps, userId: number, method: string, paymentId?: string) {
  const p = paymentId
    ? await memberPayment(deps.db, userId, paymentId)
    : await latestPayment(deps.db, userId, { methods: [method], statuses: ['pending'] });
  if (!p || p.method !== method) throw notFound('payment_not_found');
  return p;
}

/** GET /user/bank: transfer details of the member's pending bank transfer (Bank info, spec §3). */
export async function bankInfo(
  deps: PaymentsDeps,
  args: { userId: number; paymentId?: string },
): Promise<BankInfo> {
  const p = await pendingOf(deps, args.userId, 'bank', args.paymentId);
  const bank =
    (p.detail ? (JSON.parse(p.detail) as { bank?: Record<string, string> }).bank : undefined) ?? {};
  return {
    bank: bank.bank ?? '',
    branch: bank.branch ?? '',
    account_type: bank.accountType ?? '',
    number: bank.number ?? '',
    name: bank.name ?? '',
    price: p.amount_yen,
    holder_name: p.holder_name ?? '',
    payment_id: p.public_id,
    expires: formatJst(p.expires_at).slice(0, 16),
  };
}

/** GET /api/user/point/combini_number: the convenience store payment page of the member's pending payment. */
export async function combiniNumber(deps: PaymentsDeps, args: { userId: number; paymentId?: string }) {
  const p = await pendingOf(deps, args.userId, 'combini', args.paymentId);
  return {
    url: p.payment_url ?? '',
    receipt_number: p.receipt_number ?? '',
    payment_id: p.public_id,
    price: p.amount_yen,
    status: p.status,
    expires: formatJst(p.expires_at).slice(0, 16),
  };
}

/** Where /api/acs/secure sends the buyer: the provider's 3-D Secure step of a pending card payment. */
export async function acsRedirect(
  deps: PaymentsDeps,
  args: { userId: number; paymentId: string },
): Promise<string> {
  const p = await memberPayment(deps.db, args.userId, args.paymentId);
  if (p && p.status === 'pending' && p.method === 'card' && p.payment_url) return p.payment_url;
  return `/complete-buy-point?payment_id=${encodeURIComponent(args.paymentId)}`;
}
