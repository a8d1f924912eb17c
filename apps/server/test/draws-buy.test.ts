import { describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { lotSequence } from '@gacha/contract/fairness';
import { commandWrite } from '../src/modules/admin/service.ts';
import { PackLocked, updatePack } from '../src/modules/packs/staff.ts';
import { createTestApp, purchaseDbModes } from './helpers.ts';
import {
  createMember,
  createPack,
  expectBadInputRefused,
  expectNothingChanged,
  grantGems,
  loginAs,
  memberClient,
  presell,
} from './draw-factories.ts';

describe.each(purchaseDbModes)(
  'POST /user/pack/check and /user/pack/buy ($name)',
  async ({ writeWorker }) => {
    const t = await createTestApp({}, { writeWorker });
    const db = t.db;

    const gemsOf = async (userId: number) => {
      const r = await db
        .selectFrom('gem_lots')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('remaining'), eb.lit(0)).as('b'))
        .where('user_id', '=', userId)
        .where('expires_at', '>', t.clock.now().toISOString())
        .executeTakeFirstOrThrow();
      return Number(r.b);
    };
    const userRow = (id: number) =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('buys 3 packs: the next 3 positions of the published sequence, gems debited with a ledger row, the result of spec §3', async () => {
      const seed = 'c'.repeat(64);
      const { packId, prizeIds } = await createPack(db, { point: 120, seed, movie_style: 5 });
      const { userId, client } = await memberClient(t, { gems: 1000 });

      const check = await client.post('/user/pack/check', { packId, count: '3' });
      expect(check.body).toMatchObject({
        state: 200,
        result: '1',
        currency: 'gem',
        count: 3,
        price: 360,
        balance_before: 1000,
        balance_after: 640,
      });

      const res = await client.post('/user/pack/buy', { packId, count: '3' });
      expect(res.body.state).toBe(200);
      const r = res.body;
      expect(r).toMatchObject({
        result: '1',
        movie_style: 5,
        is_country: '1',
        is_buy_coin: '0',
        card_type: 990001,
        count: 3,
        price_paid: 360,
        pack_id: packId,
      });
      expect(r.title).toMatch(/^Test pack/);
      expect(r.created).toBe('2026-11-20 12:00:00');
      expect(r.cards).toHaveLength(3);
      for (const c of r.cards) {
        expect(Object.keys(c).sort()).toEqual(
          [
            'action_type',
            'buy_point',
            'history_id',
            'image',
            'is_last_one',
            'model_number',
            'name',
            'num',
            'rarity',
            'rarity_label',
            'status',
          ].sort(),
        );
        expect(c.action_type).toBe('0');
        expect(c.status).toBe('unselected');
      }

      // the cards are exactly positions 0..2 of the sequence recomputed from the seed
      const canonical = [
        ...Array(6).fill(prizeIds[0]),
        ...Array(3).fill(prizeIds[1]),
        ...Array(1).fill(prizeIds[2]),
      ] as number[];
      const sequence = lotSequence(seed, canonical);
      const items = await db
        .selectFrom('won_items')
        .selectAll()
        .where('purchase_id', '=', r.purchase_id)
        .orderBy('position')
        .execute();
      expect(items.map((i) => i.position)).toEqual([0, 1, 2]);
      expect(items.map((i) => i.prize_id)).toEqual(sequence.slice(0, 3));
      expect(r.cards.map((c: { history_id: number }) => c.history_id)).toEqual(items.map((i) => i.id));

      expect(await gemsOf(userId)).toBe(640);
      const ledger = await db
        .selectFrom('gem_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      expect(ledger.at(-1)).toMatchObject({
        delta: -360,
        reason: 'pack_purchase',
        reference: `purchase:${r.purchase_id}`,
        balance_after: 640,
      });
      const pack = await db
        .selectFrom('packs')
        .select('sold_count')
        .where('id', '=', packId)
        .executeTakeFirstOrThrow();
      expect(pack.sold_count).toBe(3);
      const user = await userRow(userId);
      expect(user.last_gem_use_at).toBe(t.clock.now().toISOString());
      // 360 gems → 3 tenths of a coin, 60 carried
      expect(user.coin_tenths).toBe(3);
      expect(user.coin_carry_gems).toBe(60);

      // the result can be read again, also by purchase id
      const again = await client.get('/user/pack/gache_result');
      expect(again.body.cards).toEqual(r.cards);
      const byId = await client.get(`/user/pack/buy_result?purchaseId=${r.purchase_id}`);
      expect(byId.body.purchase_id).toBe(r.purchase_id);
      const other = await memberClient(t);
      expect((await other.client.get(`/user/pack/buy_result?purchaseId=${r.purchase_id}`)).body.state).toBe(
        404,
      );
      expect((await other.client.get('/user/pack/gache_result')).body).toMatchObject({
        state: 200,
        cards: [],
      });
    });

    it('applies the rank discount rounded down for the member, and carries coin remainders between purchases', async () => {
      const { packId } = await createPack(db, { point: 333, prizes: [{ quantity: 20 }] });
      const { userId, client } = await memberClient(t, { gems: 5000, rank: 3 });
      const check = await client.post('/user/pack/check', { packId, count: '3' });
      expect(check.body).toMatchObject({ base_price: 999, discount_percent: 3, price: 969 });
      const res = await client.post('/user/pack/buy', { packId, count: '3' });
      expect(res.body.price_paid).toBe(969);
      expect(await gemsOf(userId)).toBe(5000 - 969);
      let u = await userRow(userId);
      expect([u.coin_tenths, u.coin_carry_gems]).toEqual([9, 69]);
      const res2 = await client.post('/user/pack/buy', { packId, count: '1' }); // 333 × 0.97 = 323.01 → 323
      expect(res2.body.price_paid).toBe(323);
      u = await userRow(userId);
      expect([u.coin_tenths, u.coin_carry_gems]).toEqual([12, 92]); // 69 + 323 = 392 → 3 tenths, 92 carried
      const coinLedger = await db
        .selectFrom('coin_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      expect(coinLedger.map((c) => c.delta_tenths)).toEqual([9, 3]);
      expect(coinLedger.at(-1)!.balance_after_tenths).toBe(12);
      const rank5 = await memberClient(t, { gems: 100, rank: 5 });
      const p5 = await createPack(db, { point: 15, prizes: [{ quantity: 5 }] });
      expect(
        (await rank5.client.post('/user/pack/buy', { packId: p5.packId, count: '1' })).body.price_paid,
      ).toBe(13);
    });

    it('coin packs debit coins (tenths) with a ledger row, give shipping-only items and no coins or gems', async () => {
      const { packId } = await createPack(db, {
        payment_method: 2,
        point: 50,
        prizes: [{ quantity: 10, buy_point: 70 }],
      });
      const { userId, client } = await memberClient(t, { gems: 1000, coinTenths: 1200 });
      const check = await client.post('/user/pack/check', { packId, count: '2' });
      expect(check.body).toMatchObject({
        currency: 'coin',
        price: 1000,
        balance_before: 1200,
        balance_after: 200,
      });
      const res = await client.post('/user/pack/buy', { packId, count: '2' });
      expect(res.body).toMatchObject({ state: 200, is_buy_coin: '1', price_paid: 50 * 2 });
      expect(res.body.cards.map((c: { action_type: string }) => c.action_type)).toEqual(['2', '2']);
      const u = await userRow(userId);
      expect(u.coin_tenths).toBe(200);
      expect(u.last_gem_use_at).toBeNull();
      expect(await gemsOf(userId)).toBe(1000);
      const ledger = await db
        .selectFrom('coin_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      expect(ledger.at(-1)).toMatchObject({
        delta_tenths: -1000,
        reason: 'pack_purchase',
        balance_after_tenths: 200,
      });

      await expectNothingChanged(db, async () => {
        const r = await client.post('/user/pack/buy', { packId, count: '1' });
        expect(r.body).toMatchObject({ state: 400, reason: 'not_enough_coins' });
        expect(r.body.error_codes.count).toBe('not_enough_coins');
        const c = await client.post('/user/pack/check', { packId, count: '1' });
        expect(c.body).toMatchObject({ state: 400, reason: 'not_enough_coins' });
      });
    });

    it('gives shipping-only prizes action_type 2, and the last-one prize to the buyer of the final lot only', async () => {
      const { packId, prizeIds } = await createPack(db, {
        point: 10,
        prizes: [
          { quantity: 3, buy_point: 5, ship_only: true },
          { quantity: 1, buy_point: 5 },
          { quantity: 1, buy_point: 999, is_last_one: true, rarity: 7 },
        ],
      });
      const a = await memberClient(t, { gems: 1000 });
      const b = await memberClient(t, { gems: 1000 });
      const first = await a.client.post('/user/pack/buy', { packId, count: '3' });
      expect(first.body.cards).toHaveLength(3);
      expect(first.body.cards.every((c: { is_last_one: string }) => c.is_last_one === '0')).toBe(true);
      const last = await b.client.post('/user/pack/buy', { packId, count: '1' });
      expect(last.body.cards).toHaveLength(2);
      expect(last.body.cards[1]).toMatchObject({
        is_last_one: '1',
        buy_point: 999,
        rarity: 7,
        action_type: '0',
      });
      const all = await db.selectFrom('won_items').selectAll().where('pack_id', '=', packId).execute();
      expect(all.filter((i) => i.is_last_one)).toHaveLength(1);
      const shipOnly = all.filter((i) => i.prize_id === prizeIds[0]);
      expect(shipOnly.every((i) => i.action_type === '2')).toBe(true);
      const sold = await a.client.post('/user/pack/buy', { packId, count: '1' });
      expect(sold.body).toMatchObject({ state: 409, reason: 'pack_sold_out' });
    });

    describe('refusals: the spec §8 message and nothing changed', async () => {
      const { packId } = await createPack(db, {
        point: 100,
        max_buy_count: 5,
        prizes: [{ quantity: 10 }],
      });
      const { client, userId } = await memberClient(t, { gems: 100_000 });
      const ja = await memberClient(t, { gems: 100_000, lang: 'ja' });
      await presell(db, packId, 4); // 6 left

      const cases: [string, unknown, string, number, string][] = [
        ['0', '0', 'count_invalid', 400, message('count_invalid', 'en')],
        ['-1', '-1', 'count_invalid', 400, message('count_invalid', 'en')],
        ['3001', '3001', 'max_count_exceeded', 400, message('max_count_exceeded', 'en')],
        ['abc', 'abc', 'count_invalid', 400, message('count_invalid', 'en')],
        ['1.5', '1.5', 'count_invalid', 400, message('count_invalid', 'en')],
        ['empty', '', 'count_invalid', 400, message('count_invalid', 'en')],
        ['a number, not a string', 3, 'invalid', 400, message('invalid', 'en')],
        ['above max_buy_count', '6', 'max_count_exceeded', 400, message('max_count_exceeded', 'en')],
      ];
      for (const route of ['/user/pack/check', '/user/pack/buy']) {
        for (const [name, count, , state, text] of cases) {
          it(`${route} count ${name}`, async () => {
            await expectNothingChanged(db, async () => {
              const res = await client.post(route, { packId, count });
              expect(res.body.state).toBe(state);
              expect(res.body.errors.count).toEqual([text]);
            });
          });
        }
      }

      it('above remaining', async () => {
        const big = await createPack(db, { point: 1, prizes: [{ quantity: 10 }] });
        await presell(db, big.packId, 8);
        for (const route of ['/user/pack/check', '/user/pack/buy']) {
          await expectNothingChanged(db, async () => {
            const res = await client.post(route, { packId: big.packId, count: '3' });
            expect(res.body).toMatchObject({ state: 400, reason: 'count_above_remaining' });
            expect(res.body.errors.count).toEqual(['Only 2 left in this pack.']);
            const resJa = await ja.client.post(route, { packId: big.packId, count: '3' });
            expect(resJa.body.errors.count).toEqual(['このパックの残りは2個です。']);
          });
        }
      });

      it("above the member's limit, with the pack's limit_message or the catalogue's", async () => {
        const limited = await createPack(db, {
          point: 1,
          can_limit: true,
          limit_count: 3,
          limit_message_en: 'Up to 3 plays per member.',
          limit_message_ja: 'お一人様3回までです。',
          prizes: [{ quantity: 20 }],
        });
        expect((await client.post('/user/pack/buy', { packId: limited.packId, count: '2' })).body.state).toBe(
          200,
        );
        for (const route of ['/user/pack/check', '/user/pack/buy']) {
          await expectNothingChanged(db, async () => {
            const res = await client.post(route, { packId: limited.packId, count: '2' });
            expect(res.body).toMatchObject({ state: 400, reason: 'pack_limit_exceeded' });
            expect(res.body.errors.count).toEqual(['Up to 3 plays per member.']);
            const resJa = await ja.client.post(route, { packId: limited.packId, count: '4' });
            expect(resJa.body.errors.count).toEqual(['お一人様3回までです。']);
          });
        }
        expect((await client.post('/user/pack/buy', { packId: limited.packId, count: '1' })).body.state).toBe(
          200,
        );
        const plain = await createPack(db, {
          point: 1,
          can_limit: true,
          limit_count: 1,
          prizes: [{ quantity: 5 }],
        });
        await expectNothingChanged(db, async () => {
          const res = await client.post('/user/pack/buy', { packId: plain.packId, count: '2' });
          expect(res.body.error_codes.count).toBe('pack_limit_exceeded');
        });
      });

      it('before the start, after the end, sold out, unknown pack', async () => {
        const before = await createPack(db, { start_at: '2026-12-01T00:00:00.000Z' });
        const ended = await createPack(db, { end_at: '2026-11-20T02:59:59.000Z' });
        const soldOut = await createPack(db, { prizes: [{ quantity: 2 }] });
        await presell(db, soldOut.packId, 2);
        const table: [number, number, string, string][] = [
          [before.packId, 400, 'pack_not_started', 'This pack is not on sale yet.'],
          [ended.packId, 400, 'pack_ended', 'The sale of this pack has ended.'],
          [soldOut.packId, 409, 'pack_sold_out', 'This pack is sold out.'],
          [999_999, 404, 'pack_not_found', 'This pack does not exist.'],
        ];
        for (const route of ['/user/pack/check', '/user/pack/buy']) {
          for (const [id, state, reason, text] of table) {
            await expectNothingChanged(db, async () => {
              const res = await client.post(route, { packId: id, count: '1' });
              expect(res.body, `${route} ${reason}`).toMatchObject({ state, reason });
              expect(res.body.errors.count).toEqual([text]);
            });
          }
        }
        const jaRes = await ja.client.post('/user/pack/buy', { packId: soldOut.packId, count: '1' });
        expect(jaRes.body.errors.count).toEqual(['このパックは完売しました。']);
      });

      it('not enough gems — an expired lot does not count', async () => {
        const poor = await createMember(db, { gems: 150, gemsAt: new Date('2026-05-01T00:00:00.000Z') }); // expired 11-01
        await grantGems(db, [poor], 50, new Date('2026-11-19T00:00:00.000Z'));
        const c = t.client();
        await loginAs(db, c, poor);
        const p = await createPack(db, { point: 100, prizes: [{ quantity: 5 }] });
        for (const route of ['/user/pack/check', '/user/pack/buy']) {
          await expectNothingChanged(db, async () => {
            const res = await c.post(route, { packId: p.packId, count: '1' });
            expect(res.body).toMatchObject({ state: 400, reason: 'not_enough_gems' });
            expect(res.body.error_codes.count).toBe('not_enough_gems');
          });
        }
        const jaPoor = t.client({ lang: 'ja' });
        await loginAs(db, jaPoor, poor);
        const res = await jaPoor.post('/user/pack/buy', { packId: p.packId, count: '1' });
        expect(res.body.errors.count).toEqual(['ジェムが不足しています。']);
      });

      it('a guest is asked to log in (401) and nothing is written', async () => {
        const guest = t.client();
        await expectNothingChanged(db, async () => {
          expect((await guest.post('/user/pack/check', { packId, count: '1' })).body.state).toBe(401);
          expect((await guest.post('/user/pack/buy', { packId, count: '1' })).body.state).toBe(401);
        });
      });

      it('bad input of any shape: 400 (or 403 without csrf), nothing written', async () => {
        for (const route of ['/user/pack/check', '/user/pack/buy']) {
          await expectBadInputRefused(
            db,
            client,
            route,
            { packId, count: '1' },
            { packId: 'one', count: ['1'] },
          );
          await expectBadInputRefused(db, client, route, { count: '1', packId }, { packId: -3, count: null });
        }
        // a POST without any body has no csrf pair: 403
        await expectNothingChanged(db, async () => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/user/pack/buy',
            headers: { cookie: `sid=${client.cookies.get('sid')}` },
          });
          expect(JSON.parse(res.body).state).toBe(403);
        });
      });

      it('the refusals left the member untouched', async () => {
        const u = await userRow(userId);
        expect(u.coin_tenths).toBe(0);
      });
    });

    it('a published pack keeps its price; a limit edit applies to the next check and buy (the row is read in the transaction)', async () => {
      const { packId } = await createPack(db, { point: 100, prizes: [{ quantity: 20 }] });
      const { userId, client } = await memberClient(t, { gems: 5000 });
      expect((await client.post('/user/pack/buy', { packId, count: '1' })).body.price_paid).toBe(100);
      await expect(updatePack(commandWrite(db), packId, { point: 250 })).rejects.toThrow(PackLocked);
      // the buy path has the pack cached now; staff change the limits
      await updatePack(commandWrite(db), packId, { can_limit: 1, limit_count: 3 });
      const check = await client.post('/user/pack/check', { packId, count: '2' });
      expect(check.body).toMatchObject({ state: 200, price: 200, balance_before: 4900 });
      expect((await client.post('/user/pack/buy', { packId, count: '2' })).body).toMatchObject({
        state: 200,
      });
      expect(await gemsOf(userId)).toBe(4700);
      await expectNothingChanged(db, async () => {
        const over = await client.post('/user/pack/buy', { packId, count: '1' });
        expect(over.body).toMatchObject({ state: 400, reason: 'pack_limit_exceeded' });
      });
      // a row changed behind the cache (another process, a data fix) applies at once too
      await db.updateTable('packs').set({ point: 300, can_limit: 0 }).where('id', '=', packId).execute();
      expect((await client.post('/user/pack/buy', { packId, count: '1' })).body.price_paid).toBe(300);
    });

    it('a pack both sold out and past its end is sold out, for the list, the check and the buy', async () => {
      const { packId } = await createPack(db, { prizes: [{ quantity: 2 }] });
      await presell(db, packId, 2);
      await db
        .updateTable('packs')
        .set({ end_at: '2026-11-20T00:00:00.000Z' })
        .where('id', '=', packId)
        .execute();
      const { client } = await memberClient(t, { gems: 5000 });
      for (const route of ['/user/pack/check', '/user/pack/buy']) {
        const res = await client.post(route, { packId, count: '1' });
        expect(res.body, route).toMatchObject({ state: 409, reason: 'pack_sold_out' });
      }
      const detail = await client.get(`/user/pack/detail/${packId}`);
      expect(detail.body.pack).toMatchObject({ is_sold_out: true, is_before: false, pack_count: 0 });
    });

    it('buys 3000 packs in one request', async () => {
      const { packId } = await createPack(db, {
        point: 1,
        prizes: [
          { quantity: 2000, buy_point: 1 },
          { quantity: 1500, buy_point: 2 },
        ],
      });
      const { userId, client } = await memberClient(t, { gems: 5000 });
      const t0 = performance.now();
      const res = await client.post('/user/pack/buy', { packId, count: '3000' });
      const ms = performance.now() - t0;
      expect(res.body.state).toBe(200);
      expect(res.body.cards).toHaveLength(3000);
      expect(new Set(res.body.cards.map((c: { history_id: number }) => c.history_id)).size).toBe(3000);
      expect(await gemsOf(userId)).toBe(2000);
      console.log(`buy 3000: ${ms.toFixed(0)} ms`);
    });
  },
);
