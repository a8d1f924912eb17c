import type { RegistrationInput } from '@gacha/contract/user';
import {
  confirmRegistrationRoute,
  deleteJustRegisteredRoute,
  hasRegisterRoute,
  registerRoute,
} from '@gacha/contract/routes/account';
import { setReferralCodeRoute } from '@gacha/contract/routes/referrals';
import { call } from '../../../lib/api.ts';
import { loadCurrentUser } from '../../../lib/session.ts';

// The registration's answer schemas load with the page, as its form's do: a tab left open across a deploy then
// checks and registers with them instead of asking the new build for a chunk the old one named (the confirm page
// itself reloads to the new build, the draft kept in sessionStorage).
void confirmRegistrationRoute.schemas().catch(() => undefined);
void registerRoute.schemas().catch(() => undefined);

/** POST /user/confirm: the server-side check of every registration field (spec §4). */
export function confirmUser(input: RegistrationInput) {
  return call(confirmRegistrationRoute, { body: input });
}

/** POST /user/append: creates the member and logs them in. */
export async function appendUser(input: RegistrationInput) {
  const res = await call(registerRoute, { body: input });
  if (res.state === 200) await loadCurrentUser().catch(() => undefined);
  return res;
}

/** POST /user/set_referral_code {referralCode} (errors.referral_code). */
export function setReferralCode(referralCode: string) {
  return call(setReferralCodeRoute, { body: { referralCode } });
}

/**
 * The completion page is shown once, right after registering: GET /user/has_register says whether this
 * browser just registered, and GET /user/delete_is_user_register spends that mark.
 */
export async function takeJustRegistered(): Promise<boolean> {
  const res = await call(hasRegisterRoute, {});
  if (res.state !== 200 || res.is_user_register !== '1') return false;
  await call(deleteJustRegisteredRoute, {});
  return true;
}
