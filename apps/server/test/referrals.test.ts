import { describe, expect, it } from 'vitest';
import { awardGems, gemBalance } from '../src/modules/gems/service.ts';
import { checkReferralReward } from '../src/modules/referrals/service.ts';
import { createTestApp, onPostgres, type TestClient } from './helpers.ts';
import { createMember, type Member } from './factories.ts';
import { expectBadInputRefused, loggedIn, outboxFor, snapshot } from './member-helpers.ts';

const t = await createTestApp();
let telSeq = 3000;
const freshTel = () => `080-${String(++telSeq).padStart(4, '0')}-1111`;

/** What the payments module does when a gem purchase succeeds: a paid lot, then the referral check, in one tx. */
async function purchase(userId: number, gems: number) {
  await t.db.transaction().execute(async (tx) => {
    await awardGems(
      tx,
      { userId, amount: gems, kind: 'paid', source: 'purchase', reason: 'purchase' },
      t.clock.now(),
    );
    await checkReferralReward(tx, userId, t.clock.now());
  });
}

async function referralLots(userId: number) {
  return t.db
    .selectFrom('gem_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', 'referral')
    .execute();
}

/** Sends an SMS code and returns it without checking it. */
async function pendingSms(c: TestClient) {
  const tel = freshTel();
  expect((await c.post('/user/send_sms', { tel })).body.state).toBe(200);
  const e164 = `+81${tel.replace(/-/g, '').slice(1)}`;
  return (await outboxFor(t, e164))[0]!.code!;
}

async function verifySms(c: TestClient) {
  const code = await pendingSms(c);
  expect((await c.post('/user/check_sms', { sms_code: code })).body.state).toBe(200);
}

async function pair(): Promise<{ referrer: Member; friend: Member; c: TestClient }> {
  const referrer = await createMember(t.db);
  const friend = await createMember(t.db);
  const c = await loggedIn(t, friend);
  expect((await c.post('/user/set_referral_code', { referralCode: referrer.referralCode })).body.state).toBe(
    200,
  );
  return { referrer, friend, c };
}

describe('POST /user/set_referral_code', () => {
  it("refuses an empty code with 'Please enter a referral code.' under errors.referral_code", async () => {
    const c = await loggedIn(t, await createMember(t.db));
    for (const payload of [{ referralCode: '' }, { referralCode: '   ' }, {}]) {
      const res = await c.post('/user/set_referral_code', payload);
      expect(res.body.state).toBe(400);
      expect(res.body.errors).toEqual({ referral_code: ['Please enter a referral code.'] });
    }
  });

  it('attaches a referrer once (any case), never oneself, never an unknown code, never one’s own referee', async () => {
    const me = await createMember(t.db);
    const c = await loggedIn(t, me);
    const self = await c.post('/user/set_referral_code', { referralCode: me.referralCode });
    expect(self.body.errors.referral_code).toEqual(['You cannot use your own referral code.']);
    const unknown = await c.post('/user/set_referral_code', { referralCode: 'NOPE2345' });
    expect(unknown.body.errors.referral_code).toEqual(['This referral code does not exist.']);

    const r1 = await createMember(t.db);
    const r2 = await createMember(t.db);
    expect(
      (await c.post('/user/set_referral_code', { referralCode: r1.referralCode.toLowerCase() })).body,
    ).toMatchObject({
      state: 200,
      rewarded: false,
    });
    const before = await snapshot(t.db);
    const twice = await c.post('/user/set_referral_code', { referralCode: r2.referralCode });
    expect(twice.body.errors.referral_code).toEqual(['A referral code has already been registered.']);
    expect(await snapshot(t.db)).toEqual(before);
    const row = await t.db
      .selectFrom('users')
      .select('referred_by')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.referred_by).toBe(r1.id);

    // r1 cannot in turn name me (the pair would be rewarded twice)
    const rc = await loggedIn(t, r1);
    const mutual = await rc.post('/user/set_referral_code', { referralCode: me.referralCode });
    expect(mutual.body.state).toBe(400);
    expect(mutual.body.errors.referral_code).toBeDefined();
  });

  it('two attaches at once: one wins', async () => {
    const me = await createMember(t.db);
    const c = await loggedIn(t, me);
    const [a, b] = [await createMember(t.db), await createMember(t.db)];
    const answers = await Promise.all([
      c.post('/user/set_referral_code', { referralCode: a.referralCode }),
      c.post('/user/set_referral_code', { referralCode: b.referralCode }),
    ]);
    expect(answers.map((x) => x.body.state).sort()).toEqual([200, 400]);
  });

  it('needs a login', async () => {
    expect((await t.client().post('/user/set_referral_code', { referralCode: 'ABCDEFGH' })).body.state).toBe(
      401,
    );
  });
});

