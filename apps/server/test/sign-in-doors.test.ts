import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { commandWrite } from '../src/modules/admin/service.ts';
import { createStaff, SECOND_FACTOR_MAX_FAILURES } from '../src/modules/admin/staff.ts';
import { createMember } from './factories.ts';
import { createTestApp, type TestClient } from './helpers.ts';

/**
 * The doors of signing in, for staff and members: second-factor guesses counted per staff account, the staff
 * session moved to a new id once the second factor is given, right sign-ins that never count against the
 * office's address, and device cookies that keep a browser which signed in before out of strangers' lockouts.
 */
const t = await createTestApp({ rateLimits: false });
const db = t.db;
const PASSWORD = 'a-long-staff-password';

let seq = 0;
/** An enrolled staff account and the secret of its authenticator (enrolled through the API). */
async function enrolledStaff(): Promise<{ email: string; secret: string; id: number }> {
  const email = `door-${seq++}@shop.example`;
  const { id } = await createStaff(commandWrite(db), { email, password: PASSWORD, role: 'owner' });
  const c = t.client();
  await c.post('/admin/login', { email, password: PASSWORD });
  const start = await c.post('/admin/totp/start', {});
  const confirmed = await c.post('/admin/totp/confirm', { code: codeAt(start.body.secret, 0) });
  expect(confirmed.body.state).toBe(200);
  return { email, secret: start.body.secret, id };
}

/** The authenticator's code `steps` time steps from the test clock's now. */
const codeAt = (secret: string, steps: number) =>
  new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  }).generate({ timestamp: t.clock.now().getTime() + steps * 30_000 });

/** A code the authenticator does not show now (nor one step either side). */
const wrongCode = (secret: string) => {
  const near = new Set([-1, 0, 1].map((d) => codeAt(secret, d)));
  for (let n = 0; ; n++) {
    const guess = String(n).padStart(6, '0');
    if (!near.has(guess)) return guess;
  }
};

async function passwordStep(email: string, opts: { ip?: string; client?: TestClient } = {}) {
  const c = opts.client ?? t.client(opts.ip ? { ip: opts.ip } : {});
  const res = await c.post('/admin/login', { email, password: PASSWORD });
  return { c, res };
}

const lockoutRows = (staffId: number) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'staff.second_factor_locked')
    .where('target_id', '=', String(staffId))
    .execute();

