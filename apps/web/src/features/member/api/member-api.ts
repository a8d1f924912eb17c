import { couponUseResultSchema, messageAnswerSchema } from '@gacha/contract/account';
import { buyRankResultSchema, type BuyRankInput } from '@gacha/contract/coins';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { api } from '../../../lib/api.ts';
import { loadCurrentUser } from '../../../lib/session.ts';

/** POST /user/create_onetime_reset_password {mail}: emails a one-time code (same answer for any address). */
export function createResetCode(mail: string) {
  return api.post('user/create_onetime_reset_password', { mail }, { answer: messageAnswerSchema });
}

/** POST /user/reset_password {code}: emails a temporary password. */
export function resetPassword(code: string) {
  return api.post('user/reset_password', { code }, { answer: messageAnswerSchema });
}

/**
 * POST /user/change_password {currentPass, pass, confirmPass}: errors of the new password under errors.pass,
 * of the current one under errors.currentPass. Members without a password (Google/Apple) send no currentPass.
 */
export function changePassword(pass: string, confirmPass: string, currentPass?: string) {
  return api.post(
    'user/change_password',
    { ...(currentPass !== undefined ? { currentPass } : {}), pass, confirmPass },
    { answer: messageAnswerSchema },
  );
}

/** POST /user/change {tel}: the phone number, editable until SMS verification. */
export function changeTel(tel: string) {
  return api.post('user/change', { tel }, { answer: emptyAnswerSchema });
}

/** POST /user/send_sms {tel}: errors under errors.user_id. */
export function sendSms(tel: string) {
  return api.post('user/send_sms', { tel }, { answer: emptyAnswerSchema });
}

/** POST /user/check_sms {sms_code}: errors under errors.sms_code. */
export function checkSms(smsCode: string) {
  return api.post('user/check_sms', { sms_code: smsCode }, { answer: emptyAnswerSchema });
}

/** POST /user/coupon/use {couponCode}: `error` '' is success. */
export function applyCoupon(couponCode: string) {
  return api.post('user/coupon/use', { couponCode }, { answer: couponUseResultSchema });
}

/**
 * POST /user/buy_rank {coin, next_month_rank}: keeps the current rank for next month for its coins-to-keep. The
 * page sends what it shows (rank_coin and the current rank); the server refuses them unless they match its own
 * (errors.count). The answer names the rank kept and the coins left; the header's coins are reloaded.
 */
export async function buyRank(input: BuyRankInput) {
  const res = await api.post('user/buy_rank', input, { answer: buyRankResultSchema });
  if (res.state === 200) await loadCurrentUser().catch(() => undefined);
  return res;
}
