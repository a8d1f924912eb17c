import { describe, expect, it } from 'vitest';
import { awardGems } from '../src/modules/gems/service.ts';
import { createTestApp, uniqueMail, type TestClient } from './helpers.ts';
import { createMember, recordPackSpend } from './factories.ts';

const LOGIN_FAILED = 'Email address or password do not match.';

function setCookie(headers: Record<string, unknown>, name: string): string | undefined {
  const all = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  return all.find((c) => c.startsWith(`${name}=`));
}

let ipSeq = 0;
/** Every test its own address, so that the per-address counter of one test never blocks another. */
const nextIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

// One app per file: on PostgreSQL a second migrated schema in one run trips Kysely's migrator (see report).
const blockMinutes = 10;
const t = await createTestApp({ login: { maxFailuresPerAccount: 3, maxFailuresPerIp: 6, blockMinutes } });

describe('login, logout and the current user', () => {
  const client = (lang?: 'en' | 'ja') => t.client({ ip: nextIp(), lang });

  it('logs a member in and answers with the current user', async () => {
    const m = await createMember(t.db);
    const c = client();
    const res = await c.post('/user/login', { mail: m.mail, pass: m.pass });
    expect(res.body).toMatchObject({
      state: 200,
      is_login: '1',
      point: 0,
      coin: 0,
      rank: 1,
      rank_name: 'White',
    });
    expect((await c.get('/user/point')).body.is_login).toBe('1');
  });

  it('matches the mail without regard to case or surrounding spaces', async () => {
    const m = await createMember(t.db);
    const res = await client().post('/user/login', { mail: `  ${m.mail.toUpperCase()} `, pass: m.pass });
    expect(res.body.state).toBe(200);
  });

  it('refuses a wrong password and an unknown mail with the same message under errors.mail', async () => {
    const m = await createMember(t.db);
    const wrong = await client().post('/user/login', { mail: m.mail, pass: 'not-the-password' });
    const unknown = await client().post('/user/login', { mail: uniqueMail(), pass: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.body.state).toBe(400);
      expect(res.httpStatus).toBe(400);
      expect(res.body.errors.mail[0]).toBe(LOGIN_FAILED);
    }
  });

  it('refuses an account without a password (Google/Apple only)', async () => {
    const m = await createMember(t.db, { pass_hash: null });
    const res = await client().post('/user/login', { mail: m.mail, pass: m.pass });
    expect(res.body.errors.mail[0]).toBe(LOGIN_FAILED);
  });

  it('answers in Japanese when the lang cookie is ja', async () => {
    const m = await createMember(t.db);
    const res = await client('ja').post('/user/login', { mail: m.mail, pass: 'wrong-password' });
    expect(res.body.errors.mail[0]).toBe('メールアドレスまたはパスワードが一致しません。');
  });

  it('rotates the session id at every login; the old id stops working', async () => {
    const m = await createMember(t.db);
    const c = client();
    await c.post('/user/login', { mail: m.mail, pass: m.pass });
    const first = c.cookies.get('sid');
    await c.post('/user/login', { mail: m.mail, pass: m.pass });
    const second = c.cookies.get('sid');
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const stale = client();
    stale.cookies.set('sid', first!);
    expect((await stale.get('/user/point')).body.is_login).toBe('0');
    expect((await c.get('/user/point')).body.is_login).toBe('1');
  });

  it('sets a 30-day cookie for "Remember me" and a browser-session cookie otherwise', async () => {
    const m = await createMember(t.db);
    const remembered = await client().post('/user/login', { mail: m.mail, pass: m.pass, save_cookie: '1' });
    const cookie = setCookie(remembered.headers, 'sid')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie)?.[1])).toBeCloseTo(30 * 24 * 3600, -2);

    for (const saveCookie of [undefined, '0', '']) {
      const res = await client().post('/user/login', { mail: m.mail, pass: m.pass, save_cookie: saveCookie });
      const plain = setCookie(res.headers, 'sid')!;
      expect(plain).toBeTruthy();
      expect(plain).not.toMatch(/Max-Age|Expires/i);
    }
  });

  it('logs out: state 200, the member is a guest again and the old session id is dead', async () => {
    const m = await createMember(t.db);
    const c = client();
    await c.post('/user/login', { mail: m.mail, pass: m.pass });
    const sid = c.cookies.get('sid')!;
    const res = await c.get('/user/logout');
    expect(res.body.state).toBe(200);
    expect(c.cookies.has('sid')).toBe(false);
    expect((await c.get('/user/point')).body.is_login).toBe('0');
    const replay = client();
    replay.cookies.set('sid', sid);
    expect((await replay.get('/user/point')).body.is_login).toBe('0');
    expect((await replay.get('/user/detail')).body.state).toBe(401);
  });

  it('logs out a guest harmlessly', async () => {
    expect((await client().get('/user/logout')).body.state).toBe(200);
  });

  it('gives a guest zeros', async () => {
    const res = await client().get('/user/point');
    expect(res.body).toMatchObject({
      state: 200,
      is_login: '0',
      point: 0,
      coin: 0,
      coin_tenths: 0,
      rank: 0,
      rank_name: '',
      lang: 'en',
    });
  });

  it('shows gems, coins with one decimal, and the rank name in the member language', async () => {
    const m = await createMember(t.db, { coin_tenths: 123, rank: 3 });
    await awardGems(
      t.db,
      { userId: m.id, amount: 700, kind: 'bonus', source: 'admin', reason: 'admin' },
      t.clock.now(),
    );
    const c = client('ja');
    await c.post('/user/login', { mail: m.mail, pass: m.pass });
    const res = await c.get('/user/point');
    expect(res.body).toMatchObject({
      is_login: '1',
      point: 700,
      coin: 12.3,
      coin_tenths: 123,
      rank: 3,
      rank_name: 'シルバー',
      lang: 'ja',
    });
  });
});

