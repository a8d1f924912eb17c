import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

/**
 * Spec §7 names its calls in two path styles. Every snake_case call is also served under its camelCase name
 * by the same handler (ARCHITECTURE.md, the API envelope).
 */
const SPEC_CALLS: ReadonlyArray<[method: 'GET' | 'POST', path: string]> = [
  ['GET', '/api/user/pref_list'],
  ['POST', '/api/user/change_password'],
  ['POST', '/api/user/append_address'],
  ['POST', '/api/user/reset_password'],
  ['POST', '/api/user/create_onetime_reset_password'],
  ['POST', '/api/user/set_referral_code'],
  ['GET', '/api/user/has_register'],
  ['GET', '/api/user/delete_is_user_register'],
  ['POST', '/api/user/send_sms'],
  ['POST', '/api/user/check_sms'],
  ['GET', '/api/user/card_type'],
  ['GET', '/api/user/pack/all_list/:type/:page'],
  ['GET', '/api/user/pack/card_list/:packId/:page'],
  ['GET', '/api/user/pack/gache_result'],
  ['GET', '/api/user/pack/buy_result'],
  ['GET', '/api/user/point_price/:page'],
  ['GET', '/api/user/point_price/detail/:id'],
  ['GET', '/api/user/pay_style'],
  ['GET', '/api/user/point/combini_number'],
  ['GET', '/api/user/button_signature'],
  ['GET', '/api/user/set_checkout_session/:id'],
  ['GET', '/api/user/get_checkout_session'],
  ['GET', '/api/user/complete_checkout_session'],
];

const camel = (path: string) => path.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe('both path styles of spec §7', async () => {
  const { app } = await createTestApp();

  it.each(SPEC_CALLS)('%s %s is served under both names', (method, url) => {
    expect(app.hasRoute({ method, url }), url).toBe(true);
    expect(app.hasRoute({ method, url: camel(url) }), camel(url)).toBe(true);
  });

  it('the camelCase name reaches the same handler', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/user/pref_list' });
    const b = await app.inject({ method: 'GET', url: '/api/user/prefList' });
    expect(JSON.parse(b.body).list).toEqual(JSON.parse(a.body).list);
    expect(JSON.parse(a.body).state).toBe(200);
  });
});
