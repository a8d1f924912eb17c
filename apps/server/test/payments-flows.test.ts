import { describe, expect, it } from 'vitest';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import { createTestApp } from './helpers.ts';
import { cardToken, createCourse, gemState, loggedIn, paymentCounts, sandboxButton } from './fakes/shop.ts';

/**
 * Every payment method end to end through the sandbox provider (spec §4 Gem purchase): the buy answer, the
 * sandbox page's buttons, the return call, the signed notification, the balance.
 */
const t = await createTestApp();
const course1000 = await createCourse(t.db, { point: 1000 });
const course3000 = await createCourse(t.db, { point: 3000 });

async function balance(client: { get(p: string): Promise<{ body: { point: number } }> }) {
  return (await client.get('/user/point')).body.point;
}

describe('card through the sandbox', () => {
  it('4111…: result 1, gems credited once, history shows the purchase', async () => {
    const { member, client } = await loggedIn(t);
    const token = await cardToken(t);
    const res = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course1000,
      token,
      req_card_number: '411111******1111',
      card_user_name: 'TARO YAMADA',
    });
    expect(res.body).toMatchObject({ state: 200, result: '1', pay_id: 1, point: 1000, price: 1000 });
    expect(res.body.payment_id).toMatch(/^pay_/);
    expect(await balance(client)).toBe(1000);
    const s = await gemState(t.db, member.id, t.clock.now());
    expect(s).toMatchObject({ balance: 1000, ledgerSum: 1000, ledgerRows: 1, credits: 1 });

    const end = await client.get('/user/point/end');
    expect(end.body).toMatchObject({ state: 200, result: '1', payment_id: res.body.payment_id, point: 1000 });
    const hist = await client.get('/user/point/list/1');
    expect(hist.body.list).toHaveLength(1);
    expect(hist.body.list[0]).toMatchObject({ bonusPoint: 1000, money: 1000, memo: 'Gem purchase' });
  });

  it('a token is single-use: the second buy with it is refused with the card check message', async () => {
    const { member, client } = await loggedIn(t);
    const token = await cardToken(t);
    expect(
      (await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course1000, token })).body.result,
    ).toBe('1');
    const again = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course1000, token });
    expect(again.body.state).toBe(400);
    expect(again.body.message).toBe('The card information could not be verified. Please enter it again.');
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(1);
  });

  it('4000…0002: declined, the card failure message, nothing credited', async () => {
    const { member, client } = await loggedIn(t, {}, 'ja');
    const token = await cardToken(t, '4000000000000002');
    const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course1000, token });
    expect(res.body).toMatchObject({ state: 400, result: '0', pay_id: 1 });
    expect(res.body.message).toBe(
      '決済に失敗しました。カード情報をご確認いただくか、カード会社にお問い合わせください。',
    );
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
    const end = await client.get('/user/point/end');
    expect(end.body).toMatchObject({ result: '0', status: 'failed' });
  });

  it('4000…3220: result 7 → /api/acs/secure → sandbox 3-D Secure page → Complete → /pay-redirect → append', async () => {
    const { member, client } = await loggedIn(t);
    const token = await cardToken(t, '4000000000003220');
    const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course3000, token });
    expect(res.body).toMatchObject({ state: 200, result: '7' });
    expect(res.body.acs_url).toBe(`/api/acs/secure?payment_id=${res.body.payment_id}`);
    expect(await balance(client)).toBe(0);

    const acs = await t.app.inject({
      method: 'GET',
      url: res.body.acs_url,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(acs.statusCode).toBe(303);
    const page = acs.headers.location as string;
    expect(page).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\/pay\/sbp_/);
    const html = await t.app.inject({ method: 'GET', url: new URL(page).pathname });
    expect(html.body).toContain('SANDBOX');
    expect(html.body).toContain('3-D Secure');
    expect(html.body).not.toContain('<script');
    expect(html.headers['content-security-policy']).toContain("script-src 'none'");

    const done = await sandboxButton(t, page, 'complete');
    expect(done.status).toBe(303);
    expect(done.location).toBe(`http://localhost:3000/pay-redirect?payment_id=${res.body.payment_id}`);
    // the signed notification already credited; the return page's append finds it done
    expect(await balance(client)).toBe(3000);
    const append = await client.post('/user/point/append', { token: res.body.payment_id });
    expect(append.body).toMatchObject({ state: 200, result: '1', point: 3000 });
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(1);
  });

  it('3-D Secure Fail: the return shows the failure, nothing credited', async () => {
    const { member, client } = await loggedIn(t);
    const token = await cardToken(t, '4000000000003220');
    const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course1000, token });
    const pay = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('public_id', '=', res.body.payment_id)
      .executeTakeFirstOrThrow();
    const failed = await sandboxButton(t, pay.payment_url!, 'fail');
    expect(failed.location).toBe(`http://localhost:3000/pay-redirect?payment_id=${res.body.payment_id}`);
    const append = await client.post('/user/point/append', { token: res.body.payment_id });
    expect(append.body).toMatchObject({ state: 200, result: '0', status: 'failed' });
    expect(append.body.message).toBe(
      'Payment failed. Please check your card details or contact your card company.',
    );
    expect((await gemState(t.db, member.id, t.clock.now())).balance).toBe(0);
  });
});

