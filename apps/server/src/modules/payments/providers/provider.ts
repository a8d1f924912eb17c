import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Carrier, CombiniCode } from '@gacha/contract/payments';
import type { PaymentMethodKey, PaymentProviderName } from '../../../config.ts';

/**
 * The one interface every payment provider implements (DOMAIN.md Payments): start a payment, confirm it when
 * the buyer returns, verify a signed notification, read its status. The shop's service decides what a status
 * means for the member (credit once, fail, expire); providers only speak to their API.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the payment at the provider. Throws ProviderUnavailableError when the provider cannot be reached. */
  start(req: StartRequest): Promise<StartOutcome>;
  /**
   * The buyer came back (return page, POST /user/point/append) or a notification asks for the truth: finish
   * whatever the provider needs (PayPal: capture an approved order) and report the status.
   */
  confirm(ref: PaymentRef): Promise<ProviderStatus>;
  /** Reads the status without changing anything (the expiry sweep). */
  status(ref: PaymentRef): Promise<ProviderStatus>;
  /**
   * Checks a notification's signature and timestamp (tolerance: config PAYMENT_NOTIFY_TOLERANCE) and
   * parses it. Throws NotificationRejectedError for a bad or stale signature.
   */
  verifyNotification(input: NotificationInput): Promise<VerifiedNotification>;
  /** Best effort: tells the provider an expired pending payment will not be paid. */
  cancel?(ref: PaymentRef): Promise<void>;
  /**
   * Refunds (part of) a succeeded payment (staff refunds). `refundKey` is the shop's idempotency key:
   * the same key sent twice is one refund at the provider. Answers what the provider says of the refund;
   * throws ProviderUnavailableError when the provider cannot be reached (the refund stays requested and is
   * sent again with the same key).
   */
  refund(req: RefundRequest): Promise<RefundOutcome>;
}

export interface RefundRequest {
  payment: PaymentRef;
  /** The shop's refund id and attempt ('<refund id>-<attempt>'), unique per attempt. */
  refundKey: string;
  amountYen: number;
  /** Why, in a few words (Stripe's `reason` is a fixed list; the others take a note). */
  reason: string;
}

export type RefundProviderStatus = 'succeeded' | 'pending' | 'failed';

export interface RefundOutcome {
  status: RefundProviderStatus;
  /** The provider's id of the refund (null when it refused before making one). */
  ref: string | null;
  failureCode?: string;
}

/** A provider's notification about a refund (its own, or one the shop asked for). */
export interface RefundNotice {
  ref: string;
  status: RefundProviderStatus;
  /** Yen refunded by this refund, when the notification says. */
  amountYen: number | null;
  /** The shop's refund key when the provider echoes it. */
  refundKey: string | null;
}

export interface StartRequest {
  /** The shop's payment id: the provider's merchant reference / idempotency key. */
  paymentId: string;
  method: PaymentMethodKey;
  carrier?: Carrier;
  amountYen: number;
  gems: number;
  description: string;
  /** Where the buyer comes back after a redirect or 3-D Secure step. */
  returnUrl: string;
  /** Where the buyer comes back after a failure or cancellation. */
  cancelUrl: string;
  card?: { token: string; holder?: string };
  combini?: { code: CombiniCode };
  bank?: { holderName: string };
  customer: { userId: number; email: string; name: string; customerRef: string | null };
}

export interface BankDetails {
  bank: string;
  branch: string;
  accountType: string;
  number: string;
  name: string;
}

/**
 * Why a provider refused: `communication` is a provider that answered with a communication error (not one
 * that could not be reached: that is ProviderUnavailableError); `card_status` is a card refused by the card
 * status check (expired, lost, stolen, restricted).
 */
export type FailureCode =
  | 'declined'
  | 'card_check_failed'
  | 'card_status'
  | 'maintenance'
  | 'communication'
  | 'canceled'
  | 'invalid'
  | 'other';

export type StartOutcome =
  | { kind: 'succeeded'; ref: string; amountYen: number }
  | { kind: 'failed'; ref: string | null; code: FailureCode }
  /** The buyer must go to `url`: a provider page (redirect methods) or a 3-D Secure step. */
  | { kind: 'action'; ref: string; url: string; threeDSecure: boolean }
  /** Waiting for the buyer to pay elsewhere (convenience store, bank transfer). */
  | {
      kind: 'pending';
      ref: string;
      receiptNumber?: string;
      paymentUrl?: string;
      bank?: BankDetails;
      expiresAt?: string;
      customerRef?: string;
    };

export interface PaymentRef {
  /** The provider's id of the payment (null when start never reached the provider). */
  ref: string | null;
  paymentId: string;
  method: PaymentMethodKey;
  amountYen: number;
}

export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired';

export interface ProviderStatus {
  status: ProviderPaymentStatus;
  /** What the provider says was paid, in yen (checked against the intent before crediting). */
  amountYen: number | null;
  failureCode?: FailureCode;
}

export interface NotificationInput {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  receivedAt: Date;
}

export interface VerifiedNotification {
  eventId: string;
  type: string;
  /** The provider's payment id, and/or the shop's payment id when the provider echoes it. */
  ref: string | null;
  paymentId: string | null;
  /** The status the signed notification states; null when the shop must ask the provider (confirm). */
  status: ProviderStatus | null;
  /** Set when the notification is about a refund of the payment (then `status` is not applied). */
  refund?: RefundNotice;
}

/** Network failure or provider outage: answer 'Unable to connect to payment company', keep the intent pending. */
export class ProviderUnavailableError extends Error {}

/** A notification with a missing, wrong or stale signature, or one that cannot be parsed. */
export class NotificationRejectedError extends Error {}

// --- the signature scheme of the sandbox and the carrier adapter (like Stripe's: t=<unix>,v1=<hex>) -------

export function signPayload(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Verifies `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` and that t is within `toleranceSeconds` of
 * `now` (both directions). Throws NotificationRejectedError.
 */
export function verifySignedPayload(
  secret: string,
  body: string,
  header: string | string[] | undefined,
  now: Date,
  toleranceSeconds: number,
): void {
  if (typeof header !== 'string' || header.length > 1000) throw new NotificationRejectedError('no signature');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [k, v] = item.split('=', 2);
    if (k && v) parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  const sigs = parts.get('v1') ?? [];
  if (!Number.isInteger(t) || !sigs.length) throw new NotificationRejectedError('malformed signature');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const ok = sigs.some((s) => {
    const b = Buffer.from(s);
    return b.length === expected.length && timingSafeEqual(b, expected);
  });
  if (!ok) throw new NotificationRejectedError('signature mismatch');
  if (Math.abs(Math.floor(now.getTime() / 1000) - t) > toleranceSeconds)
    throw new NotificationRejectedError('stale signature');
}

export function headerValue(headers: NotificationInput['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
