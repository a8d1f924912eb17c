import type { FieldErrors } from '@gacha/contract/envelope';
import { firstError, State } from '../../lib/api.ts';

/**
 * What the SMS popup does with the answer to POST /user/send_sms (spec §4, §8): a sent code is announced; the
 * resend wait (state 429) only blocks sending, so the popup stays open for the code already received
 *; any other refusal is alerted and closes the popup.
 */
export type SendOutcome =
  { kind: 'sent' } | { kind: 'wait'; text: string } | { kind: 'failed'; text: string };

export function sendOutcome(
  res: { state: number; errors?: FieldErrors; message?: string },
  fallback: string,
): SendOutcome {
  if (res.state === State.ok) return { kind: 'sent' };
  const text = firstError(res.errors, 'user_id') ?? res.message ?? fallback;
  return res.state === State.tooMany ? { kind: 'wait', text } : { kind: 'failed', text };
}