describe('convenience store and bank transfer (pending, then settled)', () => {
  it('convenience store: payment_id + receipt number, pending until settled in the sandbox', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', {
      pay_id: 2,
      pointPriceId: course1000,
      combini_code: 'econ',
    });
    expect(res.body).toMatchObject({ state: 200, result: '2', pay_id: 2 });
    expect(res.body.receipt_number).toMatch(/^\d{11}$/);
    expect(res.body.url).toBeUndefined();
    const slip = await client.get('/user/point/combini_number');
    expect(slip.body).toMatchObject({ state: 200, receipt_number: res.body.receipt_number, price: 1000 });
    expect(slip.body.url).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\/pay\//);
    expect((await client.get('/user/point/end')).body.result).toBe('2');
    expect(await balance(client)).toBe(0);

    const settle = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/payments/${res.body.payment_id}/settle`,
    });
    expect(JSON.parse(settle.body)).toMatchObject({ status: 'succeeded', payment_id: res.body.payment_id });
    expect(await balance(client)).toBe(1000);
    expect((await client.get('/user/point/end')).body.result).toBe('1');
    // settling again is refused by the sandbox and credits nothing more
    const again = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/payments/${res.body.payment_id}/settle`,
    });
    expect(again.statusCode).toBe(409);
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(1);
  });

  it('bank transfer: katakana name required, account details from /user/bank, matched by name and amount', async () => {
    const { member, client } = await loggedIn(t, {}, 'ja');
    const bad = await client.post('/user/point/buy', { pay_id: 4, pointPriceId: course1000, name: 'Taro' });
    expect(bad.body.state).toBe(400);
    expect(bad.body.errors.name[0]).toBe('振込名義は全角カタカナで入力してください。');
    const missing = await client.post('/user/point/buy', { pay_id: 4, pointPriceId: course1000 });
    expect(Object.keys(missing.body.errors)).toEqual(['name']);

    const res = await client.post('/user/point/buy', {
      pay_id: 4,
      pointPriceId: course1000,
      name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
    });
    expect(res.body).toMatchObject({ state: 200, result: '2', pay_id: 4 });
    const bank = await client.get('/user/bank');
    expect(bank.body).toMatchObject({
      state: 200,
      price: 1000,
      holder_name: 'ヤマダ タロウ',
      payment_id: res.body.payment_id,
    });
    expect(bank.body.number).toMatch(/^\d{7}$/);
    expect(bank.body.bank).toContain('Sandbox');

    const sbp = await t.db
      .selectFrom('payments')
      .select('payment_url')
      .where('public_id', '=', res.body.payment_id)
      .executeTakeFirstOrThrow();
    const wrongName = await sandboxButton(t, sbp.payment_url!, 'settle', {
      holder_name: 'スズキ ハナコ',
      amount: '1000',
    });
    expect(wrongName.status).toBe(409);
    const wrongAmount = await sandboxButton(t, sbp.payment_url!, 'settle', {
      holder_name: 'ヤマダ タロウ',
      amount: '900',
    });
    expect(wrongAmount.status).toBe(409);
    expect(await balance(client)).toBe(0);
    const ok = await sandboxButton(t, sbp.payment_url!, 'settle', {
      holder_name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
      amount: '1000',
    });
    expect(ok.status).toBe(303);
    expect(await balance(client)).toBe(1000);
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(1);
  });
});

