import { describe, expect, it } from 'vitest';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import { RESET_MAX_WRONG_PER_IP } from '../src/modules/account/password-reset.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { COUPON_MAX_WRONG_CODES } from '../src/modules/coupons/service.ts';
import { createCoupon } from '../src/modules/coupons/staff.ts';
import { SMS_MAX_TRIES, toE164 } from '../src/modules/sms/service.ts';
import { createInterleavingTestApp } from './draw-factories.ts';
import { createMember, ensureCountries } from './factories.ts';
import { loggedIn, outboxFor } from './member-helpers.ts';

/**
 * An attempt is counted before the password or code is looked at, so a burst of parallel tries is
 * limited exactly like the same tries one after another. The app's database yields after every query, so on
 * SQLite the requests really interleave (`inFlight.max` shows it); on PostgreSQL they run on their own
 * connections. "Evaluated" is an answer that compared the secret (400), as against a 429.
 */
const MAX_PER_ACCOUNT = 5;
const t = await createInterleavingTestApp({
  login: { maxFailuresPerAccount: MAX_PER_ACCOUNT, maxFailuresPerIp: 1000, blockMinutes: 15 },
});
await ensureCountries(t.db);
const PARALLEL = 40;

const states = (answers: { body: { state: number } }[]) => {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.body.state] = (count[a.body.state] ?? 0) + 1;
  return count;
};

describe('parallel tries cost the same as sequential ones', () => {
  it(`login: ${PARALLEL} parallel wrong passwords for one account → at most ${MAX_PER_ACCOUNT} evaluated`, async () => {
    const m = await createMember(t.db);
    const clients = Array.from({ length: PARALLEL }, (_, i) => t.client({ ip: `198.51.100.${i + 1}` }));
    await Promise.all(clients.map((c) => c.get('/user/point')));
    t.inFlight.max = 0;
    // the right password is among them, late: it must not get in once the limit is spent
    const answers = await Promise.all(
      clients.map((c, i) =>
        c.post('/user/login', { mail: m.mail, pass: i === PARALLEL - 1 ? m.pass : `wrong-${i}` }),
      ),
    );
    expect(t.inFlight.max).toBeGreaterThan(1);
    const count = states(answers);
    expect((count[400] ?? 0) + (count[200] ?? 0)).toBeLessThanOrEqual(MAX_PER_ACCOUNT);
    expect(count[429]).toBeGreaterThanOrEqual(PARALLEL - MAX_PER_ACCOUNT);
    expect(answers.every((a) => a.httpStatus < 500)).toBe(true);
    // and the account is now paused for everyone, the right password included
    const later = await t
      .client({ ip: '198.51.100.250' })
      .post('/user/login', { mail: m.mail, pass: m.pass });
    expect(later.body.state).toBe(429);
  });

  it(`coupons: ${PARALLEL} parallel unknown codes from one member → at most ${COUPON_MAX_WRONG_CODES} looked up`, async () => {
    const m = await createMember(t.db);
    const c = await loggedIn(t, m);
    t.inFlight.max = 0;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => c.post('/user/coupon/use', { couponCode: `NOPE${i}` })),
    );
    expect(t.inFlight.max).toBeGreaterThan(1);
    const evaluated = answers.filter((a) => a.body.state === 200 && a.body.error !== '');
    expect(evaluated.length).toBeLessThanOrEqual(COUPON_MAX_WRONG_CODES);
    expect(answers.filter((a) => a.body.state === 429).length).toBeGreaterThanOrEqual(
      PARALLEL - COUPON_MAX_WRONG_CODES,
    );
    // a real code is refused too while the member is paused
    const { code } = await createCoupon(commandWrite(t.db), {
      kind: 'gems',
      gems: 100,
      startsAt: new Date(0),
      endsAt: new Date('2100-01-01'),
    });
    expect((await c.post('/user/coupon/use', { couponCode: code })).body.state).toBe(429);
  });

  it(`SMS codes: ${PARALLEL} parallel wrong codes → at most ${SMS_MAX_TRIES} compared, then the code is void`, async () => {
    const m = await createMember(t.db, { country_id: JAPAN_COUNTRY_ID });
    const c = await loggedIn(t, m);
    const tel = '090-7777-1234';
    expect((await c.post('/user/send_sms', { tel })).body.state).toBe(200);
    const [sms] = await outboxFor(t, toE164(tel, JAPAN_COUNTRY_ID)!);
    const right = sms!.code!;
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => c.post('/user/check_sms', { sms_code: wrong(i) })),
    );
    expect(answers.every((a) => a.body.state === 400)).toBe(true);
    const row = await t.db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(SMS_MAX_TRIES);
    expect((await c.post('/user/check_sms', { sms_code: right })).body.state).toBe(400);
  });

  it(`reset codes: ${PARALLEL} parallel wrong codes from one address → at most ${RESET_MAX_WRONG_PER_IP} compared`, async () => {
    // eight tickets, asked for from eight addresses (the request itself is limited per address and mail)
    const tickets: string[] = [];
    for (let i = 0; i < 8; i++) {
      const m = await createMember(t.db);
      const asker = t.client({ ip: `192.0.2.${i + 1}` });
      expect((await asker.post('/user/create_onetime_reset_password', { mail: m.mail })).body.state).toBe(
        200,
      );
      tickets.push(asker.cookies.get('pw_reset')!);
    }
    const tryers = Array.from({ length: PARALLEL }, (_, i) => {
      const c = t.client({ ip: '203.0.113.99' });
      c.cookies.set('pw_reset', tickets[i % tickets.length]!);
      return c;
    });
    await Promise.all(tryers.map((c) => c.get('/user/point')));
    t.inFlight.max = 0;
    const answers = await Promise.all(
      tryers.map((c) => c.post('/user/reset_password', { code: 'AAAA-AAAA' })),
    );
    expect(t.inFlight.max).toBeGreaterThan(1);
    const count = states(answers);
    expect(count[400]).toBeLessThanOrEqual(RESET_MAX_WRONG_PER_IP);
    expect(count[429]).toBeGreaterThanOrEqual(PARALLEL - RESET_MAX_WRONG_PER_IP);
    const attempts = await t.db.selectFrom('password_resets').select('attempts').execute();
    expect(attempts.reduce((s, r) => s + r.attempts, 0)).toBeLessThanOrEqual(RESET_MAX_WRONG_PER_IP);
  });
});