describe('GET /user/detail', () => {
  async function loggedIn(overrides: Parameters<typeof createMember>[1] = {}) {
    const m = await createMember(t.db, overrides);
    const c = t.client({ ip: nextIp() });
    await c.post('/user/login', { mail: m.mail, pass: m.pass });
    return { m, c };
  }

  it('needs a logged-in member', async () => {
    const res = await t.client().get('/user/detail');
    expect(res.body.state).toBe(401);
    expect(res.body.message).toBe('Please log in.');
  });

  it('shows the profile of a new member', async () => {
    const { m, c } = await loggedIn({
      last_name: 'Sato',
      first_name: 'Hanako',
      tel: '09012345678',
      zipcode: '1000001',
    });
    const res = await c.get('/user/detail');
    expect(res.body).toMatchObject({
      state: 200,
      id: m.id,
      lastName: 'Sato',
      middleName: '',
      firstName: 'Hanako',
      mail: m.mail,
      tel: '09012345678',
      zipcode: '1000001',
      country_id: null,
      country_name: '',
      end_sms: '0',
      referral_code: m.referralCode,
      availablePoint: 0,
      rank: 1,
      rank_name: 'White',
      rank_coin: 0,
      rank_max_price: 50_000,
      rank_current_price: 0,
      remaining_point: 50_001,
      is_rank_maintained: false,
      next_month: 1,
      next_month_name: 'White',
    });
    expect(res.body).not.toHaveProperty('pass_hash');
  });

  it("counts only this JST month's gem pack spend towards the rank bar", async () => {
    const { m, c } = await loggedIn({ rank: 3 });
    // the test clock is 2026-11-20 JST; November began at 2026-10-31T15:00Z
    await recordPackSpend(t.db, m.id, 1000, '2026-10-31T15:00:00.000Z');
    await recordPackSpend(t.db, m.id, 500, '2026-11-20T02:00:00.000Z');
    await recordPackSpend(t.db, m.id, 99_999, '2026-10-31T14:59:59.999Z'); // October in Japan
    const res = await c.get('/user/detail');
    expect(res.body).toMatchObject({
      rank: 3,
      rank_name: 'Silver',
      rank_coin: 500,
      rank_max_price: 500_000,
      rank_current_price: 1500,
      is_rank_maintained: true, // the spend leads to White next month: the Silver member may pay to keep it
      next_month: 1,
      next_month_name: 'White',
    });
  });

  it('shows the rank a spend leads to and no maintenance offer when the spend keeps the rank', async () => {
    const { m, c } = await loggedIn({ rank: 3 });
    await recordPackSpend(t.db, m.id, 600_000, '2026-11-05T00:00:00.000Z');
    const res = await c.get('/user/detail');
    expect(res.body).toMatchObject({ is_rank_maintained: false, next_month: 4, next_month_name: 'Gold' });
  });
});