describe('redirect methods: PayPal, Amazon Pay, carrier billing, UnionPay, Alipay', () => {
  const cases = [
    {
      pay_id: 3,
      back: '/complete-buy-point-paypal',
      fail: '/complete-buy-point-paypal',
      failMsg: 'PayPal payment failed. Please use other payment methods.',
    },
    {
      pay_id: 5,
      back: '/amazon-pay-redirect',
      fail: '/amazon-pay-redirect',
      failMsg: 'Amazon Pay payment failed. Please use other payment methods.',
    },
    {
      pay_id: 6,
      back: '/complete-carrier',
      fail: '/error-carrier',
      failMsg: 'Carrier billing failed. Please use other payment methods.',
    },
    {
      pay_id: 7,
      back: '/complete-carrier',
      fail: '/error-carrier',
      failMsg: 'Carrier billing failed. Please use other payment methods.',
    },
    {
      pay_id: 8,
      back: '/complete-carrier',
      fail: '/error-carrier',
      failMsg: 'Carrier billing failed. Please use other payment methods.',
    },
    {
      pay_id: 10,
      back: '/pay-redirect',
      fail: '/pay-redirect',
      failMsg: 'UnionPay payment failed. Please use other payment methods.',
    },
    {
      pay_id: 11,
      back: '/pay-redirect',
      fail: '/pay-redirect',
      failMsg: 'Alipay payment failed. Please use other payment methods.',
    },
  ];
  for (const c of cases) {
    it(`pay_id ${c.pay_id}: url → sandbox page → success returns to ${c.back}, credited once`, async () => {
      const { member, client } = await loggedIn(t);
      const res = await client.post('/user/point/buy', { pay_id: c.pay_id, pointPriceId: course1000 });
      expect(res.body).toMatchObject({ state: 200, result: '3', pay_id: c.pay_id });
      expect(res.body.url).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\/pay\/sbp_/);
      const page = await t.app.inject({
        method: 'GET',
        url: new URL(res.body.url).pathname,
        headers: { cookie: 'lang=ja' },
      });
      expect(page.body).toContain('サンドボックス');
      const done = await sandboxButton(t, res.body.url, 'complete');
      expect(done.location).toContain(`http://localhost:3000${c.back}?payment_id=${res.body.payment_id}`);
      const append = await client.post('/user/point/append', { token: res.body.payment_id });
      expect(append.body).toMatchObject({ state: 200, result: '1' });
      expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
      expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
        balance: 1000,
        credits: 1,
        ledgerRows: 1,
      });
    });

    it(`pay_id ${c.pay_id}: failure returns to ${c.fail} with the method's failure message`, async () => {
      const { member, client } = await loggedIn(t);
      const res = await client.post('/user/point/buy', { pay_id: c.pay_id, pointPriceId: course1000 });
      const failed = await sandboxButton(t, res.body.url, 'fail');
      expect(failed.location).toContain(`http://localhost:3000${c.fail}?payment_id=${res.body.payment_id}`);
      const append = await client.post('/user/point/append', { token: res.body.payment_id });
      expect(append.body).toMatchObject({ state: 200, result: '0', status: 'failed', message: c.failMsg });
      expect((await gemState(t.db, member.id, t.clock.now())).balance).toBe(0);
    });
  }

  it('"pay later": the payment stays pending until settled in the sandbox', async () => {
    const { client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 3, pointPriceId: course1000 });
    const later = await sandboxButton(t, res.body.url, 'later');
    expect(later.location).toContain('/complete-buy-point-paypal?payment_id=');
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('2');
    await t.app.inject({ method: 'POST', url: `/sandbox-pay/payments/${res.body.payment_id}/settle` });
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
    expect(await balance(client)).toBe(1000);
  });

  it('Amazon Pay checkout session: set → button signature → sandbox button → complete', async () => {
    const { client } = await loggedIn(t);
    const set = await client.get(`/user/set_checkout_session/${course3000}`);
    expect(set.body).toMatchObject({ state: 200, result: '3', pay_id: 5 });
    expect(set.body.checkoutSessionId).toMatch(/^sbp_/);
    const sig = await client.get('/user/button_signature');
    expect(sig.body).toMatchObject({ state: 200, payment_id: set.body.payment_id, sandbox: '1' });
    const payload = JSON.parse(sig.body.payloadJSON);
    expect(payload.paymentDetails.chargeAmount).toEqual({ amount: '3000', currencyCode: 'JPY' });
    // the button page checks the shop's signature; a changed payload is refused
    const tampered = sig.body.url.replace(encodeURIComponent('"3000"'), encodeURIComponent('"1"'));
    expect(tampered).not.toBe(sig.body.url);
    const bad = await t.app.inject({ method: 'GET', url: tampered.replace('http://localhost:3000', '') });
    expect(bad.statusCode).toBe(400);
    const button = await t.app.inject({
      method: 'GET',
      url: sig.body.url.replace('http://localhost:3000', ''),
    });
    expect(button.statusCode).toBe(303);
    const done = await sandboxButton(t, button.headers.location as string, 'complete');
    expect(done.location).toContain(`amazonCheckoutSessionId=${set.body.checkoutSessionId}`);
    const get = await client.get(
      `/user/get_checkout_session?amazonCheckoutSessionId=${set.body.checkoutSessionId}`,
    );
    expect(get.body).toMatchObject({ state: 200, payMethod: 'Amazon Pay (sandbox)' });
    const complete = await client.get(
      `/user/complete_checkout_session?amazonCheckoutSessionId=${set.body.checkoutSessionId}`,
    );
    expect(complete.body).toMatchObject({ state: 200, result: '1', point: 3000 });
    expect(await balance(client)).toBe(3000);
  });
});

