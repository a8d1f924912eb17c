import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/modules/auth/password.ts';
import { mailerFor } from '../src/modules/mail/service.ts';
import { createTestApp, uniqueMail, type TestClient } from './helpers.ts';
import { createMember } from './factories.ts';
import { allCounts, expectBadInputRefused, loggedIn, outboxFor, snapshot } from './member-helpers.ts';

const t = await createTestApp();
const mailer = mailerFor({ db: t.db, config: t.config });
const MIN = 60_000;
let ipSeq = 0;
/** Each test its own client address, so the per-address throttles of one test do not leak into another. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

async function requestCode(c: TestClient, mail: string) {
  const res = await c.post('/user/create_onetime_reset_password', { mail });
  await mailer.idle();
  return res;
}

async function latestCode(mail: string, kind = 'reset_code') {
  const msg = (await outboxFor(t, mail.toLowerCase())).find((m) => m.kind === kind);
  return msg?.code ?? null;
}

describe('password reissue (POST /user/create_onetime_reset_password, /user/reset_password)', () => {
  it('mails a one-time code; the code sets a temporary password that logs in, and is mailed', async () => {
    const m = await createMember(t.db);
    const c = t.client({ ip: freshIp() });
    const res = await requestCode(c, m.mail.toUpperCase());
    expect(res.body.state).toBe(200);
    expect(res.body.message).toBe('If this address is registered, a verification code has been sent to it.');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/pw_reset=[^;]+; Max-Age=1800; Path=\/api\/user; HttpOnly; SameSite=Lax/);
    const code = await latestCode(m.mail);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // the code is not stored in the clear
    const row = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code!.replace('-', ''));

    const done = await c.post('/user/reset_password', { code: ` ${code!.toLowerCase()} ` });
    expect(done.body).toMatchObject({
      state: 200,
      message: 'A temporary password has been sent to your email address.',
    });
    const temp = await latestCode(m.mail, 'temp_password');
    expect(temp).toMatch(/^[A-Za-z2-9]{12}$/);
    const user = await t.db
      .selectFrom('users')
      .select('pass_hash')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(user.pass_hash!, temp!)).toBe(true);
    expect(user.pass_hash).toMatch(/^\$argon2id\$/);
    expect((await t.client().post('/user/login', { mail: m.mail, pass: temp })).body.state).toBe(200);
    expect((await t.client().post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(400);
  });

  it('answers the same whether or not the address exists, and sends nothing for an unknown one', async () => {
    const known = await createMember(t.db);
    const unknown = uniqueMail('nobody');
    const a = await requestCode(t.client({ ip: freshIp() }), known.mail);
    const before = await allCounts(t.db);
    const b = await requestCode(t.client({ ip: freshIp() }), unknown);
    const strip = (r: typeof a) => ({
      http: r.httpStatus,
      state: r.body.state,
      message: r.body.message,
      keys: Object.keys(r.body).sort(),
      cookie: String(r.headers['set-cookie'])
        .replace(/pw_reset=[^;]+/, 'pw_reset=X')
        .replace(/gid=[^;]+/, 'gid=X'),
    });
    expect(strip(b)).toEqual(strip(a));
    expect(await outboxFor(t, unknown)).toEqual([]);
    const after = await allCounts(t.db);
    expect(after.outbox_messages).toBe(before.outbox_messages);
  });

  it('refuses any code in a browser that did not ask (no ticket), and an unknown address’s ticket', async () => {
    const m = await createMember(t.db);
    await requestCode(t.client({ ip: freshIp() }), m.mail);
    const code = await latestCode(m.mail);
    const other = await t.client({ ip: freshIp() }).post('/user/reset_password', { code });
    expect(other.body).toMatchObject({ state: 400 });
    expect(other.body.errors.code[0]).toBe(
      'The verification code is wrong or no longer valid. Please request a new code.',
    );

    const c = t.client({ ip: freshIp() });
    await requestCode(c, uniqueMail('ghost'));
    expect((await c.post('/user/reset_password', { code })).body.state).toBe(400);
  });

  it('voids the code after 5 wrong tries: the right code is then refused and nothing changes', async () => {
    const m = await createMember(t.db);
    const c = t.client({ ip: freshIp() });
    await requestCode(c, m.mail);
    const code = (await latestCode(m.mail))!;
    const before = await snapshot(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/user/reset_password', { code: `WRONG${i}XY` });
      expect(res.body.state).toBe(400);
    }
    const res = await c.post('/user/reset_password', { code });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.code).toBeDefined();
    const user = await t.db
      .selectFrom('users')
      .select('pass_hash')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(user.pass_hash).toBe(before.users.find((u) => u.id === m.id)!.pass_hash);
    expect((await loggedIn(t, m)).cookies.has('sid')).toBe(true);
  });

  it('counts tries before comparing: 8 tries at once reach the code at most 5 times', async () => {
    const m = await createMember(t.db);
    const c = t.client({ ip: freshIp() });
    await requestCode(c, m.mail);
    const code = (await latestCode(m.mail))!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        c.post('/user/reset_password', { code: i === 7 ? code : `BAD${i}ABCD` }),
      ),
    );
    const row = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.state === 200).length).toBeLessThanOrEqual(1);
  });

  it('refuses an expired code (30 minutes) and a used one', async () => {
    const m = await createMember(t.db);
    const c = t.client({ ip: freshIp() });
    await requestCode(c, m.mail);
    const code = (await latestCode(m.mail))!;
    t.clock.advance(30 * MIN + 1000);
    try {
      expect((await c.post('/user/reset_password', { code })).body.state).toBe(400);
    } finally {
      t.clock.advance(-(30 * MIN + 1000));
    }

    const c2 = t.client({ ip: freshIp() });
    await requestCode(c2, m.mail);
    const code2 = (await latestCode(m.mail))!;
    expect((await c2.post('/user/reset_password', { code: code2 })).body.state).toBe(200);
    const temp = (await latestCode(m.mail, 'temp_password'))!;
    // the ticket cookie was cleared; even a replayed ticket finds the code used
    const replay = t.client({ ip: freshIp() });
    replay.cookies = new Map(c2.cookies);
    const rows = await t.db
      .selectFrom('password_resets')
      .select(['used_at'])
      .where('user_id', '=', m.id)
      .execute();
    expect(rows.every((r) => r.used_at !== null)).toBe(true);
    expect((await replay.post('/user/reset_password', { code: code2 })).body.state).toBe(400);
    expect((await t.client().post('/user/login', { mail: m.mail, pass: temp })).body.state).toBe(200);
  });

  it('a new request voids the earlier code', async () => {
    const m = await createMember(t.db);
    const first = t.client({ ip: freshIp() });
    await requestCode(first, m.mail);
    const code1 = (await latestCode(m.mail))!;
    await requestCode(t.client({ ip: freshIp() }), m.mail);
    expect((await first.post('/user/reset_password', { code: code1 })).body.state).toBe(400);
  });

  it('ends the member’s other sessions', async () => {
    const m = await createMember(t.db);
    const phone = await loggedIn(t, m);
    const laptop = await loggedIn(t, m);
    expect((await phone.get('/user/detail')).body.state).toBe(200);
    const c = t.client({ ip: freshIp() });
    await requestCode(c, m.mail);
    expect((await c.post('/user/reset_password', { code: await latestCode(m.mail) })).body.state).toBe(200);
    expect((await phone.get('/user/detail')).body.state).toBe(401);
    expect((await laptop.get('/user/detail')).body.state).toBe(401);
  });

  it('throttles codes per address: the 4th request within the window is state 429 with a message, nothing sent', async () => {
    const m = await createMember(t.db);
    for (let i = 0; i < 3; i++)
      expect((await requestCode(t.client({ ip: freshIp() }), m.mail)).body.state).toBe(200);
    const before = (await outboxFor(t, m.mail)).length;
    const res = await requestCode(t.client({ ip: freshIp() }), m.mail);
    expect(res.httpStatus).toBe(429);
    expect(res.body.state).toBe(429);
    expect(res.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes/);
    expect((await outboxFor(t, m.mail)).length).toBe(before);
    // the same for an unknown address: the throttle does not tell either
    const ghost = uniqueMail('ghost');
    for (let i = 0; i < 3; i++) await requestCode(t.client({ ip: freshIp() }), ghost);
    expect((await requestCode(t.client({ ip: freshIp() }), ghost)).body.state).toBe(429);
    // the window runs out
    t.clock.advance(t.config.login.blockMinutes * MIN + 1000);
    try {
      expect((await requestCode(t.client({ ip: freshIp() }), m.mail)).body.state).toBe(200);
    } finally {
      t.clock.advance(-(t.config.login.blockMinutes * MIN + 1000));
    }
  });

  it('throttles per client address (429) and wrong codes per client address (429)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await requestCode(t.client({ ip }), uniqueMail('spray'))).body.state).toBe(200);
    }
    const res = await requestCode(t.client({ ip }), uniqueMail('spray'));
    expect(res.body.state).toBe(429);

    const guessIp = freshIp();
    const guesser = t.client({ ip: guessIp });
    for (let n = 0; n < 4; n++) {
      await requestCode(guesser, uniqueMail('g'));
      for (let i = 0; i < 5; i++) await guesser.post('/user/reset_password', { code: `GUESS${n}${i}` });
    }
    const blocked = await guesser.post('/user/reset_password', { code: 'ANYTHING' });
    expect(blocked.body.state).toBe(429);
    expect(blocked.body.message).toMatch(/Please wait/);
  });

  it('mails the code and the temporary password in the language of the page that asked', async () => {
    // an account kept in Japanese, reissued from an English page: the mails are read where they were asked for
    const m = await createMember(t.db, { lang: 'ja' });
    const c = t.client({ ip: freshIp(), lang: 'en' });
    await requestCode(c, m.mail);
    const [code] = await outboxFor(t, m.mail);
    expect(code!.subject).toBe('[Gacha Gems] Your verification code');
    expect(code!.body).toContain(code!.code!);
    expect((await c.post('/user/reset_password', { code: code!.code! })).body.state).toBe(200);
    const temp = (await outboxFor(t, m.mail)).find((x) => x.kind !== code!.kind);
    expect(temp!.subject).toBe('[Gacha Gems] Your temporary password');

    // and the other way round
    const e = await createMember(t.db, { lang: 'en' });
    await requestCode(t.client({ ip: freshIp(), lang: 'ja' }), e.mail);
    const [ja] = await outboxFor(t, e.mail);
    expect(ja!.subject).toBe('【ガチャジェム】認証コードのお知らせ');
  });

  it('other mails follow the language the member last chose in the browser', async () => {
    const m = await createMember(t.db, { lang: 'en' });
    const me = await loggedIn(t, m);
    me.cookies.set('lang', 'ja'); // the language switch
    expect((await me.get('/user/point')).body.state).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('lang')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.lang).toBe('ja');
  });

  it('refuses codes longer than 20 characters (spec §5) with a field error', async () => {
    const res = await t.client({ ip: freshIp() }).post('/user/reset_password', { code: 'A'.repeat(21) });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.code[0]).toBe('Please enter at most 20 characters.');
  });
});

describe('POST /user/change_password', () => {
  it('changes the password, keeps this session, ends the others and mails a notice', async () => {
    const m = await createMember(t.db);
    const me = await loggedIn(t, m);
    const other = await loggedIn(t, m);
    const res = await me.post('/user/change_password', {
      currentPass: m.pass,
      pass: 'newpass99',
      confirmPass: 'newpass99',
    });
    expect(res.body).toMatchObject({ state: 200, message: 'Your password has been changed.' });
    await mailer.idle();
    expect((await me.get('/user/detail')).body.state).toBe(200);
    expect((await other.get('/user/detail')).body.state).toBe(401);
    expect((await t.client().post('/user/login', { mail: m.mail, pass: 'newpass99' })).body.state).toBe(200);
    expect((await outboxFor(t, m.mail))[0]!.kind).toBe('password_changed');
  });

  it("refuses a confirmation that does not match under errors.pass: 'Does not match password confirmation'", async () => {
    const m = await createMember(t.db);
    const me = await loggedIn(t, m);
    const before = await snapshot(t.db);
    const res = await me.post('/user/change_password', { pass: 'newpass99', confirmPass: 'newpass98' });
    expect(res.body.state).toBe(400);
    expect(res.body.errors).toEqual({ pass: ['Does not match password confirmation'] });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('reports format errors of both fields under errors.pass, and needs a login', async () => {
    const m = await createMember(t.db);
    const me = await loggedIn(t, m);
    const short = await me.post('/user/change_password', { pass: '12', confirmPass: '12' });
    expect(short.body.errors.pass[0]).toBe('Please use 6 to 20 half-width letters, numbers or symbols.');
    const long = await me.post('/user/change_password', { pass: 'newpass99', confirmPass: 'x'.repeat(101) });
    expect(Object.keys(long.body.errors)).toEqual(['pass']);
    expect(
      (await t.client().post('/user/change_password', { pass: 'newpass99', confirmPass: 'newpass99' })).body
        .state,
    ).toBe(401);
  });
});

describe('bad input', async () => {
  const m = await createMember(t.db);
  const member = await loggedIn(t, m);
  const guest = t.client();
  await guest.get('/user/point');

  it('POST /user/create_onetime_reset_password refuses every bad shape and writes nothing', async () => {
    await expectBadInputRefused(
      t,
      {
        path: '/user/create_onetime_reset_password',
        valid: () => ({ mail: m.mail }),
        kinds: { mail: 'text' },
      },
      guest,
    );
  });
  it('POST /user/reset_password refuses every bad shape and writes nothing', async () => {
    await expectBadInputRefused(
      t,
      { path: '/user/reset_password', valid: () => ({ code: 'ABCD-EFGH' }), kinds: { code: 'text' } },
      guest,
    );
  });
  it('POST /user/change_password refuses every bad shape and writes nothing', async () => {
    await expectBadInputRefused(
      t,
      {
        path: '/user/change_password',
        valid: () => ({ currentPass: m.pass, pass: 'secret123', confirmPass: 'secret123' }),
        kinds: { currentPass: 'text', pass: 'text', confirmPass: 'text' },
        wire: { confirmPass: 'pass' },
      },
      member,
    );
  });
});
