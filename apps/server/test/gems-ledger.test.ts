import { describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs/start.ts';
import {
  awardGems,
  expireLots,
  gemBalance,
  InsufficientGemsError,
  lockGemAccount,
  spendGems,
} from '../src/modules/gems/service.ts';
import { createTestApp } from './helpers.ts';
import { createCourse, gemState, loggedIn } from './fakes/shop.ts';

/**
 * The gem ledger (DOMAIN.md Gems): lots spent oldest-expiring first, an expired lot never spent even before
 * the sweep, the sweep's 'expired' rows, and "Your gems history" (GET /user/point/list/{page}).
 */
const t = await createTestApp();
const DAY = 24 * 3600_000;

describe('lots and the sweep', () => {
  it('spends the oldest-expiring lot first and never an expired one, even before the sweep', async () => {
    const { member } = await loggedIn(t);
    const t0 = new Date('2026-01-10T00:00:00Z');
    const a = await awardGems(
      t.db,
      { userId: member.id, amount: 100, kind: 'paid', source: 'purchase', reason: 'gem_purchase' },
      t0,
    );
    const b = await awardGems(
      t.db,
      { userId: member.id, amount: 200, kind: 'bonus', source: 'conversion', reason: 'conversion' },
      new Date(t0.getTime() + 30 * DAY),
    );
    // lot a expired (6 months), lot b still valid
    const now = new Date('2026-07-20T00:00:00Z');
    expect(await gemBalance(t.db, member.id, now)).toBe(200);
    await expect(
      t.db
        .transaction()
        .execute((tx) => spendGems(tx, { userId: member.id, amount: 250, reason: 'pack_purchase' }, now)),
    ).rejects.toBeInstanceOf(InsufficientGemsError);
    const r = await t.db
      .transaction()
      .execute((tx) => spendGems(tx, { userId: member.id, amount: 150, reason: 'pack_purchase' }, now));
    expect(r.spent).toEqual([{ lotId: b.lotId, amount: 150 }]);
    const lots = await t.db
      .selectFrom('gem_lots')
      .select(['id', 'remaining'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(lots).toEqual([
      { id: a.lotId, remaining: 100 },
      { id: b.lotId, remaining: 50 },
    ]);

    const swept = await expireLots(t.db, now);
    expect(swept.lots).toBeGreaterThanOrEqual(1);
    const s = await gemState(t.db, member.id, now);
    expect(s.lots.find((l) => l.id === a.lotId)!.remaining).toBe(0);
    expect(s.ledger.at(-1)).toMatchObject({
      delta: -100,
      reason: 'expired',
      reference: `lot:${a.lotId}`,
      balance_after: 50,
    });
    expect(s.ledgerSum).toBe(s.balance);
    expect((await expireLots(t.db, now)).lots).toBe(0);
  });

  it('the scheduled job sweeps expired lots (startJobs gem-lot-expiry)', async () => {
    const { member } = await loggedIn(t);
    await awardGems(
      t.db,
      { userId: member.id, amount: 70, kind: 'bonus', source: 'admin', reason: 'admin' },
      new Date('2025-01-01T00:00:00Z'),
    );
    const jobs = startJobs({ db: t.db, config: t.config, clock: t.clock });
    await jobs.runNow('gem-lot-expiry');
    await jobs.stop();
    const s = await gemState(t.db, member.id, t.clock.now());
    expect(s).toMatchObject({ balance: 0, ledgerSum: 0, ledgerRows: 2 });
  });
});

describe('running balances under concurrency', () => {
  it('20 credits and 5 spends of one member at once: every balance_after is the running sum', async () => {
    const { member } = await loggedIn(t);
    const now = t.clock.now();
    await awardGems(
      t.db,
      { userId: member.id, amount: 5000, kind: 'paid', source: 'purchase', reason: 'gem_purchase' },
      now,
    );
    const credits = Array.from({ length: 20 }, (_, i) =>
      t.db
        .transaction()
        .execute((tx) =>
          awardGems(
            tx,
            { userId: member.id, amount: 1000 + i, kind: 'paid', source: 'purchase', reason: 'gem_purchase' },
            now,
          ),
        ),
    );
    const spends = Array.from({ length: 5 }, () =>
      t.db.transaction().execute(async (tx) => {
        await lockGemAccount(tx, member.id); // as the purchase's lockBuyer does
        return spendGems(tx, { userId: member.id, amount: 700, reason: 'pack_purchase' }, now);
      }),
    );
    await Promise.all([...credits, ...spends]);

    const rows = await t.db
      .selectFrom('gem_ledger')
      .select(['id', 'delta', 'balance_after'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(26);
    let running = 0;
    for (const row of rows) {
      running += row.delta;
      expect(row.balance_after, `ledger row ${row.id}`).toBe(running);
    }
    expect(running).toBe(5000 + 20 * 1000 + 190 - 5 * 700);
    expect(await gemBalance(t.db, member.id, now)).toBe(running);
  });
});

describe('Your gems history: GET /user/point/list/{page}', () => {
  it('lists ledger rows newest first, 10 a page, with date, about (member language), amount and gems', async () => {
    const { member, client } = await loggedIn(t, {}, 'ja');
    const empty = await client.get('/user/point/list/1');
    expect(empty.body).toMatchObject({ state: 200, page: 1, all_page: 1, pages: [1], list: [] });

    const course = await createCourse(t.db, { point: 1000, price: 1000 });
    const buy = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    await t.app.inject({ method: 'POST', url: `/sandbox-pay/payments/${buy.body.payment_id}/settle` });
    const now = t.clock.now();
    for (let i = 0; i < 10; i++)
      await awardGems(
        t.db,
        {
          userId: member.id,
          amount: 10 + i,
          kind: 'bonus',
          source: 'conversion',
          reason: 'conversion',
          reference: `won_item:${900 + i}`,
        },
        now,
      );
    await t.db
      .transaction()
      .execute((tx) =>
        spendGems(
          tx,
          { userId: member.id, amount: 300, reason: 'pack_purchase', reference: 'purchase:77' },
          now,
        ),
      );

    const p1 = await client.get('/user/point/list/1');
    expect(p1.body).toMatchObject({ state: 200, page: 1, all_page: 2, pages: [1, 2] });
    expect(p1.body.list).toHaveLength(10);
    expect(p1.body.list[0]).toMatchObject({
      bonusPoint: -300,
      money: 0,
      memo: 'パック購入',
      history_id: 77,
      created: '26/11/20',
    });
    expect(p1.body.list[1]).toMatchObject({ bonusPoint: 19, memo: 'アイテムのジェム変換', history_id: 909 });
    const p2 = await client.get('/user/point/list/2');
    expect(p2.body.list).toHaveLength(2);
    const payment = await t.db
      .selectFrom('payments')
      .select('id')
      .where('public_id', '=', buy.body.payment_id)
      .executeTakeFirstOrThrow();
    expect(p2.body.list[1]).toMatchObject({
      bonusPoint: 1000,
      money: 1000,
      memo: 'ジェム購入',
      history_id: payment.id,
    });
    // a page past the end shows the last page; the spec's alias without a page is page 1
    expect((await client.get('/user/point/list/9')).body).toMatchObject({ page: 2, list: p2.body.list });
    expect((await client.get('/user/point/list')).body.list).toEqual(p1.body.list);
    // English
    const en = await client.get('/user/point/list/1');
    expect(en.body.list[0].memo).toBe('パック購入');
    client.cookies.set('lang', 'en');
    expect((await client.get('/user/point/list/1')).body.list[0].memo).toBe('Pack purchase');
  });

  it('shows only the member own rows', async () => {
    const a = await loggedIn(t);
    const b = await loggedIn(t);
    await awardGems(
      t.db,
      { userId: a.member.id, amount: 5, kind: 'bonus', source: 'admin', reason: 'admin' },
      t.clock.now(),
    );
    expect((await b.client.get('/user/point/list/1')).body.list).toEqual([]);
    expect((await a.client.get('/user/point/list/1')).body.list).toHaveLength(1);
  });
});
