import { describe, expect, it } from 'vitest';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import { toE164 } from '../src/modules/sms/service.ts';
import { createTestApp, type TestClient } from './helpers.ts';
import { COUNTRIES, createMember, ensureCountries } from './factories.ts';
import { expectBadInputRefused, loggedIn, outboxFor, snapshot } from './member-helpers.ts';

const t = await createTestApp();
await ensureCountries(t.db);
const SEC = 1000;
let telSeq = 1000;
/** A fresh Japanese mobile number per test. */
const freshTel = () => `090-${String(++telSeq).padStart(4, '0')}-5678`;
const e164 = (tel: string) => toE164(tel, JAPAN_COUNTRY_ID)!;

async function member(overrides = {}) {
  const m = await createMember(t.db, overrides);
  return { m, c: await loggedIn(t, m) };
}

async function sendCode(c: TestClient, tel: string) {
  const res = await c.post('/user/send_sms', { tel });
  const code = res.body.state === 200 ? ((await outboxFor(t, e164(tel)))[0]?.code ?? null) : null;
  return { res, code };
}

describe('phone numbers', () => {
  it('are normalised to E.164 by the member’s country', () => {
    expect(toE164('090-1234-5678', JAPAN_COUNTRY_ID)).toBe('+819012345678');
    expect(toE164('090 1234 5678', null)).toBe('+819012345678');
    expect(toE164('+81 90-1234-5678', COUNTRIES.usa.id)).toBe('+819012345678');
    expect(toE164('0081 90 1234 5678', null)).toBe('+819012345678');
    expect(toE164('415-555-0100', COUNTRIES.usa.id)).toBe('+14155550100');
    expect(toE164('1 415 555 0100', COUNTRIES.usa.id)).toBe('+14155550100');
    expect(toE164('06 12 34 56 78', COUNTRIES.france.id)).toBe('+33612345678');
    expect(toE164('0612345678', 4)).toBeNull(); // Afghanistan: no calling code known, '+' needed
    expect(toE164('+0612345678', null)).toBeNull();
  });
});