describe('rules around the purchase', () => {
  it('a member whose country is Japan gets isJp and nothing is created or charged', async () => {
    const { client } = await loggedIn(t, { country_id: JAPAN_COUNTRY_ID });
    const before = await paymentCounts(t.db);
    const res = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course1000 });
    expect(res.body).toMatchObject({ state: 200, result: '0', isJp: true });
    expect(res.body.payment_id).toBeUndefined();
    expect(await paymentCounts(t.db)).toEqual(before);
  });

  it('pay_style lists the methods in the member language with the course point and price', async () => {
    const { client } = await loggedIn(t, {}, 'ja');
    const res = await client.get(`/user/pay_style?pointPriceId=${course3000}`);
    expect(res.body.state).toBe(200);
    expect(res.body.list.map((m: { id: number }) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 11]);
    expect(res.body.list[0]).toMatchObject({ id: 1, name: 'クレジットカード', point: 3000, price: 3000 });
    expect(res.body.card_tokenizer).toEqual({ provider: 'sandbox', url: '/sandbox-pay/token' });
  });

  it('the pack the member came from is echoed by /user/point/end', async () => {
    const { client } = await loggedIn(t);
    const token = await cardToken(t);
    await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course1000, token, productId: '42' });
    expect((await client.get('/user/point/end')).body).toMatchObject({ result: '1', pack_id: 42 });
  });

  it('guests are refused with 401', async () => {
    const guest = t.client();
    expect((await guest.post('/user/point/buy', { pay_id: 2, pointPriceId: course1000 })).body.state).toBe(
      401,
    );
    expect((await guest.get('/user/point/end')).body.state).toBe(401);
    expect((await guest.get('/user/point/list/1')).body.state).toBe(401);
  });
});
