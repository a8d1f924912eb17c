import { expect } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { expectNonFormBodiesRefused, type ApiAnswer, type TestApp, type TestClient } from './helpers.ts';

/** Helpers of the member-account suites: row counts of every table, outbox reads, bad-input tables. */

const TABLES = [
  'users',
  'sessions',
  'throttles',
  'gem_lots',
  'gem_ledger',
  'coin_ledger',
  'outbox_messages',
  'password_resets',
  'sms_codes',
  'verified_phones',
  'referral_rewards',
  'coupons',
  'coupon_point_prices',
  'coupon_uses',
  'point_price_unlocks',
] as const;

export async function allCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

/** Everything a refused request must leave untouched: row counts, the users and the code rows themselves. */
export async function snapshot(db: Db) {
  return {
    counts: await allCounts(db),
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    sms: await db.selectFrom('sms_codes').selectAll().orderBy('user_id').execute(),
    resets: await db.selectFrom('password_resets').selectAll().orderBy('id').execute(),
    coupons: await db.selectFrom('coupons').selectAll().orderBy('id').execute(),
  };
}

/** The newest outbox messages to a recipient (mail or E.164), through the dev outbox API. */
export async function outboxFor(t: TestApp, to: string) {
  const res = await t.client().get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.body.state).toBe(200);
  return res.body.list as {
    code: string | null;
    kind: string;
    subject: string;
    body: string;
    channel: string;
  }[];
}

export async function loggedIn(
  t: TestApp,
  member: { mail: string; pass: string },
  ip?: string,
): Promise<TestClient> {
  const c = t.client(ip ? { ip } : {});
  const res = await c.post('/user/login', { mail: member.mail, pass: member.pass });
  expect(res.body.state).toBe(200);
  return c;
}

export type Kind = 'text' | 'flag';

export interface PostCase {
  path: string;
  /** A payload one edit away from valid; never sent as it is. */
  valid: () => Record<string, unknown>;
  kinds: Record<string, Kind>;
  /** Error keys where they differ from the payload field (errorFields of the route). */
  wire?: Record<string, string>;
}

const HUGE = 'a'.repeat(100_000);
/**
 * Text no field accepts (contract/text.ts): NUL (PostgreSQL cannot store it), other control
 * characters, a lone surrogate (half a character). Each must be a 400 with the field's error on both databases.
 */
export const UNSAFE_TEXTS = [
  'Ta\u0000ro',
  '\u0000',
  'bell\u0007',
  'esc\u001b[31m',
  'del\u007f',
  'x\ud800',
  '\udc00y',
];

const wrongValues: Record<Kind, unknown[]> = {
  text: [12345, 0, true, null, {}, [], ['a'], { a: 'b' }, HUGE, ...UNSAFE_TEXTS],
  flag: [1, true, null, {}, [], 'yes', HUGE],
};

function casesFor(route: PostCase) {
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
    {
      name: 'prototype pollution',
      form: { json: `{"__proto__":{"x":1},${JSON.stringify(route.valid()).slice(1)}` },
    },
    {
      name: 'huge json (100 KB field)',
      form: { json: JSON.stringify({ ...route.valid(), pad: HUGE }) },
      field: 'pad',
    },
  ];
  for (const [field, kind] of Object.entries(route.kinds)) {
    for (const value of wrongValues[kind]) {
      const shown =
        typeof value === 'string' && value.length > 20 ? `${value.length} chars` : JSON.stringify(value);
      cases.push({
        name: `${field} = ${shown}`,
        form: json({ ...route.valid(), [field]: value }),
        field: route.wire?.[field] ?? field,
      });
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

/**
 * Feeds a POST every bad shape: no body, a JSON body, other content types, missing/malformed/wrong-typed json,
 * 100 KB strings, unknown fields → 400 with field errors (403 without the csrf pair), never a 500, nothing
 * written anywhere.
 */
export async function expectBadInputRefused(t: TestApp, route: PostCase, client: TestClient): Promise<void> {
  const before = await snapshot(t.db);
  await expectNonFormBodiesRefused(t.app, route.path, route.valid());
  for (const bad of casesFor(route)) {
    const res = await client.postForm(route.path, bad.form);
    expectRefused(res, 400, bad.name);
    if (bad.field) expect(Object.keys(res.body.errors), bad.name).toContain(bad.field);
    expectRefused(await client.postForm(route.path, bad.form, false), 403, `${bad.name} without csrf`);
  }
  // a valid payload with a wrong csrf pair
  const wrongCsrf = await client.postForm(
    route.path,
    { csrf_name: client.csrf!.name, csrf_value: 'x'.repeat(43), json: JSON.stringify(route.valid()) },
    false,
  );
  expectRefused(wrongCsrf, 403, 'wrong csrf value');
  expect(await snapshot(t.db)).toEqual(before);
}
