import type { PaymentsDeps } from './deps.ts';
import { applyProviderStatus, refOf } from './notifications.ts';
import {
  NotificationRejectedError,
  ProviderUnavailableError,
  type NotificationInput,
} from './providers/provider.ts';
import { applyRefundNotice } from './refunds.ts';
import { paymentForNotification, recordEvent } from './repo.ts';

/**
 * Provider notifications (webhooks): a payment's status (credited once, failed, expired) or a refund of it (the
 * shop's own, or one made at the provider: refunds.ts).
 */

/**
 * A provider's notification (POST /api/payments/notify/{provider}): signature and timestamp checked by the
 * provider's adapter, recorded once per event id, then applied (credit once). The answer is for the
 * provider: 200 received (also for payments we do not know), 400 refused (bad or stale signature), 503
 * try again later.
 */
export async function handleNotification(
  deps: PaymentsDeps,
  providerName: string,
  input: Omit<NotificationInput, 'receivedAt'>,
): Promise<{ status: number; body: object }> {
  const provider = deps.providers.byName(providerName);
  if (!provider) return { status: 404, body: { error: 'unknown provider' } };
  const now = deps.clock.now();
  let n;
  try {
    n = await provider.verifyNotification({ ...input, receivedAt: now });
  } catch (err) {
    if (err instanceof NotificationRejectedError) {
      deps.log?.warn({ provider: providerName, reason: err.message }, 'payment notification refused');
      return { status: 400, body: { error: 'invalid signature' } };
    }
    if (err instanceof ProviderUnavailableError) return { status: 503, body: { error: 'try again later' } };
    throw err;
  }
  const payment = await paymentForNotification(deps.db, providerName, n.ref, n.paymentId);
  await recordEvent(deps.db, {
    provider: providerName,
    event_id: n.eventId,
    type: n.type,
    payment_id: payment?.id ?? null,
    received_at: now.toISOString(),
  });
  if (!payment) return { status: 200, body: { received: true } };
  if (n.refund) {
    await applyRefundNotice(deps, payment, n.refund, now);
    return { status: 200, body: { received: true } };
  }
  let st = n.status;
  try {
    if (!st) st = await provider.confirm(refOf(payment));
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return { status: 503, body: { error: 'try again later' } };
    throw err;
  }
  await applyProviderStatus(deps, payment, st, now);
  return { status: 200, body: { received: true } };
}
