import { expect } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { signPayload } from '../../src/modules/payments/providers/provider.ts';
import { createMember, type Member } from '../factories.ts';
import type { TestApp, TestClient } from '../helpers.ts';

/** Shared pieces of the payments and gems tests: members, courses, the sandbox's pages, row counts. */

export async function loggedIn(
  t: TestApp,
  overrides: Parameters<typeof createMember>[1] = {},
  lang?: 'en' | 'ja',
): Promise<{ member: Member; client: TestClient }> {
  const member = await createMember(t.db, { country_id: 840, ...overrides });
  const client = t.client(lang ? { lang } : {});
  const res = await client.post('/user/login', { mail: member.mail, pass: member.pass });
  expect(res.body.state, JSON.stringify(res.body)).toBe(200);
  return { member, client };
}

export async function createCourse(
  db: Db,
  fields: { point: number; price?: number; rate?: string; coupon_only?: number; sort?: number },
): Promise<number> {
  const row = await db
    .insertInto('point_prices')
    .values({
      point: fields.point,
      price: fields.price ?? fields.point,
      rate: fields.rate ?? '0',
      coupon_only: fields.coupon_only ?? 0,
      sort: fields.sort ?? 0,
      modified: '2026-01-05T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The sandbox tokenizer, as the card page calls it. */
export async function tokenize(
  t: TestApp,
  card: Partial<Record<'card_number' | 'card_expire' | 'security_code' | 'cardholder_name', string>>,
  opts: { lang?: 'en' | 'ja'; form?: boolean } = {},
): Promise<{
  status: number;
  body: { code: string; token?: string; req_card_number?: string; message?: string };
}> {
  const payload = {
    card_number: '4111111111111111',
    card_expire: '12/30',
    security_code: '123',
    cardholder_name: 'TARO YAMADA',
    ...card,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox-pay/token',
    headers: {
      'content-type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...(opts.lang ? { cookie: `lang=${opts.lang}` } : {}),
    },
    payload: opts.form ? new URLSearchParams(payload).toString() : JSON.stringify(payload),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

export async function cardToken(t: TestApp, number = '4111111111111111'): Promise<string> {
  const r = await tokenize(t, { card_number: number });
  expect(r.body.code).toBe('success');
  return r.body.token!;
}

/** Presses a button of a sandbox page (absolute or relative URL of the page). Returns the redirect target. */
export async function sandboxButton(
  t: TestApp,
  pageUrl: string,
  action: 'complete' | 'fail' | 'later' | 'settle' | 'resend' | 'refund',
  fields: Record<string, string> = {},
): Promise<{ status: number; location: string | undefined; body: string }> {
  const path = new URL(pageUrl, 'http://localhost').pathname;
  const res = await t.app.inject({
    method: 'POST',
    url: `${path}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
}

/** Sends a notification to the sandbox webhook as the sandbox would (or with another secret / time). */
export async function notifySandbox(
  t: TestApp,
  body: string,
  opts: { secret?: string; at?: Date; signature?: string } = {},
) {
  const ts = Math.floor((opts.at ?? t.clock.now()).getTime() / 1000);
  const signature = opts.signature ?? signPayload(opts.secret ?? t.config.payments.sandboxSecret, body, ts);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/sandbox',
    headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
    payload: body,
  });
}

const VALUE_TABLES = [
  'gem_lots',
  'gem_ledger',
  'payments',
  'payment_credits',
  'free_grants',
  'point_price_unlocks',
  'payment_customers',
  'sandbox_payments',
  'sandbox_card_tokens',
  'users',
  'point_prices',
  'settings',
] as const;

/** Row counts of every table a payment can touch, to assert that a refused request wrote nothing. */
export async function paymentCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of VALUE_TABLES) {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(r.n);
  }
  return out;
}

/** The member's gems: balance (unexpired remaining), the ledger's sum, and the number of credits. */
export async function gemState(db: Db, userId: number, now: Date) {
  const lots = await db.selectFrom('gem_lots').selectAll().where('user_id', '=', userId).execute();
  const ledger = await db
    .selectFrom('gem_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const credits = await db.selectFrom('payment_credits').selectAll().where('user_id', '=', userId).execute();
  return {
    balance: lots.filter((l) => l.expires_at > now.toISOString()).reduce((s, l) => s + l.remaining, 0),
    remainingAll: lots.reduce((s, l) => s + l.remaining, 0),
    ledgerSum: ledger.reduce((s, r) => s + r.delta, 0),
    ledgerRows: ledger.length,
    credits: credits.length,
    lots,
    ledger,
  };
}
