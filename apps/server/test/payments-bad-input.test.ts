import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { pointAppendSchema, pointBuySchema, pointPresentSchema } from '@gacha/contract/payments';
import { createTestApp, tableCounts, type ApiAnswer } from './helpers.ts';
import { createCourse, loggedIn, paymentCounts } from './fakes/shop.ts';

/**
 * Every POST of the gem purchase calls, fed input of every bad shape: never a 500, state 400 with field
 * errors (403 without the csrf pair), and nothing written.
 */
type Kind = 'text' | 'id' | 'flag' | 'enum';

const t = await createTestApp();
const course = await createCourse(t.db, { point: 1000 });
const free = await createCourse(t.db, { point: 500, rate: '100' });
const { client: member } = await loggedIn(t);

interface RouteCase {
  path: string;
  valid: () => Record<string, unknown>;
  kinds: Record<string, Kind>;
  schema: z.ZodType;
}

const routes: RouteCase[] = [
  {
    path: '/user/point/buy',
    valid: () => ({
      pay_id: 2,
      pointPriceId: course,
      combini_code: 'econ',
      name: 'ヤマダ',
      token: 'tok_x',
      req_card_number: '411111******1111',
      card_user_name: 'TARO',
      card_save: '0',
      productId: 1,
    }),
    kinds: {
      pay_id: 'id',
      pointPriceId: 'id',
      combini_code: 'enum',
      name: 'text',
      token: 'text',
      req_card_number: 'text',
      card_user_name: 'text',
      card_save: 'flag',
      productId: 'id',
    },
    schema: pointBuySchema,
  },
  {
    path: '/user/point/append',
    valid: () => ({ token: 'pay_x' }),
    kinds: { token: 'text' },
    schema: pointAppendSchema,
  },
  ...['/user/coupon/point/present', '/user/coupon/pointPresent'].map((path) => ({
    path,
    valid: () => ({ pointPriceId: free }),
    kinds: { pointPriceId: 'id' as const },
    schema: pointPresentSchema,
  })),
];

const HUGE = 'a'.repeat(100_000);
const wrongValues: Record<Kind, unknown[]> = {
  text: [12345, 0, true, null, {}, [], ['a'], { a: 'b' }, HUGE],
  enum: [12345, true, null, {}, [], 'seven', 'ECON', HUGE],
  id: [true, -1, 0, 1.5, 'abc', '1e3', ' 840', {}, [], [840], { id: 840 }, HUGE, 2 ** 53, null],
  flag: [2, 'yes', null, {}, [], HUGE],
};

function casesFor(route: RouteCase) {
  const json = (v: unknown) => ({ json: JSON.stringify(v) });
  const cases: { name: string; form: Record<string, string>; field?: string }[] = [
    { name: 'missing json', form: {} },
    { name: 'empty json', form: { json: '' } },
    { name: 'malformed json', form: { json: '{' } },
    { name: 'json array', form: json([route.valid()]) },
    { name: 'json null', form: { json: 'null' } },
    { name: 'json string', form: json('hello') },
    { name: 'json number', form: { json: '42' } },
    { name: 'empty object', form: json({}) },
    { name: 'unknown field', form: json({ ...route.valid(), is_admin: true }), field: 'is_admin' },
    { name: 'price field', form: json({ ...route.valid(), price: 1 }), field: 'price' },
    {
      name: 'prototype pollution',
      form: { json: `{"__proto__":{"x":1},${JSON.stringify(route.valid()).slice(1)}` },
    },
    { name: 'huge json', form: { json: JSON.stringify({ ...route.valid(), pad: HUGE }) }, field: 'pad' },
  ];
  for (const [field, kind] of Object.entries(route.kinds)) {
    for (const value of wrongValues[kind]) {
      const shown =
        typeof value === 'string' && value.length > 20 ? `${value.length} chars` : JSON.stringify(value);
      cases.push({ name: `${field} = ${shown}`, form: json({ ...route.valid(), [field]: value }), field });
    }
  }
  return cases;
}

function expectRefused(res: ApiAnswer, state: number, label: string) {
  expect(res.httpStatus, label).toBeLessThan(500);
  expect(res.body.state, label).toBe(state);
  expect(typeof res.body.message, label).toBe('string');
  if (state === 400) expect(Object.keys(res.body.errors ?? {}).length, label).toBeGreaterThan(0);
}

describe('bad input on the gem purchase POSTs', () => {
  it('starts every case from a payload the schema accepts (so each refusal is due to the one edit)', () => {
    for (const route of routes) expect(route.schema.safeParse(route.valid()).success, route.path).toBe(true);
  });

  for (const route of routes) {
    it(`${route.path}: refuses every bad shape with 400 (403 without csrf) and writes nothing`, async () => {
      const before = { ...(await tableCounts(t.db)), ...(await paymentCounts(t.db)) };

      const noBody = await t.app.inject({ method: 'POST', url: `/api${route.path}` });
      expect(noBody.statusCode).toBe(403);
      expect(JSON.parse(noBody.body).state).toBe(403);
      const jsonBody = await t.app.inject({
        method: 'POST',
        url: `/api${route.path}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(route.valid()),
      });
      expect(JSON.parse(jsonBody.body).state).toBe(403);
      for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api${route.path}`,
          headers: { 'content-type': type },
          payload: 'hello',
        });
        expect(res.statusCode, type).toBeLessThan(500);
        expect([400, 403], type).toContain(JSON.parse(res.body).state);
      }

      for (const bad of casesFor(route)) {
        const res = await member.postForm(route.path, bad.form);
        expectRefused(res, 400, bad.name);
        if (bad.field) expect(Object.keys(res.body.errors), bad.name).toContain(bad.field);
        expectRefused(await member.postForm(route.path, bad.form, false), 403, `${bad.name} without csrf`);
      }
      expect({ ...(await tableCounts(t.db)), ...(await paymentCounts(t.db)) }).toEqual(before);
    });
  }

  it('the method-specific fields are required: no token for a card, no holder name for a bank transfer', async () => {
    const before = await paymentCounts(t.db);
    const card = await member.post('/user/point/buy', { pay_id: 1, pointPriceId: course });
    expect(Object.keys(card.body.errors)).toEqual(['token']);
    const bank = await member.post('/user/point/buy', { pay_id: 4, pointPriceId: course, name: '  ' });
    expect(Object.keys(bank.body.errors)).toEqual(['name']);
    for (const pay_id of [0, 9, 12, 99, '12']) {
      const res = await member.post('/user/point/buy', { pay_id, pointPriceId: course });
      expect(res.body.state).toBe(400);
      expect(res.body.errors.pay_id[0]).toBe('This payment method is not available.');
    }
    expect(await paymentCounts(t.db)).toEqual(before);
  });

  it('GET routes with bad path or query values answer 4xx, never 500', async () => {
    for (const path of [
      '/user/point/list/abc',
      '/user/point/list/-1',
      '/user/point/list/99999999',
      '/user/point_price/x',
      '/user/point_price/detail/abc',
      '/user/point_price/detail/0',
      '/user/point/end?payment_id=%27%3B--',
      '/user/bank?payment_id=' + 'a'.repeat(200),
      '/user/pay_style?pointPriceId=abc',
      '/user/set_checkout_session/abc',
      '/user/get_checkout_session?amazonCheckoutSessionId=%00',
    ]) {
      const res = await member.get(path);
      expect(res.httpStatus, path).toBeLessThan(500);
      expect([400, 404], path).toContain(res.body.state);
    }
  });
});
