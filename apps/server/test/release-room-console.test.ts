import { verifyRoom } from '@gacha/contract/room-order';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMembers,
  createPack,
  expectNothingChanged,
  loginAs,
  memberClient,
  presell,
} from './draw-factories.ts';
import { createTestApp } from './helpers.ts';
import { ADMISSION_SETTLE_MS } from '../src/modules/rooms/service.ts';
import { openRoomStream } from './room-stream.ts';
import { auditCount, staffClient } from './staff-factories.ts';

const MINUTE = 60_000;

/**
 * A release room from the console (open with its rate, pause, watch live) and the member's standing pushed over
 * Server-Sent Events: who may do what, bad input, repeats and races, and a push for every change.
 */
const t = await createTestApp();
const db = t.db;
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => t.app.close());

const openBody = { minutes_before: 30, admit_per_minute: 60, pass_seconds: 120 };

async function futurePack(lots = 5, startsInMinutes = 20) {
  const start = new Date(t.clock.now().getTime() + startsInMinutes * MINUTE);
  return (
    await createPack(db, { start_at: start.toISOString(), prizes: [{ quantity: lots, buy_point: 10 }] })
  ).packId;
}

describe('the console opens, pauses and watches a release room', () => {
  it('is for catalogue writers; others and guests are refused; bad input changes nothing', async () => {
    const packId = await futurePack();
    const guest = t.client();
    const member = (await memberClient(t)).client;
    const viewer = await staffClient(t, 'viewer');
    const support = await staffClient(t, 'support');
    const halfSignedIn = await staffClient(t, 'owner', { secondFactor: false });
    const owner = await staffClient(t, 'owner');
    await expectNothingChanged(db, async () => {
      expect((await guest.post(`/admin/packs/${packId}/room`, openBody)).body.state).toBe(401);
      expect((await member.post(`/admin/packs/${packId}/room`, openBody)).body.state).toBe(401);
      expect((await halfSignedIn.post(`/admin/packs/${packId}/room`, openBody)).body.state).toBe(403);
      for (const staff of [viewer, support]) {
        expect((await staff.post(`/admin/packs/${packId}/room`, openBody)).body.state).toBe(403);
        expect((await staff.post(`/admin/packs/${packId}/room/pause`, { paused: 1 })).body.state).toBe(403);
      }
      expect((await guest.get(`/admin/packs/${packId}/room`)).body.state).toBe(401);
      // the csrf pair is required
      const noCsrf = await owner.postForm(
        `/admin/packs/${packId}/room`,
        { json: JSON.stringify(openBody) },
        false,
      );
      expect(noCsrf.body.state).toBe(403);
      for (const bad of [
        {},
        { ...openBody, minutes_before: 0 },
        { ...openBody, admit_per_minute: -1 },
        { ...openBody, admit_per_minute: 1.5 },
        { ...openBody, pass_seconds: 10 },
        { ...openBody, pass_seconds: '120' },
        { ...openBody, extra: 1 },
      ]) {
        const res = await owner.post(`/admin/packs/${packId}/room`, bad);
        expect(res.body.state, JSON.stringify(bad)).toBe(400);
      }
      expect((await owner.post('/admin/packs/999999/room', openBody)).body.state).toBe(404);
      expect((await owner.post('/admin/packs/abc/room', openBody)).body.state).toBe(404);
      expect((await owner.post(`/admin/packs/${packId}/room/pause`, { paused: 1 })).body.state).toBe(404);
      expect((await owner.post(`/admin/packs/${packId}/room/pause`, { paused: 2 })).body.state).toBe(400);
      // a reader sees that there is no room
      expect((await viewer.get(`/admin/packs/${packId}/room`)).body).toMatchObject({
        state: 200,
        room: null,
      });
    });
    // in the staff member's language
    const ja = await staffClient(t, 'operator');
    ja.cookies.set('lang', 'ja');
    const refused = await ja.post(`/admin/packs/${packId}/room`, { ...openBody, pass_seconds: 10 });
    expect(refused.body.state).toBe(400);
  });

  it('opens once (a repeat or a second staff member at once is refused), pauses and resumes with an audit row each, and counts its members', async () => {
    const packId = await futurePack(3);
    const [owner, operator] = await Promise.all([staffClient(t, 'owner'), staffClient(t, 'operator')]);
    const before = await auditCount(db);
    const [a, b] = await Promise.all([
      owner.post(`/admin/packs/${packId}/room`, openBody),
      operator.post(`/admin/packs/${packId}/room`, openBody),
    ]);
    expect([a.body.state, b.body.state].sort()).toEqual([200, 409]);
    const opened = (a.body.state === 200 ? a : b).body.room;
    expect(opened).toMatchObject({
      pack_id: packId,
      admit_per_minute: 60,
      pass_seconds: 120,
      joined: 0,
      seed: null,
    });
    expect(opened.commitment).toMatch(/^[0-9a-f]{64}$/);
    const repeat = await owner.post(`/admin/packs/${packId}/room`, openBody);
    expect(repeat.body).toMatchObject({ state: 409, code: 'room_exists' });
    expect(await auditCount(db)).toBe(before + 1);
    expect(
      await db.selectFrom('release_rooms').select('pack_id').where('pack_id', '=', packId).execute(),
    ).toHaveLength(1);

    // three members join; at the start one is admitted a second (60 a minute)
    const members = await createMembers(db, 3, { gems: 1000 });
    const clients = await Promise.all(
      members.map(async (id) => {
        const c = t.client();
        await loginAs(db, c, id);
        return c;
      }),
    );
    t.clock.advance(15 * MINUTE);
    for (const c of clients) expect((await c.post('/user/pack/room/join', { packId })).body.state).toBe(200);
    t.clock.advance(5 * MINUTE + ADMISSION_SETTLE_MS + 1_000);
    const viewer = await staffClient(t, 'viewer');
    const live = (await viewer.get(`/admin/packs/${packId}/room`)).body.room;
    expect(live).toMatchObject({
      joined: 3,
      drawn: true,
      admitted_places: 1,
      waiting: 2, // the first place is admitted, its member has not asked yet
      admitted: 1,
      bought: 0,
      left: 0,
    });

    // the first place buys; pause and resume (a repeat changes nothing and is not audited)
    const standings = await Promise.all(clients.map((c) => c.get(`/user/pack/room/${packId}`)));
    const first = standings.findIndex((s) => s.body.room.standing === 'admitted');
    expect(first).toBeGreaterThanOrEqual(0);
    const roomPass = standings[first]!.body.room.pass;
    expect((await clients[first]!.post('/user/pack/buy', { packId, count: '1', roomPass })).body.state).toBe(
      200,
    );
    const audited = await auditCount(db);
    expect((await operator.post(`/admin/packs/${packId}/room/pause`, { paused: 1 })).body.room.paused).toBe(
      true,
    );
    expect((await operator.post(`/admin/packs/${packId}/room/pause`, { paused: 1 })).body.state).toBe(200);
    expect(await auditCount(db)).toBe(audited + 1);
    t.clock.advance(MINUTE);
    const paused = (await viewer.get(`/admin/packs/${packId}/room`)).body.room;
    expect(paused).toMatchObject({ paused: true, admitted_places: 1, bought: 1, waiting: 2, lots_left: 2 });
    expect((await operator.post(`/admin/packs/${packId}/room/pause`, { paused: 0 })).body.room.paused).toBe(
      false,
    );
    expect(await auditCount(db)).toBe(audited + 2);

    // the second place's pass runs out without a purchase: left
    t.clock.advance(1_000);
    const second = standings.findIndex((_, i) => i !== first && standings[i]!.body.room.place === 2);
    expect((await clients[second]!.get(`/user/pack/room/${packId}`)).body.room.standing).toBe('admitted');
    t.clock.advance(3 * MINUTE);
    expect((await viewer.get(`/admin/packs/${packId}/room`)).body.room).toMatchObject({ left: 1, bought: 1 });

    // sold out: the seed shows, and opens the public record
    await presell(db, packId, 2);
    const closed = (await viewer.get(`/admin/packs/${packId}/room`)).body.room;
    expect(closed).toMatchObject({ sold_out: true, lots_left: 0 });
    const record = (await t.client().get(`/user/pack/room/${packId}/record`)).body;
    expect(record.seed).toBe(closed.seed);
    expect(verifyRoom(record).allMatch).toBe(true);
  });

  it('refuses a room on a pack whose sale has started', async () => {
    const packId = await futurePack(3, -1);
    const owner = await staffClient(t, 'owner');
    const res = await owner.post(`/admin/packs/${packId}/room`, openBody);
    expect(res.body).toMatchObject({ state: 409, code: 'room_too_late' });
  });
});