describe('second-factor guesses', () => {
  it(`at most ${SECOND_FACTOR_MAX_FAILURES} wrong codes, then the password step is void, one audit row, and the right code waits for the block`, async () => {
    const s = await enrolledStaff();
    t.clock.advance(60_000);
    const { c } = await passwordStep(s.email);
    const states: number[] = [];
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++)
      states.push((await c.post('/admin/totp/verify', { code: wrongCode(s.secret) })).body.state);
    expect(states).toEqual([400, 400, 400, 400, 429]);
    // the session of the password step is over: the right code on it does nothing
    const after = await c.post('/admin/totp/verify', { code: codeAt(s.secret, 0) });
    // (the csrf pair was the dead session's: refused at the pair, as any call of a session that ended)
    expect(after.body.state).toBe(403);
    expect((await c.get('/admin/me')).body.signed_in).toBe(false);
    const rows = await lockoutRows(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff_id: s.id, target_type: 'staff' });

    // a new password step: the right code is refused while the block holds, and voids that step too
    const again = await passwordStep(s.email);
    expect(again.res.body.state).toBe(200);
    const blocked = await again.c.post('/admin/totp/verify', { code: codeAt(s.secret, 0) });
    expect(blocked.body).toMatchObject({ state: 429 });
    expect(blocked.body.message).toMatch(/minutes/);
    expect((await again.c.get('/admin/me')).body.signed_in).toBe(false);
    expect(await lockoutRows(s.id)).toHaveLength(1); // one row per lockout, not per refused try

    // after the block the staff member signs in again
    t.clock.advance(15 * 60_000 + 1000);
    const later = await passwordStep(s.email);
    expect((await later.c.post('/admin/totp/verify', { code: codeAt(s.secret, 0) })).body.state).toBe(200);
    expect((await later.c.get('/admin/audit')).body.state).toBe(200);
  });

  it('answers the lockout in the staff member’s language', async () => {
    const s = await enrolledStaff();
    t.clock.advance(60_000);
    const c = t.client({ lang: 'ja' });
    await c.post('/admin/login', { email: s.email, password: PASSWORD });
    let last;
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++)
      last = await c.post('/admin/totp/verify', { code: wrongCode(s.secret) });
    expect(last!.body.message).toBe(
      'コードの誤りが多すぎます。15分後にパスワードからログインし直してください。',
    );
  });

  it('counts parallel guesses like sequential ones', async () => {
    const s = await enrolledStaff();
    t.clock.advance(60_000);
    const { c } = await passwordStep(s.email);
    await c.get('/admin/me');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => c.post('/admin/totp/verify', { code: wrongCode(s.secret) })),
    );
    const compared = answers.filter((a) => a.body.state === 400).length;
    expect(compared).toBeLessThanOrEqual(SECOND_FACTOR_MAX_FAILURES - 1);
    // past the lockout: 429, or the voided session's 403 (its csrf pair) or 401
    expect(answers.every((a) => [400, 401, 403, 429].includes(a.body.state))).toBe(true);
    expect(await lockoutRows(s.id)).toHaveLength(1);
    const fresh = await passwordStep(s.email);
    expect((await fresh.c.post('/admin/totp/verify', { code: codeAt(s.secret, 0) })).body.state).toBe(429);
  });

  it('counts recovery codes and the enrolment’s first code on the same account', async () => {
    const s = await enrolledStaff();
    t.clock.advance(60_000);
    const { c } = await passwordStep(s.email);
    const states: number[] = [];
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++)
      states.push((await c.post('/admin/totp/verify', { recovery_code: `0000-0000-000${i}` })).body.state);
    expect(states).toEqual([400, 400, 400, 400, 429]);

    const email = `enrol-${seq++}@shop.example`;
    const { id } = await createStaff(commandWrite(db), { email, password: PASSWORD, role: 'viewer' });
    const e = await passwordStep(email);
    const start = await e.c.post('/admin/totp/start', {});
    const enrolStates: number[] = [];
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++)
      enrolStates.push(
        (await e.c.post('/admin/totp/confirm', { code: wrongCode(start.body.secret) })).body.state,
      );
    expect(enrolStates).toEqual([400, 400, 400, 400, 429]);
    expect(await lockoutRows(id)).toHaveLength(1);
    expect((await e.c.post('/admin/totp/confirm', { code: codeAt(start.body.secret, 0) })).body.state).toBe(
      403,
    );
    expect((await e.c.get('/admin/me')).body.signed_in).toBe(false);
  });

  it('a right code clears the count', async () => {
    const s = await enrolledStaff();
    for (let round = 1; round <= 3; round++) {
      t.clock.advance(60_000);
      const { c } = await passwordStep(s.email);
      for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES - 1; i++)
        expect((await c.post('/admin/totp/verify', { code: wrongCode(s.secret) })).body.state).toBe(400);
      expect((await c.post('/admin/totp/verify', { code: codeAt(s.secret, 0) })).body.state).toBe(200);
    }
    expect(await lockoutRows(s.id)).toHaveLength(0);
  });

  it('moves the session to a new id when the second factor is given; the old id is dead', async () => {
    const s = await enrolledStaff();
    t.clock.advance(60_000);
    const { c } = await passwordStep(s.email);
    const before = c.cookies.get('staff_sid')!;
    const done = await c.post('/admin/totp/verify', { code: codeAt(s.secret, 0) });
    expect(done.body.state).toBe(200);
    expect(done.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^staff_sid=.*Path=\/api\/admin.*HttpOnly/)]),
    );
    const after = c.cookies.get('staff_sid')!;
    expect(after).not.toBe(before);
    expect((await c.get('/admin/audit')).body.state).toBe(200); // the answer's csrf pair is the new session's
    expect((await c.post('/admin/logout', {})).body.state).toBe(200);
    const stale = t.client();
    stale.cookies.set('staff_sid', before);
    expect((await stale.get('/admin/me')).body.signed_in).toBe(false);
    expect((await stale.get('/admin/audit')).body.state).toBe(401);
  });
});