describe('login throttling', () => {
  const fail = (c: TestClient, mail: string) => c.post('/user/login', { mail, pass: 'wrong-password' });

  it('blocks an account after N failures with 429, and lets the owner in once the block has run out', async () => {
    const m = await createMember(t.db);
    for (let i = 0; i < 3; i++) {
      // each attempt from another address: the account counter alone must block
      expect((await fail(t.client({ ip: nextIp() }), m.mail)).body.state).toBe(400);
    }
    const owner = t.client({ ip: nextIp() });
    const blocked = await owner.post('/user/login', { mail: m.mail, pass: m.pass });
    expect(blocked.body.state).toBe(429);
    expect(blocked.httpStatus).toBe(429);
    expect(blocked.body.message).toBe(
      `Too many attempts. Please wait ${blockMinutes} minutes and try again.`,
    );
    expect(owner.cookies.has('sid')).toBe(false);

    t.clock.advance((blockMinutes - 1) * 60_000);
    expect((await owner.post('/user/login', { mail: m.mail, pass: m.pass })).body.message).toMatch(
      /wait 1 minutes/,
    );
    t.clock.advance(60_000);
    const ok = await owner.post('/user/login', { mail: m.mail, pass: m.pass });
    expect(ok.body.state).toBe(200);
  });

  it('blocks an address after N failures on any accounts, other addresses unaffected', async () => {
    const m = await createMember(t.db);
    const ip = nextIp();
    for (let i = 0; i < 6; i++) expect((await fail(t.client({ ip }), uniqueMail())).body.state).toBe(400);
    expect((await t.client({ ip }).post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(429);
    expect(
      (await t.client({ ip: nextIp() }).post('/user/login', { mail: m.mail, pass: m.pass })).body.state,
    ).toBe(200);
    t.clock.advance(blockMinutes * 60_000);
    expect((await t.client({ ip }).post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
  });

  it('answers 429 in Japanese', async () => {
    const m = await createMember(t.db);
    for (let i = 0; i < 3; i++) await fail(t.client({ ip: nextIp() }), m.mail);
    const res = await t
      .client({ ip: nextIp(), lang: 'ja' })
      .post('/user/login', { mail: m.mail, pass: m.pass });
    expect(res.body.message).toBe(
      `試行回数が多すぎます。${blockMinutes}分ほど待ってから再度お試しください。`,
    );
  });

  it('clears the account counter on a successful login', async () => {
    const m = await createMember(t.db);
    const c = t.client({ ip: nextIp() });
    for (let i = 0; i < 2; i++) await fail(t.client({ ip: nextIp() }), m.mail);
    expect((await c.post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
    for (let i = 0; i < 2; i++) expect((await fail(t.client({ ip: nextIp() }), m.mail)).body.state).toBe(400);
    expect((await c.post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const m = await createMember(t.db);
    for (let i = 0; i < 2; i++) await fail(t.client({ ip: nextIp() }), m.mail);
    t.clock.advance(blockMinutes * 60_000);
    for (let i = 0; i < 2; i++) expect((await fail(t.client({ ip: nextIp() }), m.mail)).body.state).toBe(400);
    expect(
      (await t.client({ ip: nextIp() }).post('/user/login', { mail: m.mail, pass: m.pass })).body.state,
    ).toBe(200);
  });

  it('counts every one of concurrent failures', async () => {
    const m = await createMember(t.db);
    const mail = m.mail.toLowerCase();
    await Promise.all([0, 1].map(() => fail(t.client({ ip: nextIp() }), m.mail)));
    const row = await t.db
      .selectFrom('throttles')
      .selectAll()
      .where('key', '=', `login:mail:${mail}`)
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(2);
    expect(row.blocked_until).toBeNull();
    await fail(t.client({ ip: nextIp() }), m.mail);
    const blocked = await t.db
      .selectFrom('throttles')
      .selectAll()
      .where('key', '=', `login:mail:${mail}`)
      .executeTakeFirstOrThrow();
    expect(blocked.count).toBe(3);
    expect(blocked.blocked_until).toBe(
      new Date(t.clock.now().getTime() + blockMinutes * 60_000).toISOString(),
    );
  });
});
