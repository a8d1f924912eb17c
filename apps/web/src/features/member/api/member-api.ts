import type { BuyRankInput } from '@gacha/contract/coins';
import {
  changePasswordRoute,
  changeTelRoute,
  createResetCodeRoute,
  resetPasswordRoute,
} from '@gacha/contract/routes/account';
import { useCouponRoute } from '@gacha/contract/routes/coupons';
import { buyRankRoute } from '@gacha/contract/routes/ranks';
import { checkSmsRoute, sendSmsRoute } from '@gacha/contract/routes/sms';
import { call } from '../../../lib/api.ts';
import { loadCurrentUser } from '../../../lib/session.ts';

/** POST /user/create_onetime_reset_password {mail}: emails a one-time code (same answer for any address). */
export function createResetCode(mail: string) {
  return call(createResetCodeRoute, { body: { mail } });
}

/** POST /user/reset_password {code}: emails a temporary password. */
export function resetPassword(code: string) {
  return call(resetPasswordRoute, { body: { code } });
}

/**
 * POST /user/change_password {currentPass, pass, confirmPass}: errors of the new password under errors.pass,
 * of the current one under errors.currentPass. Members without a password (Google/Apple) send no currentPass.
 */
export function changePassword(pass: string, confirmPass: string, currentPass?: string) {
  return call(changePasswordRoute, {
    body: { ...(currentPass !== undefined ? { currentPass } : {}), pass, confirmPass },
  });
}

/** POST /user/change {tel}: the phone number, editable until SMS verification. */
export function changeTel(tel: string) {
  return call(changeTelRoute, { body: { tel } });
}

/** POST /user/send_sms {tel}: errors under errors.user_id. */
export function sendSms(tel: string) {
  return call(sendSmsRoute, { body: { tel } });
}

/** POST /user/check_sms {sms_code}: errors under errors.sms_code. */
export function checkSms(smsCode: string) {
  return call(checkSmsRoute, { body: { sms_code: smsCode } });
}

/** POST /user/coupon/use {couponCode}: `error` '' is success. */
export function applyCoupon(couponCode: string) {
  return call(useCouponRoute, { body: { couponCode } });
}

/**
 * POST /user/buy_rank {coin, next_month_rank}: keeps the current rank for next month for its coins-to-keep. The
 * page sends what it shows (rank_coin and the current rank); the server refuses them unless they match its own
 * (errors.count). The answer names the rank kept and the coins left; the header's coins are reloaded.
 */
export async function buyRank(input: BuyRankInput) {
  const res = await call(buyRankRoute, { body: input });
  if (res.state === 200) await loadCurrentUser().catch(() => undefined);
  return res;
}