describe('staff sign-ins from one office address', () => {
  it('35 right sign-ins in a row never lock the address out', async () => {
    const s = await enrolledStaff();
    const states: number[] = [];
    for (let i = 0; i < 35; i++)
      states.push((await passwordStep(s.email, { ip: '198.51.100.7' })).res.body.state);
    expect(states.every((x) => x === 200)).toBe(true);
    // a stranger's failures from the same address still count
    for (let i = 0; i < 30; i++)
      await t
        .client({ ip: '198.51.100.7' })
        .post('/admin/login', { email: `nobody-${i}@shop.example`, password: 'wrong-password' });
    expect((await passwordStep(s.email, { ip: '198.51.100.7' })).res.body.state).toBe(429);
  });
});

describe('device cookies', () => {
  it('a staff browser that signed in before keeps signing in while strangers hold the account locked', async () => {
    const s = await enrolledStaff();
    t.clock.advance(60_000);
    const office = t.client({ ip: '192.0.2.10' });
    await passwordStep(s.email, { client: office });
    expect((await office.post('/admin/totp/verify', { code: codeAt(s.secret, 0) })).body.state).toBe(200);
    expect(office.cookies.get('staff_did')).toBeTruthy();
    await office.post('/admin/logout', {});
    await office.get('/admin/me'); // the csrf pair of a guest again, as the console fetches after a sign-out

    for (let i = 0; i < 6; i++)
      await t.client({ ip: `203.0.113.${i}` }).post('/admin/login', { email: s.email, password: 'wrong!' });
    expect((await passwordStep(s.email, { ip: '192.0.2.11' })).res.body.state).toBe(429); // a new browser
    expect((await passwordStep(s.email, { client: office })).res.body.state).toBe(200);
  });

  it('a member who signed in before keeps signing in while the account or the address is locked by others', async () => {
    const m = await createMember(db);
    const own = t.client({ ip: '198.51.100.50' });
    expect((await own.post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
    expect(own.cookies.get('did')).toBeTruthy();
    await own.get('/user/logout');

    // the account: five wrong passwords from anywhere
    for (let i = 0; i < 5; i++)
      await t
        .client({ ip: `203.0.113.${100 + i}` })
        .post('/user/login', { mail: m.mail, pass: 'wrong-pass' });
    expect((await t.client().post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(429);
    expect((await own.post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
    await own.get('/user/logout');

    // the address: 30 failures on other accounts from the carrier's one address
    for (let i = 0; i < 30; i++)
      await t
        .client({ ip: '198.51.100.50' })
        .post('/user/login', { mail: `stranger-${i}@example.com`, pass: 'wrong-pass' });
    const other = await createMember(db);
    expect(
      (await t.client({ ip: '198.51.100.50' }).post('/user/login', { mail: other.mail, pass: other.pass }))
        .body.state,
    ).toBe(429);
    expect((await own.post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
  });

  it('trusts a cookie only for the account it was given for, only as signed, and counts its own failures', async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    const browser = t.client({ ip: '198.51.100.60' });
    expect((await browser.post('/user/login', { mail: a.mail, pass: a.pass })).body.state).toBe(200);
    await browser.get('/user/logout');
    const cookie = browser.cookies.get('did')!;

    // b locked by strangers: a's cookie does not open b
    for (let i = 0; i < 5; i++) await t.client().post('/user/login', { mail: b.mail, pass: 'wrong-pass' });
    expect((await browser.post('/user/login', { mail: b.mail, pass: b.pass })).body.state).toBe(429);

    // a cookie whose signature does not hold is no cookie: a locked by strangers stays locked for it
    for (let i = 0; i < 5; i++) await t.client().post('/user/login', { mail: a.mail, pass: 'wrong-pass' });
    const forged = t.client();
    const [nonce, tag] = cookie.split('.');
    forged.cookies.set('did', `${nonce}.${tag}.${'A'.repeat(43)}`);
    expect((await forged.post('/user/login', { mail: a.mail, pass: a.pass })).body.state).toBe(429);

    // the device's own wrong passwords count against it
    const states: number[] = [];
    for (let i = 0; i < 6; i++)
      states.push((await browser.post('/user/login', { mail: a.mail, pass: 'wrong-pass' })).body.state);
    expect(states).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await browser.post('/user/login', { mail: a.mail, pass: a.pass })).body.state).toBe(429);
  });
});