describe('POST /user/send_sms and /user/check_sms', () => {
  it('sends a 6-digit code valid 10 minutes; the right code sets end_sms 1 and the tel', async () => {
    const { m, c } = await member();
    const tel = freshTel();
    const { res, code } = await sendCode(c, tel);
    expect(res.body.state).toBe(200);
    expect(code).toMatch(/^\d{6}$/);
    const [sms] = await outboxFor(t, e164(tel));
    expect(sms!.channel).toBe('sms');
    expect(sms!.body).toContain(code!);
    expect((await c.get('/user/detail')).body.end_sms).toBe('0');

    const ok = await c.post('/user/check_sms', { sms_code: code });
    expect(ok.body.state).toBe(200);
    const detail = (await c.get('/user/detail')).body;
    expect(detail.end_sms).toBe('1');
    expect(detail.tel).toBe(e164(tel));
    const row = await t.db
      .selectFrom('verified_phones')
      .selectAll()
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe(e164(tel));
  });

  it("answers 'It's already done.' under errors.user_id once verified", async () => {
    const { c } = await member({ end_sms: 1 });
    const res = await c.post('/user/send_sms', { tel: freshTel() });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.user_id).toEqual(["It's already done."]);
  });

  it('voids the code after 5 wrong tries: the right code is then refused, end_sms stays 0', async () => {
    const { m, c } = await member();
    const { code } = await sendCode(c, freshTel());
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await c.post('/user/check_sms', { sms_code: wrong });
      expect(res.body.errors.sms_code).toEqual(['The code is wrong. Please check it and try again.']);
    }
    const fifth = await c.post('/user/check_sms', { sms_code: wrong });
    expect(fifth.body.errors.sms_code).toEqual(['The code is no longer valid. Please send a new code.']);
    const before = await snapshot(t.db);
    const right = await c.post('/user/check_sms', { sms_code: code });
    expect(right.body.state).toBe(400);
    expect(right.body.errors.sms_code).toEqual(['The code is no longer valid. Please send a new code.']);
    expect(await snapshot(t.db)).toEqual(before);
    const u = await t.db
      .selectFrom('users')
      .select('end_sms')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(u.end_sms).toBe(0);
  });

  it('counts tries before comparing: 10 at once reach the code at most 5 times', async () => {
    const { m, c } = await member();
    const { code } = await sendCode(c, freshTel());
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.post('/user/check_sms', { sms_code: i === 9 ? code : String(100000 + i) }),
      ),
    );
    const row = await t.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.state === 200).length).toBeLessThanOrEqual(1);
  });

  it('refuses an expired code (10 minutes) and a used one', async () => {
    const { c } = await member();
    const { code } = await sendCode(c, freshTel());
    t.clock.advance(10 * 60 * SEC + SEC);
    try {
      const res = await c.post('/user/check_sms', { sms_code: code });
      expect(res.body.errors.sms_code).toEqual(['The code is no longer valid. Please send a new code.']);
    } finally {
      t.clock.advance(-(10 * 60 * SEC + SEC));
    }
    const second = await member();
    const sent = await sendCode(second.c, freshTel());
    expect((await second.c.post('/user/check_sms', { sms_code: sent.code })).body.state).toBe(200);
    const again = await second.c.post('/user/check_sms', { sms_code: sent.code });
    expect(again.body.state).toBe(400);
    expect(again.body.errors.sms_code).toEqual(["It's already done."]);
  });

  it('allows one send per 60 s per member: state 429 with the wait, nothing sent; a new send replaces the code', async () => {
    const { c } = await member();
    const tel = freshTel();
    const first = await sendCode(c, tel);
    t.clock.advance(30 * SEC);
    try {
      const before = await snapshot(t.db);
      const res = await c.post('/user/send_sms', { tel });
      expect(res.httpStatus).toBe(429);
      expect(res.body.state).toBe(429);
      expect(res.body.message).toBe('Please wait 30 seconds before sending another code.');
      expect(res.body.errors.user_id).toEqual([res.body.message]);
      expect(await snapshot(t.db)).toEqual(before);
      // two at once after the minute: one send
      t.clock.advance(31 * SEC);
      const both = await Promise.all([c.post('/user/send_sms', { tel }), c.post('/user/send_sms', { tel })]);
      expect(both.map((r) => r.body.state).sort()).toEqual([200, 429]);
      const codes = (await outboxFor(t, e164(tel))).map((x) => x.code);
      expect(codes.length).toBe(2);
      // the first code was replaced
      if (codes[0] !== first.code) {
        expect((await c.post('/user/check_sms', { sms_code: first.code })).body.state).toBe(400);
      }
      expect((await c.post('/user/check_sms', { sms_code: codes[0] })).body.state).toBe(200);
    } finally {
      t.clock.advance(-61 * SEC);
    }
  });

  it('caps sends at 10 per 24 hours per member (state 429)', async () => {
    const { c } = await member();
    const tel = freshTel();
    let moved = 0;
    try {
      for (let i = 0; i < 10; i++) {
        expect((await c.post('/user/send_sms', { tel })).body.state).toBe(200);
        t.clock.advance(61 * SEC);
        moved += 61 * SEC;
      }
      const res = await c.post('/user/send_sms', { tel });
      expect(res.body.state).toBe(429);
      expect(res.body.message).toMatch(/Please wait \d+ minutes/);
      t.clock.advance(24 * 3600 * SEC);
      moved += 24 * 3600 * SEC;
      expect((await c.post('/user/send_sms', { tel })).body.state).toBe(200);
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('a phone verified by one member cannot verify another', async () => {
    const tel = freshTel();
    const a = await member();
    const b = await member();
    const sentA = await sendCode(a.c, tel);
    // b gets a code for the same number before a verifies it
    const sentB = await sendCode(b.c, tel.replace(/-/g, ' '));
    expect((await a.c.post('/user/check_sms', { sms_code: sentA.code })).body.state).toBe(200);
    const before = await snapshot(t.db);
    const late = await b.c.post('/user/check_sms', { sms_code: sentB.code });
    expect(late.body.errors.sms_code).toEqual(['This phone number is already verified for another account.']);
    const after = await snapshot(t.db);
    // the try was counted, nothing else changed
    expect(after.users).toEqual(before.users);
    expect(after.counts).toEqual(before.counts);
    // and the number cannot even be sent to any more
    const third = await member();
    const res = await third.c.post('/user/send_sms', { tel: `+81${tel.replace(/-/g, '').slice(1)}` });
    expect(res.body.errors.user_id).toEqual(['This phone number is already verified for another account.']);
  });

  it('reports an unusable number and schema errors under errors.user_id; needs a login', async () => {
    const { c } = await member({ country_id: 4 });
    const res = await c.post('/user/send_sms', { tel: '0612345678' });
    expect(res.body.errors.user_id).toEqual([
      'Please enter the number with its country code, e.g. +81 90 1234 5678.',
    ]);
    const empty = await c.post('/user/send_sms', { tel: '' });
    expect(Object.keys(empty.body.errors)).toEqual(['user_id']);
    expect((await t.client().post('/user/send_sms', { tel: freshTel() })).body.state).toBe(401);
    expect((await t.client().post('/user/check_sms', { sms_code: '123456' })).body.state).toBe(401);
    const short = await c.post('/user/check_sms', { sms_code: '12345' });
    expect(short.body.errors.sms_code).toEqual(['Please enter the 6-digit code.']);
  });

  it('texts in the member’s language', async () => {
    const { c } = await member({ lang: 'ja' });
    const tel = freshTel();
    await sendCode(c, tel);
    expect((await outboxFor(t, e164(tel)))[0]!.body).toMatch(/^【ガチャジェム】認証コード：\d{6}/);
  });
});

describe('bad input', async () => {
  const { c } = await member();

  it('POST /user/send_sms refuses every bad shape and writes nothing', async () => {
    await expectBadInputRefused(
      t,
      {
        path: '/user/send_sms',
        valid: () => ({ tel: freshTel() }),
        kinds: { tel: 'text' },
        wire: { tel: 'user_id' },
      },
      c,
    );
  });
  it('POST /user/check_sms refuses every bad shape and writes nothing', async () => {
    await sendCode(c, freshTel());
    await expectBadInputRefused(
      t,
      { path: '/user/check_sms', valid: () => ({ sms_code: '123456' }), kinds: { sms_code: 'text' } },
      c,
    );
  });
});
