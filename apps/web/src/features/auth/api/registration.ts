import type { RegistrationInput } from '@gacha/contract/user';
import { api } from '../../../lib/api.ts';
import { loadCurrentUser } from '../../../lib/session.ts';

/** POST /user/confirm: the server-side check of every registration field (spec §4). */
export function confirmUser(input: RegistrationInput) {
  return api.post('user/confirm', input);
}

/** POST /user/append: creates the member and logs them in. */
export async function appendUser(input: RegistrationInput) {
  const res = await api.post('user/append', input);
  if (res.state === 200) await loadCurrentUser().catch(() => undefined);
  return res;
}

/** POST /user/set_referral_code {referralCode} (errors.referral_code). */
export function setReferralCode(referralCode: string) {
  return api.post('user/set_referral_code', { referralCode });
}
