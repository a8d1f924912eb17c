import { setReferralCodeResultSchema } from '@gacha/contract/account';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { currentUserSchema, hasRegisterSchema, type RegistrationInput } from '@gacha/contract/user';
import { api } from '../../../lib/api.ts';
import { loadCurrentUser } from '../../../lib/session.ts';

/** POST /user/confirm: the server-side check of every registration field (spec §4). */
export function confirmUser(input: RegistrationInput) {
  return api.post('user/confirm', input, { answer: emptyAnswerSchema });
}

/** POST /user/append: creates the member and logs them in. */
export async function appendUser(input: RegistrationInput) {
  const res = await api.post('user/append', input, { answer: currentUserSchema });
  if (res.state === 200) await loadCurrentUser().catch(() => undefined);
  return res;
}

/** POST /user/set_referral_code {referralCode} (errors.referral_code). */
export function setReferralCode(referralCode: string) {
  return api.post('user/set_referral_code', { referralCode }, { answer: setReferralCodeResultSchema });
}

/**
 * The completion page is shown once, right after registering: GET /user/has_register says whether this
 * browser just registered, and GET /user/delete_is_user_register spends that mark.
 */
export async function takeJustRegistered(): Promise<boolean> {
  const res = await api.get('user/has_register', { answer: hasRegisterSchema });
  if (res.state !== 200 || res.is_user_register !== '1') return false;
  await api.get('user/delete_is_user_register', { answer: emptyAnswerSchema });
  return true;
}