describe("a member's standing, pushed", () => {
  it('streams the standing of a member and a guest, and pushes admission, a pause, lots bought and the sell-out', async () => {
    const packId = await futurePack(2, 10);
    const owner = await staffClient(t, 'owner');
    await owner.post(`/admin/packs/${packId}/room`, { ...openBody, admit_per_minute: 1 });
    const [x, y] = await createMembers(db, 2, { gems: 1000 });
    const cx = t.client();
    await loginAs(db, cx, x!);
    const cy = t.client({ lang: 'ja' });
    await loginAs(db, cy, y!);
    expect((await cx.post('/user/pack/room/join', { packId })).body.state).toBe(200);
    expect((await cy.post('/user/pack/room/join', { packId })).body.state).toBe(200);

    const url = `${base}/api/user/pack/room/${packId}/live`;
    const sx = await openRoomStream(url, cx.cookieHeader());
    const sy = await openRoomStream(url, cy.cookieHeader());
    const guest = await openRoomStream(url);
    try {
      expect(sx.status).toBe(200);
      await sx.next((s) => s.standing === 'waiting' && !s.drawn);
      await guest.next((s) => s.standing === 'not_joined');

      // the start: the order is drawn and pushed, then the first place is admitted a minute after admission begins
      t.clock.advance(10 * MINUTE);
      const drawnX = await sx.next((s) => s.drawn);
      const drawnY = await sy.next((s) => s.drawn);
      expect([drawnX.place, drawnY.place].sort()).toEqual([1, 2]);
      const [firstStream, firstClient, secondStream] = drawnX.place === 1 ? [sx, cx, sy] : [sy, cy, sx];
      t.clock.advance(ADMISSION_SETTLE_MS + MINUTE);
      const admitted = await firstStream.next((s) => s.standing === 'admitted');
      expect(admitted.pass_expires_at).not.toBeNull();
      await secondStream.next((s) => s.standing === 'waiting' && s.ahead === 0 && s.wait_seconds === 60);

      // a pause is pushed at once
      await owner.post(`/admin/packs/${packId}/room/pause`, { paused: 1 });
      await secondStream.next((s) => s.paused && s.wait_seconds === null, 3_000);
      await owner.post(`/admin/packs/${packId}/room/pause`, { paused: 0 });
      await secondStream.next((s) => !s.paused, 3_000);

      // a purchase: lots left pushed to everyone; then the last lot sold elsewhere: sold out told to the waiting
      const bought = Date.now();
      const roomPass = admitted.pass!;
      expect((await firstClient.post('/user/pack/buy', { packId, count: '1', roomPass })).body.state).toBe(
        200,
      );
      await guest.next((s) => s.lots_left === 1, 2_000);
      expect(guest.events.at(-1)!.at - bought).toBeLessThan(2_000);
      await presell(db, packId, 1);
      await owner.post(`/admin/packs/${packId}/room/pause`, { paused: 1 }); // any change reads the pack again
      const soldOut = await secondStream.next((s) => s.sold_out, 3_000);
      expect(soldOut).toMatchObject({ standing: 'waiting', lots_left: 0 });
    } finally {
      for (const s of [sx, sy, guest]) s.close();
    }
  });

  it('answers a pack without a room 404 and bad ids 404, in the envelope', async () => {
    const packId = await futurePack();
    for (const path of [`/api/user/pack/room/${packId}/live`, '/api/user/pack/room/abc/live']) {
      const res = await fetch(`${base}${path}`, { headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { state: number }).state).toBe(404);
    }
  });
});
