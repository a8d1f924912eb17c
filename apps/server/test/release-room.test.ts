import { verifyRoom, roomOrder, type RoomEntry } from '@gacha/contract/room-order';
import { describe, expect, it } from 'vitest';
import { commandWrite } from '../src/modules/admin/service.ts';
import { roomPassKey } from '../src/modules/rooms/pass.ts';
import {
  ADMISSION_SETTLE_MS,
  admittedPlaces,
  joinRoom,
  roomStanding,
  startRoomPasses,
} from '../src/modules/rooms/service.ts';
import { openRoom, pauseRoom } from '../src/modules/rooms/staff.ts';
import {
  createInterleavingTestApp,
  createMembers,
  createPack,
  expectNothingChanged,
  loginAs,
  presell,
} from './draw-factories.ts';
import { purchaseDbModes } from './helpers.ts';

const MINUTE = 60_000;
/** The standing's passes in the calls made here without the app (the app signs with its own secret). */
const KEY = roomPassKey('release-room.test');

/**
 * A release room (docs/fairness.md § 10) on both databases: 2,000 members join before the start, many twice at
 * once; at the start their order is the documented shuffle of who was in; places are admitted at the staff's
 * rate; nobody buys without a pass; the pack sells exactly its lots.
 */
describe.each(purchaseDbModes)('a release room ($name)', async ({ writeWorker }) => {
  const t = await createInterleavingTestApp({}, { writeWorker });
  const db = t.db;

  it('draws the order of 2,000 members from its committed seed, admits at its rate, and sells only to passes', async () => {
    const start = new Date(t.clock.now().getTime() + 10 * MINUTE);
    const { packId } = await createPack(db, {
      point: 100,
      start_at: start.toISOString(),
      prizes: [
        { quantity: 90, buy_point: 10 },
        { quantity: 10, buy_point: 40, rarity: 3 },
      ],
    });
    const room = await openRoom(commandWrite(db, t.clock.now()), packId, {
      minutesBefore: 30,
      admitPerMinute: 60,
      passSeconds: 300,
    });
    const ids = await createMembers(db, 2_000, { gems: 1_000 });

    // everyone joins before the start, a tenth of them from two tabs at once
    const now = t.clock.now();
    const twice = ids.filter((_, i) => i % 10 === 0);
    const joined = await Promise.all([...ids, ...twice].map((id) => joinRoom(db, packId, id, now, KEY)));
    const entries = await db.selectFrom('room_entries').selectAll().where('pack_id', '=', packId).execute();
    expect(entries).toHaveLength(2_000);
    expect(new Set(entries.map((e) => e.user_id)).size).toBe(2_000);
    // every join, the second of the same member too, answers the member waiting for the draw
    expect(joined.every((s) => s.standing === 'waiting' && s.place === null && !s.drawn)).toBe(true);
    expect(entries.every((e) => e.place === null && e.arrival === null)).toBe(true);

    // before the start nobody is admitted, and the purchase says "not started"
    const first = t.client();
    await loginAs(db, first, ids[0]!);
    const early = await first.post('/user/pack/buy', { packId, count: '1' });
    expect(early.body.reason).toBe('pack_not_started');

    // the start: the order is the documented shuffle of everyone who was in
    t.clock.advance(10 * MINUTE);
    const late = (await createMembers(db, 1, { gems: 1_000 }))[0]!;
    await joinRoom(db, packId, late, t.clock.now(), KEY);
    const seed = (await db
      .selectFrom('release_rooms')
      .select('seed')
      .where('pack_id', '=', packId)
      .executeTakeFirstOrThrow())!.seed;
    const drawn = await db
      .selectFrom('room_entries')
      .selectAll()
      .where('pack_id', '=', packId)
      .orderBy('place')
      .execute();
    // arrival numbers 1…2,000 in the order the entries were recorded, then the late one
    const recorded = [...entries].sort((a, b) => a.id - b.id).map((e) => e.user_id);
    expect(recorded.map((u) => drawn.find((e) => e.user_id === u)!.arrival)).toEqual(
      Array.from({ length: 2_000 }, (_, i) => i + 1),
    );
    expect(drawn.map((e) => e.arrival)).toEqual(
      roomOrder(
        seed,
        Array.from({ length: 2_000 }, (_, i) => i + 1),
        [2_001],
      ),
    );
    const record: RoomEntry[] = drawn.map((e) => ({
      arrival: e.arrival!,
      place: e.place!,
      at_start: e.at_start === 1,
    }));
    expect(verifyRoom({ commitment: room.commitment, seed, entries: record }).allMatch).toBe(true);
    expect(drawn.at(-1)).toMatchObject({ arrival: 2_001, place: 2_001, at_start: 0 });

    // nobody is admitted at the very start: a buy without a pass is refused and changes nothing
    const placeOf = new Map(drawn.map((e) => [e.user_id, e.place!]));
    const inPlace = (p: number) => drawn[p - 1]!.user_id;
    const c1 = t.client();
    await loginAs(db, c1, inPlace(1));
    expect((await c1.post('/user/pack/buy', { packId, count: '1' })).body).toMatchObject({
      state: 403,
      reason: 'room_pass_required',
    });

    // two minutes into admission: 120 places admitted; those 120 buy at once, with 30 members not yet admitted
    t.clock.advance(ADMISSION_SETTLE_MS + 2 * MINUTE);
    const r = (await db
      .selectFrom('release_rooms')
      .selectAll()
      .where('pack_id', '=', packId)
      .executeTakeFirstOrThrow())!;
    expect(admittedPlaces(r, start.toISOString(), t.clock.now())).toBe(120);
    const admittedIds = Array.from({ length: 120 }, (_, i) => inPlace(i + 1));
    const waitingIds = Array.from({ length: 30 }, (_, i) => inPlace(121 + i));
    const clients = [];
    for (const id of [...admittedIds, ...waitingIds]) {
      const c = t.client();
      await loginAs(db, c, id);
      clients.push({ id, c });
    }
    // each reads their standing (the page does): the admitted get their signed pass, the waiting none
    const passes = await Promise.all(
      clients.map(
        async ({ c }) => (await c.get(`/user/pack/room/${packId}`)).body.room.pass as string | null,
      ),
    );
    expect(passes.slice(0, 120).every((p) => typeof p === 'string')).toBe(true);
    expect(passes.slice(120).every((p) => p === null)).toBe(true);

    // a pass is the member's own, for this pack, until it runs out: anything else is refused and changes nothing
    const [own, other] = [clients[0]!.c, clients[1]!.c];
    const pass = passes[0]!;
    const [expiry, mac] = pass.split('.');
    await expectNothingChanged(db, async () => {
      for (const forged of [
        undefined, // an admitted member without their pass
        passes[1]!, // another member's
        `${Number(expiry) + 60_000}.${mac}`, // lengthened
        `${expiry}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`, // tampered
        'x'.repeat(100),
      ]) {
        for (const path of ['/user/pack/check', '/user/pack/buy'])
          expect((await own.post(path, { packId, count: '1', roomPass: forged })).body).toMatchObject({
            state: 403,
            reason: 'room_pass_required',
          });
      }
      expect((await other.post('/user/pack/buy', { packId, count: '1', roomPass: pass })).body.reason).toBe(
        'room_pass_required',
      );
      expect(
        (await own.post('/user/pack/buy', { packId, count: '1', roomPass: 'x'.repeat(101) })).body.state,
      ).toBe(400);
    });
    expect((await own.post('/user/pack/check', { packId, count: '1', roomPass: pass })).body.state).toBe(200);

    const answers = await Promise.all(
      clients.map(({ c }, i) =>
        c.post('/user/pack/buy', { packId, count: '1', roomPass: passes[i] ?? undefined }),
      ),
    );
    const admittedAnswers = answers.slice(0, 120).map((a) => a.body.state);
    const waitingAnswers = answers.slice(120).map((a) => a.body.reason);
    expect(admittedAnswers.filter((s) => s === 200)).toHaveLength(100);
    expect(admittedAnswers.filter((s) => s === 409)).toHaveLength(20);
    expect(waitingAnswers.every((r) => r === 'room_pass_required')).toBe(true);

    // the pack sold exactly its lots, each position once, every buyer admitted before buying
    const pack = await db
      .selectFrom('packs')
      .select('sold_count')
      .where('id', '=', packId)
      .executeTakeFirstOrThrow();
    expect(pack.sold_count).toBe(100);
    const buyers = await db
      .selectFrom('pack_purchases')
      .select('user_id')
      .where('pack_id', '=', packId)
      .execute();
    expect(buyers).toHaveLength(100);
    for (const b of buyers) expect(placeOf.get(b.user_id)!).toBeLessThanOrEqual(120);
    const positions = await db
      .selectFrom('won_items')
      .select('position')
      .where('pack_id', '=', packId)
      .where('position', 'is not', null)
      .execute();
    expect(new Set(positions.map((p) => p.position)).size).toBe(100);

    // a member's standing: admitted with a pass, or waiting with places ahead
    expect(await roomStanding(db, packId, inPlace(1), t.clock.now(), KEY)).toMatchObject({
      standing: 'admitted',
      place: 1,
    });
    expect(await roomStanding(db, packId, inPlace(130), t.clock.now(), KEY)).toMatchObject({
      standing: 'waiting',
      place: 130,
      ahead: 9,
    });
    // the pass runs out five minutes after admission
    t.clock.advance(6 * MINUTE);
    expect((await roomStanding(db, packId, inPlace(1), t.clock.now(), KEY))?.standing).toBe('pass_expired');
  });

  it('a pause holds admissions back by its length; the staff rules refuse a second room', async () => {
    const start = new Date(t.clock.now().getTime() + 5 * MINUTE);
    const { packId } = await createPack(db, { start_at: start.toISOString() });
    const write = () => commandWrite(db, t.clock.now());
    await openRoom(write(), packId, { minutesBefore: 10, admitPerMinute: 10, passSeconds: 120 });
    await expect(
      openRoom(write(), packId, { minutesBefore: 10, admitPerMinute: 10, passSeconds: 120 }),
    ).rejects.toMatchObject({
      state: 409,
    });
    const [id] = await createMembers(db, 1);
    await joinRoom(db, packId, id!, t.clock.now(), KEY);
    t.clock.advance(6 * MINUTE + ADMISSION_SETTLE_MS); // one minute into admission: 10 admitted
    await roomStanding(db, packId, id!, t.clock.now(), KEY);
    const room = () =>
      db.selectFrom('release_rooms').selectAll().where('pack_id', '=', packId).executeTakeFirstOrThrow();
    expect(admittedPlaces(await room(), start.toISOString(), t.clock.now())).toBe(10);
    await pauseRoom(write(), packId, true);
    expect((await pauseRoom(write(), packId, true)).changed).toBe(false);
    t.clock.advance(3 * MINUTE);
    expect(admittedPlaces(await room(), start.toISOString(), t.clock.now())).toBe(10);
    await pauseRoom(write(), packId, false);
    t.clock.advance(MINUTE);
    expect(admittedPlaces(await room(), start.toISOString(), t.clock.now())).toBe(20);
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'pack')
      .where('target_id', '=', String(packId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['room.open', 'room.pause', 'room.resume']);
  });

  it('through the API: guests, bad input, a room not open yet, a repeat; the public record reveals the seed at the close', async () => {
    const start = new Date(t.clock.now().getTime() + 20 * MINUTE);
    const { packId } = await createPack(db, { start_at: start.toISOString(), prizes: [{ quantity: 5 }] });
    const guest = t.client();
    expect((await guest.post('/user/pack/room/join', { packId })).body.state).toBe(401);
    // a pack without a room: a guest and a member are told so, nothing else
    expect((await guest.get(`/user/pack/room/${packId}`)).body).toMatchObject({ state: 200, room: null });

    const [a, b] = await createMembers(db, 2);
    const ca = t.client();
    await loginAs(db, ca, a!);
    const cb = t.client({ lang: 'ja' });
    await loginAs(db, cb, b!);
    // no room on the pack yet; bad input of any shape changes nothing
    await expectNothingChanged(db, async () => {
      expect((await ca.post('/user/pack/room/join', { packId })).body).toMatchObject({ state: 404 });
      for (const bad of [{ packId: 'x' }, { packId: -1 }, {}, { packId, extra: 1 }, { packId: [packId] }])
        expect((await ca.post('/user/pack/room/join', bad)).body.state).toBe(400);
      expect((await ca.get('/user/pack/room/abc')).body.state).toBe(404);
    });

    // on the app's own handle: its cache of the packs with a room hears the opening
    await openRoom(commandWrite(t.app.db, t.clock.now()), packId, {
      minutesBefore: 10,
      admitPerMinute: 1,
      passSeconds: 60,
    });
    // the room opens ten minutes before the start: not yet, in the member's language
    const early = await cb.post('/user/pack/room/join', { packId });
    expect(early.body).toMatchObject({ state: 409, reason: 'room_not_open' });
    expect(early.body.message).toMatch(/待機室/);

    t.clock.advance(11 * MINUTE);
    const joined = await ca.post('/user/pack/room/join', { packId });
    expect(joined.body).toMatchObject({
      state: 200,
      room: { standing: 'waiting', drawn: false, place: null, lots_left: 5, sold_out: false },
    });
    const again = await ca.post('/user/pack/room/join', { packId }); // a repeat: the same entry
    expect(again.body).toMatchObject({ state: 200, room: { place: null } });
    // a guest sees the room, not joined
    expect((await guest.get(`/user/pack/room/${packId}`)).body.room).toMatchObject({
      standing: 'not_joined',
      commitment: joined.body.room.commitment,
    });
    await cb.post('/user/pack/room/join', { packId });
    expect(
      await db.selectFrom('room_entries').select('id').where('pack_id', '=', packId).execute(),
    ).toHaveLength(2);

    // the start: drawn, nobody admitted yet; the record lists both, the caller's own marked, the seed sealed
    t.clock.advance(9 * MINUTE);
    const standing = (await ca.get(`/user/pack/room/${packId}`)).body.room;
    expect(standing).toMatchObject({ drawn: true, admitted_places: 0, paused: false });
    expect([1, 2]).toContain(standing.place);
    expect(standing.wait_seconds).toBe(standing.place * 60); // one a minute
    const sealed = (await ca.get(`/user/pack/room/${packId}/record`)).body;
    expect(sealed).toMatchObject({ state: 200, seed: null, revealed: false });
    expect(sealed.entries.filter((e: { mine: boolean }) => e.mine)).toHaveLength(1);
    expect(
      (await guest.get(`/user/pack/room/${packId}/record`)).body.entries.some(
        (e: { mine: boolean }) => e.mine,
      ),
    ).toBe(false);

    // sold out: the seed opens the commitment and gives every place
    await presell(db, packId, 5);
    const open = (await guest.get(`/user/pack/room/${packId}/record`)).body;
    expect(open).toMatchObject({ state: 200, revealed: true });
    expect(verifyRoom({ commitment: open.commitment, seed: open.seed, entries: open.entries }).allMatch).toBe(
      true,
    );
  });
  it('two processes starting the same passes at once: each member gets one pass, answered by the one that started it', async () => {
    const start = new Date(t.clock.now().getTime() + 5 * MINUTE);
    const { packId } = await createPack(db, { start_at: start.toISOString() });
    await openRoom(commandWrite(db, t.clock.now()), packId, {
      minutesBefore: 10,
      admitPerMinute: 600,
      passSeconds: 120,
    });
    const ids = await createMembers(db, 50);
    await Promise.all(ids.map((id) => joinRoom(db, packId, id, t.clock.now(), KEY)));
    t.clock.advance(5 * MINUTE + ADMISSION_SETTLE_MS + MINUTE); // all 50 places admitted
    await roomStanding(db, packId, null, t.clock.now(), KEY); // the draw
    const room = await db
      .selectFrom('release_rooms')
      .selectAll()
      .where('pack_id', '=', packId)
      .executeTakeFirstOrThrow();
    const [a, b] = await Promise.all([
      startRoomPasses(db, room, ids, t.clock.now()),
      startRoomPasses(db, room, ids, new Date(t.clock.now().getTime() + 1_000)),
    ]);
    const started = [...a, ...b];
    expect(started.map((e) => e.user_id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const entries = await db
      .selectFrom('room_entries')
      .select(['user_id', 'pass_expires_at'])
      .where('pack_id', '=', packId)
      .execute();
    const answered = new Map(started.map((e) => [e.user_id, e.pass_expires_at]));
    for (const e of entries) expect(e.pass_expires_at).toBe(answered.get(e.user_id));
  });
});