describe('the referral reward (DOMAIN.md)', () => {
  it('is paid only when both hold: SMS verification and at least 1,000 gems bought in total', async () => {
    const { referrer, friend, c } = await pair();
    await purchase(friend.id, 600);
    await purchase(friend.id, 399);
    expect(await referralLots(friend.id)).toEqual([]);
    await verifySms(c); // SMS done, 999 bought
    expect(await referralLots(friend.id)).toEqual([]);
    expect(await referralLots(referrer.id)).toEqual([]);
    // free and bonus gems are not purchases
    await t.db.transaction().execute(async (tx) => {
      await awardGems(
        tx,
        { userId: friend.id, amount: 5000, kind: 'bonus', source: 'free_grant', reason: 'free_grant' },
        t.clock.now(),
      );
      await checkReferralReward(tx, friend.id, t.clock.now());
    });
    expect(await referralLots(friend.id)).toEqual([]);
    await purchase(friend.id, 1); // 1,000 in total
    const mine = await referralLots(friend.id);
    const theirs = await referralLots(referrer.id);
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'bonus', source: 'referral', amount: 1000, remaining: 1000 });
    expect(theirs[0]).toMatchObject({ kind: 'bonus', source: 'referral', amount: 1000 });
    const ledger = await t.db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', referrer.id)
      .execute();
    expect(ledger).toMatchObject([{ delta: 1000, reason: 'referral', balance_after: 1000 }]);
    expect(await gemBalance(t.db, referrer.id, t.clock.now())).toBe(1000);
  });

  it('purchase first, SMS later: paid when the SMS check completes', async () => {
    const { referrer, friend, c } = await pair();
    await purchase(friend.id, 1000);
    expect(await referralLots(referrer.id)).toEqual([]);
    await verifySms(c);
    expect(await referralLots(referrer.id)).toHaveLength(1);
    expect(await referralLots(friend.id)).toHaveLength(1);
  });

  it('both conditions already held when the code is attached: paid at once', async () => {
    const referrer = await createMember(t.db);
    const friend = await createMember(t.db);
    const c = await loggedIn(t, friend);
    await verifySms(c);
    await purchase(friend.id, 3000);
    const res = await c.post('/user/set_referral_code', { referralCode: referrer.referralCode });
    expect(res.body).toMatchObject({ state: 200, rewarded: true });
    expect(await referralLots(referrer.id)).toHaveLength(1);
  });

  it('is paid once per pair: later purchases and repeated checks pay nothing more', async () => {
    const { referrer, friend, c } = await pair();
    await verifySms(c);
    await purchase(friend.id, 1000);
    await purchase(friend.id, 5000);
    const again = await t.db.transaction().execute((tx) => checkReferralReward(tx, friend.id, t.clock.now()));
    expect(again).toBe(false);
    expect(await referralLots(referrer.id)).toHaveLength(1);
    expect(await referralLots(friend.id)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('referral_rewards')
      .selectAll()
      .where('referred_id', '=', friend.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('has no cap per referrer', async () => {
    const referrer = await createMember(t.db);
    for (let i = 0; i < 3; i++) {
      const friend = await createMember(t.db);
      const c = await loggedIn(t, friend);
      await c.post('/user/set_referral_code', { referralCode: referrer.referralCode });
      await verifySms(c);
      await purchase(friend.id, 1000);
    }
    expect(await referralLots(referrer.id)).toHaveLength(3);
  });

  it('is never paid to oneself and never without a referrer', async () => {
    const loner = await createMember(t.db);
    const c = await loggedIn(t, loner);
    await verifySms(c);
    await purchase(loner.id, 2000);
    expect(await referralLots(loner.id)).toEqual([]);
    // a self-referral forced into the database pays nothing either
    await t.db.updateTable('users').set({ referred_by: loner.id }).where('id', '=', loner.id).execute();
    expect(await t.db.transaction().execute((tx) => checkReferralReward(tx, loner.id, t.clock.now()))).toBe(
      false,
    );
    expect(await referralLots(loner.id)).toEqual([]);
    await expect(
      t.db
        .insertInto('referral_rewards')
        .values({
          referrer_id: loner.id,
          referred_id: loner.id,
          amount: 1000,
          created_at: t.clock.now().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });

  it(`SMS completion and the qualifying purchase at the same moment: paid exactly once per pair${onPostgres ? ' (PostgreSQL, concurrent transactions)' : ''}`, async () => {
    const pairs = [];
    for (let i = 0; i < 12; i++) {
      const p = await pair();
      pairs.push({ ...p, code: await pendingSms(p.c) });
    }
    const results = await Promise.allSettled(
      pairs.flatMap((p) => [p.c.post('/user/check_sms', { sms_code: p.code }), purchase(p.friend.id, 1000)]),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]); // no deadlock, no error
    for (const r of results)
      if (r.status === 'fulfilled' && r.value)
        expect((r.value as { body: { state: number } }).body.state).toBe(200);
    for (const p of pairs) {
      expect(await referralLots(p.friend.id)).toHaveLength(1);
      expect(await referralLots(p.referrer.id)).toHaveLength(1);
      expect(await gemBalance(t.db, p.referrer.id, t.clock.now())).toBe(1000);
      expect(await gemBalance(t.db, p.friend.id, t.clock.now())).toBe(2000);
    }
  });

  // The interleaving that loses a reward without the member-row lock: both transactions write their half, then
  // both check while the other is still open, and only then commit. Two connections are needed, so this runs on
  // PostgreSQL only (SQLite runs one transaction at a time on its single connection, ruling it out). With the
  // lock, the first check waits for the other transaction, which gives up waiting for it after 300 ms and
  // commits; the waiting check then sees both conditions. Since every gem credit takes the member's row first
  // (exact running balances), the SMS update itself already waits for the payment's commit, so each
  // side waits for the other's signal at most 300 ms.
  for (const firstCheck of ['purchase', 'sms'] as const) {
    it.skipIf(!onPostgres)(
      `deterministic interleaving on PostgreSQL (${firstCheck} checks first, both open): paid once`,
      async () => {
        const { referrer, friend } = await pair();
        const now = t.clock.now();
        const signal = () => {
          let fire!: () => void;
          const p = new Promise<void>((r) => (fire = r));
          return { fire, p };
        };
        const lot = signal();
        const smsRow = signal();
        const paymentChecked = signal();
        const smsChecked = signal();
        const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
        const payment = t.db.transaction().execute(async (tx) => {
          await awardGems(
            tx,
            { userId: friend.id, amount: 1000, kind: 'paid', source: 'purchase', reason: 'purchase' },
            now,
          );
          lot.fire();
          await Promise.race([smsRow.p, pause(300)]);
          if (firstCheck === 'sms') await Promise.race([smsChecked.p, pause(300)]);
          const paid = await checkReferralReward(tx, friend.id, now);
          paymentChecked.fire();
          await Promise.race([smsChecked.p, pause(300)]);
          return paid;
        });
        const sms = t.db.transaction().execute(async (tx) => {
          await lot.p;
          await tx.updateTable('users').set({ end_sms: 1 }).where('id', '=', friend.id).execute();
          smsRow.fire();
          if (firstCheck === 'purchase') await Promise.race([paymentChecked.p, pause(300)]);
          const paid = await checkReferralReward(tx, friend.id, now);
          smsChecked.fire();
          await Promise.race([paymentChecked.p, pause(300)]);
          return paid;
        });
        const paid = await Promise.all([payment, sms]);
        expect(paid.filter(Boolean)).toHaveLength(1);
        expect(await referralLots(friend.id)).toHaveLength(1);
        expect(await referralLots(referrer.id)).toHaveLength(1);
      },
    );
  }

  it('two purchases racing after the SMS: paid exactly once', async () => {
    const { referrer, friend, c } = await pair();
    await verifySms(c);
    await Promise.all(Array.from({ length: 6 }, () => purchase(friend.id, 1000)));
    expect(await referralLots(referrer.id)).toHaveLength(1);
    expect(await referralLots(friend.id)).toHaveLength(1);
  });
});

describe('GET /user/detail (my page)', () => {
  it('shows the member’s own referral code and end_sms as "0"/"1"', async () => {
    const m = await createMember(t.db);
    const c = await loggedIn(t, m);
    const before = (await c.get('/user/detail')).body;
    expect(before).toMatchObject({ referral_code: m.referralCode, end_sms: '0' });
    expect(before.referral_code).toMatch(/^[A-Z2-7]{8}$/);
    await verifySms(c);
    expect((await c.get('/user/detail')).body).toMatchObject({ referral_code: m.referralCode, end_sms: '1' });
  });
});

describe('bad input', async () => {
  const c = await loggedIn(t, await createMember(t.db));
  it('POST /user/set_referral_code refuses every bad shape and writes nothing', async () => {
    const referrer = await createMember(t.db);
    await expectBadInputRefused(
      t,
      {
        path: '/user/set_referral_code',
        valid: () => ({ referralCode: referrer.referralCode }),
        kinds: { referralCode: 'text' },
        wire: { referralCode: 'referral_code' },
      },
      c,
    );
  });
});
