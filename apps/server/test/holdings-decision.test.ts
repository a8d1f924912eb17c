import { describe, expect, it } from 'vitest';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import {
  createInterleavingTestApp,
  createPack,
  expectBadInputRefused,
  expectNothingChanged,
  memberClient,
  type MemberOpts,
} from './draw-factories.ts';

/** Races here run on the interleaving app (every query yields), so concurrent requests really overlap. */
describe('POST /user/pack/decision', async () => {
  const t = await createInterleavingTestApp();
  const db = t.db;
  const choosable = await createPack(db, { point: 10, prizes: [{ quantity: 200, buy_point: 120 }] });
  const shipOnly = await createPack(db, {
    point: 10,
    prizes: [{ quantity: 200, buy_point: 30, ship_only: true }],
  });

  /** A member who bought `n` choosable items and `m` shipping-only ones. */
  async function memberWithItems(n: number, m = 0, opts: MemberOpts = {}) {
    const mc = await memberClient(t, { gems: 10_000, ...opts });
    const ids: number[] = [];
    const shipIds: number[] = [];
    if (n) {
      const r = await mc.client.post('/user/pack/buy', { packId: choosable.packId, count: String(n) });
      expect(r.body.state).toBe(200);
      ids.push(...r.body.cards.map((c: { history_id: number }) => c.history_id));
    }
    if (m) {
      const r = await mc.client.post('/user/pack/buy', { packId: shipOnly.packId, count: String(m) });
      shipIds.push(...r.body.cards.map((c: { history_id: number }) => c.history_id));
    }
    return { ...mc, ids, shipIds };
  }

  const gems = async (userId: number) => {
    const r = await db
      .selectFrom('gem_lots')
      .select((eb) => eb.fn.sum<number>('remaining').as('b'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', t.clock.now().toISOString())
      .executeTakeFirstOrThrow();
    return Number(r.b ?? 0);
  };
  const items = (ids: number[]) =>
    db.selectFrom('won_items').selectAll().where('id', 'in', ids).orderBy('id').execute();

  it('ships one and converts two: statuses, one open batch, a bonus lot per converted item', async () => {
    const m = await memberWithItems(3, 1);
    const before = await gems(m.userId);
    const res = await m.client.post('/user/pack/decision', {
      send_card: [m.ids[0], m.shipIds[0]],
      reduction_card: [m.ids[1], m.ids[2]],
    });
    expect(res.body).toMatchObject({ state: 200, result: '1', shipped: 2, converted: 2, gems: 240 });
    expect(await gems(m.userId)).toBe(before + 240);
    const rows = await items([...m.ids, ...m.shipIds]);
    expect(rows.map((r) => r.status)).toEqual(['ship', 'convert', 'convert', 'ship']);
    expect(rows.every((r) => r.decided_by === 'member' && r.decided_at)).toBe(true);
    const shipments = await db.selectFrom('shipments').selectAll().where('user_id', '=', m.userId).execute();
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({ status: 'open', item_count: 2 });
    expect(rows[0]!.shipment_id).toBe(shipments[0]!.id);
    expect(rows[3]!.shipment_id).toBe(shipments[0]!.id);
    const lots = await db
      .selectFrom('gem_lots')
      .selectAll()
      .where('user_id', '=', m.userId)
      .where('source', '=', 'conversion')
      .execute();
    expect(lots.map((l) => [l.kind, l.amount])).toEqual([
      ['bonus', 120],
      ['bonus', 120],
    ]);
    const ledger = await db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', m.userId)
      .where('reason', '=', 'conversion')
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => l.reference)).toEqual([`won_item:${m.ids[1]}`, `won_item:${m.ids[2]}`]);
    expect(ledger.at(-1)!.balance_after).toBe(before + 240);

    // a later decision joins the same open batch
    const buy = await m.client.post('/user/pack/buy', { packId: choosable.packId, count: '1' });
    const next = buy.body.cards[0].history_id;
    expect((await m.client.post('/user/pack/decision', { send_card: [next] })).body.state).toBe(200);
    const again = await db.selectFrom('shipments').selectAll().where('user_id', '=', m.userId).execute();
    expect(again).toHaveLength(1);
    expect(again[0]!.item_count).toBe(3);
  });

  it('replayed: the exact same decision answers 204 result -1 and changes nothing; a different one 409', async () => {
    const m = await memberWithItems(3);
    const body = { send_card: [m.ids[0]], reduction_card: [m.ids[1]] };
    expect((await m.client.post('/user/pack/decision', body)).body.state).toBe(200);
    await expectNothingChanged(db, async () => {
      const replay = await m.client.post('/user/pack/decision', body);
      expect(replay.body).toMatchObject({ state: 204, result: '-1' });
      expect(replay.httpStatus).toBe(200);
      const swapped = await m.client.post('/user/pack/decision', {
        send_card: [m.ids[1]],
        reduction_card: [m.ids[0]],
      });
      expect(swapped.body.state).toBe(409);
      expect(swapped.body.error_codes.send_card).toBe('already_decided');
      // one decided item with one still undecided: all or nothing
      const mixed = await m.client.post('/user/pack/decision', { reduction_card: [m.ids[1], m.ids[2]] });
      expect(mixed.body.state).toBe(409);
    });
    expect((await items([m.ids[2]!]))[0]!.status).toBe('unselected');
  });

  it('raced: 8 identical decisions at once have one effect (one 200, the rest 204)', async () => {
    const m = await memberWithItems(4);
    const before = await gems(m.userId);
    const body = { send_card: [m.ids[0]], reduction_card: [m.ids[1], m.ids[2], m.ids[3]] };
    t.inFlight.max = 0;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => m.client.post('/user/pack/decision', body)),
    );
    expect(t.inFlight.max).toBeGreaterThan(1);
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.state === 204)).toHaveLength(7);
    expect(await gems(m.userId)).toBe(before + 360);
    const lots = await db
      .selectFrom('gem_lots')
      .select('id')
      .where('user_id', '=', m.userId)
      .where('source', '=', 'conversion')
      .execute();
    expect(lots).toHaveLength(3);
    const shipment = await db.selectFrom('shipments').selectAll().where('user_id', '=', m.userId).execute();
    expect(shipment.map((s) => s.item_count)).toEqual([1]);
  });

  it('raced: ship and convert of the same items at once — one wins, the other is refused', async () => {
    const m = await memberWithItems(2);
    const before = await gems(m.userId);
    const [a, b] = await Promise.all([
      m.client.post('/user/pack/decision', { send_card: m.ids }),
      m.client.post('/user/pack/decision', { reduction_card: m.ids }),
    ]);
    expect([a.body.state, b.body.state].sort()).toEqual([200, 409]);
    const rows = await items(m.ids);
    if (a.body.state === 200) {
      expect(rows.every((r) => r.status === 'ship')).toBe(true);
      expect(await gems(m.userId)).toBe(before);
    } else {
      expect(rows.every((r) => r.status === 'convert')).toBe(true);
      expect(await gems(m.userId)).toBe(before + 240);
    }
  });

  it("refuses another member's history_id, an unknown one, and converting a shipping-only item — nothing changed", async () => {
    const owner = await memberWithItems(2, 1);
    const thief = await memberWithItems(1);
    await expectNothingChanged(db, async () => {
      const other = await thief.client.post('/user/pack/decision', { reduction_card: [owner.ids[0]] });
      expect(other.body.state).toBe(404);
      const mixed = await thief.client.post('/user/pack/decision', {
        send_card: [thief.ids[0]],
        reduction_card: [owner.ids[1]],
      });
      expect(mixed.body.state).toBe(404);
      const unknown = await owner.client.post('/user/pack/decision', { send_card: [2_000_000_000] });
      expect(unknown.body.state).toBe(404);
      const conv = await owner.client.post('/user/pack/decision', {
        send_card: [owner.ids[0]],
        reduction_card: [owner.ids[1], owner.shipIds[0]],
      });
      expect(conv.body.state).toBe(400);
      expect(conv.body.error_codes.reduction_card).toBe('cannot_convert_ship_only');
      const both = await owner.client.post('/user/pack/decision', {
        send_card: [owner.ids[0]],
        reduction_card: [owner.ids[0]],
      });
      expect(both.body.state).toBe(400);
      expect(both.body.error_codes.reduction_card).toBe('decision_duplicate');
      const empty = await owner.client.post('/user/pack/decision', { send_card: [], reduction_card: [] });
      expect(empty.body.error_codes.send_card).toBe('decision_empty');
    });
  });

  it('shipping needs a country address that is not Japan; converting does not', async () => {
    const none = await memberWithItems(2, 0, { countryId: null });
    const japan = await memberWithItems(2, 0, { countryId: JAPAN_COUNTRY_ID, lang: 'ja' });
    await expectNothingChanged(db, async () => {
      const a = await none.client.post('/user/pack/decision', {
        send_card: [none.ids[0]],
        reduction_card: [none.ids[1]],
      });
      expect(a.body.state).toBe(400);
      expect(a.body.error_codes.address).toBe('address_required');
      const b = await japan.client.post('/user/pack/decision', { send_card: [japan.ids[0]] });
      expect(b.body.errors.address).toEqual(['日本国内への発送はできません。']);
    });
    expect((await none.client.post('/user/pack/decision', { reduction_card: none.ids })).body.state).toBe(
      200,
    );
  });

  it('guests get 401; bad input of any shape is a 400 (403 without csrf) and writes nothing', async () => {
    const m = await memberWithItems(1);
    await expectNothingChanged(db, async () => {
      expect((await t.client().post('/user/pack/decision', { send_card: m.ids })).body.state).toBe(401);
    });
    await expectBadInputRefused(
      db,
      m.client,
      '/user/pack/decision',
      { send_card: m.ids, reduction_card: [] },
      { send_card: 'all', reduction_card: [{}] },
    );
    await expectBadInputRefused(
      db,
      m.client,
      '/user/pack/decision',
      { reduction_card: m.ids },
      { reduction_card: [-1], send_card: [1.5] },
    );
    expect((await items(m.ids))[0]!.status).toBe('unselected');
  });
});
