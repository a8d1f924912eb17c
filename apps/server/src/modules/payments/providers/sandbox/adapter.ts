import type { Clock } from '../../../../http/app-deps.ts';
import type { SandboxPaymentStatus } from '../../../../db/schema.ts';
import {
  headerValue,
  NotificationRejectedError,
  verifySignedPayload,
  type FailureCode,
  type PaymentProvider,
  type ProviderStatus,
} from '../provider.ts';
import {
  SANDBOX_BANK,
  SandboxError,
  type SandboxGateway,
  type SandboxMethod,
  type SandboxNotification,
} from './gateway.ts';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

function toStatus(s: SandboxPaymentStatus, amount: number, failure: string | null): ProviderStatus {
  switch (s) {
    case 'succeeded':
      return { status: 'succeeded', amountYen: amount };
    case 'failed':
      return { status: 'failed', amountYen: null, failureCode: failureCode(failure) };
    case 'expired':
      return { status: 'expired', amountYen: null };
    case 'canceled':
      return { status: 'canceled', amountYen: null };
    default:
      return { status: 'pending', amountYen: null };
  }
}

function failureCode(code: string | null): FailureCode {
  if (code === 'card_check_failed') return 'card_check_failed';
  if (code === 'card_status') return 'card_status';
  if (code === 'declined' || code === 'three_d_secure_failed') return 'declined';
  return 'other';
}

/**
 * The shop's adapter for the built-in sandbox provider. The gateway runs in the same process, so calls are
 * function calls; notifications still arrive signed over HTTP (in-process inject) like a real provider's.
 */
export function createSandboxProvider(deps: {
  gateway: SandboxGateway;
  secret: string;
  clock: Clock;
  toleranceSeconds: number;
}): PaymentProvider {
  const { gateway } = deps;
  return {
    name: 'sandbox',

    async start(req) {
      const p = await gateway.createPayment({
        method: req.method as SandboxMethod,
        carrier: req.carrier,
        reference: req.paymentId,
        amount: req.amountYen,
        returnUrl: req.returnUrl,
        cancelUrl: req.cancelUrl,
        cardToken: req.card?.token,
        holderName: req.bank?.holderName,
      });
      if (p.status === 'succeeded') return { kind: 'succeeded', ref: p.id, amountYen: p.amount };
      if (p.status === 'failed') return { kind: 'failed', ref: p.id, code: failureCode(p.failure_code) };
      if (p.status === 'requires_action')
        return { kind: 'action', ref: p.id, url: gateway.pageUrl(p.id), threeDSecure: req.method === 'card' };
      return {
        kind: 'pending',
        ref: p.id,
        paymentUrl: gateway.pageUrl(p.id),
        expiresAt: p.expires_at,
        ...(p.receipt_number ? { receiptNumber: p.receipt_number } : {}),
        ...(p.method === 'bank'
          ? {
              bank: {
                bank: SANDBOX_BANK.bank,
                branch: SANDBOX_BANK.branch,
                accountType: SANDBOX_BANK.accountType,
                number: p.account_number ?? '',
                name: SANDBOX_BANK.name,
              },
            }
          : {}),
      };
    },

    async confirm(ref) {
      return this.status(ref);
    },

    async status(ref) {
      const p = await gateway.find(ref.ref ?? ref.paymentId);
      if (!p) return { status: 'failed', amountYen: null, failureCode: 'other' };
      return toStatus(p.status, p.amount, p.failure_code);
    },

    async verifyNotification(input) {
      verifySignedPayload(
        deps.secret,
        input.rawBody,
        headerValue(input.headers, SANDBOX_SIGNATURE_HEADER),
        input.receivedAt,
        deps.toleranceSeconds,
      );
      let event: SandboxNotification;
      try {
        event = JSON.parse(input.rawBody) as SandboxNotification;
      } catch {
        throw new NotificationRejectedError('unreadable body');
      }
      const d = event?.data;
      if (typeof event?.id !== 'string' || !d || typeof d.id !== 'string' || !Number.isInteger(d.amount))
        throw new NotificationRejectedError('unexpected body');
      const base = {
        eventId: event.id,
        type: event.type,
        ref: d.id,
        paymentId: typeof d.merchant_reference === 'string' ? d.merchant_reference : null,
      };
      const r = event.refund;
      if (event.type === 'refund.succeeded' || event.type === 'refund.failed') {
        if (!r || typeof r.id !== 'string' || !Number.isInteger(r.amount))
          throw new NotificationRejectedError('unexpected refund body');
        return {
          ...base,
          status: null,
          refund: {
            ref: r.id,
            status: r.status === 'succeeded' ? ('succeeded' as const) : ('failed' as const),
            amountYen: r.amount,
            refundKey: typeof r.merchant_refund_id === 'string' ? r.merchant_refund_id : null,
          },
        };
      }
      return { ...base, status: toStatus(d.status, d.amount, d.failure_code) };
    },

    async refund(req) {
      let r;
      try {
        r = await gateway.refund(req.payment.ref ?? req.payment.paymentId, {
          amount: req.amountYen,
          merchantRefundId: req.refundKey,
        });
      } catch (err) {
        if (err instanceof SandboxError) return { status: 'failed', ref: null, failureCode: err.code };
        throw err;
      }
      return r.status === 'succeeded'
        ? { status: 'succeeded', ref: r.id }
        : { status: 'failed', ref: r.id, failureCode: r.failure_code ?? 'other' };
    },

    async cancel(ref) {
      await gateway.cancel(ref.ref ?? ref.paymentId);
    },
  };
}
