import * as OTPAuth from 'otpauth';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { commandWrite } from '../src/modules/admin/service.ts';
import { createStaff } from '../src/modules/admin/staff.ts';
import { createPack, memberClient } from './draw-factories.ts';
import { createTestApp, onPostgres, type TestClient } from './helpers.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/** Staff accounts with a second factor, the access of every /api/admin route, the audit log. */
const t = await createTestApp({ rateLimits: false });
const db = t.db;

const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  }).generate({
    timestamp: at,
  });

describe('signing in to the console', () => {
  it('password, then enrolment with a TOTP code (recovery codes once), then password and code at every sign-in', async () => {
    await createStaff(commandWrite(db), {
      email: 'Owner@Shop.example',
      password: 'a-long-staff-password',
      role: 'owner',
    });
    const c = t.client();
    await c.get('/admin/me');
    const wrong = await c.post('/admin/login', { email: 'owner@shop.example', password: 'nope-nope-nope' });
    expect(wrong.body).toMatchObject({ state: 400, errors: { password: [expect.any(String)] } });
    const first = await c.post('/admin/login', {
      email: 'owner@shop.example',
      password: 'a-long-staff-password',
    });
    expect(first.body).toMatchObject({ state: 200, next: 'enrol' });
    expect(first.headers['set-cookie']).toEqual(
      expect.stringMatching(/staff_sid=.*Path=\/api\/admin.*HttpOnly.*SameSite=Strict/),
    );
    expect((await c.get('/admin/me')).body).toMatchObject({
      signed_in: true,
      second_factor: false,
      permissions: [],
    });
    expect((await c.get('/admin/audit')).body.state).toBe(403); // not past the second factor

    const start = await c.post('/admin/totp/start', {});
    expect(start.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(start.body.qr_svg).toContain('<svg');
    const stored = await db
      .selectFrom('staff')
      .select('totp_secret')
      .where('email', '=', 'owner@shop.example')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(start.body.secret); // sealed at rest
    expect((await c.post('/admin/totp/confirm', { code: '000000' })).body.state).toBe(400);
    const confirmed = await c.post('/admin/totp/confirm', {
      code: codeAt(start.body.secret, t.clock.now().getTime()),
    });
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    const me = await c.get('/admin/me');
    expect(me.body).toMatchObject({ role: 'owner', second_factor: true, enrolled: true });
    expect(me.body.permissions).toContain('staff.manage');
    expect((await c.get('/admin/audit')).body.state).toBe(200);
    expect((await c.post('/admin/logout', {})).body.state).toBe(200);
    expect((await c.get('/admin/audit')).body.state).toBe(401);

    // the next sign-in: the same code again is refused (used once), a later one and a recovery code once each
    const again = t.client();
    await again.get('/admin/me');
    expect(
      (await again.post('/admin/login', { email: 'owner@shop.example', password: 'a-long-staff-password' }))
        .body.next,
    ).toBe('verify');
    expect(
      (await again.post('/admin/totp/verify', { code: codeAt(start.body.secret, t.clock.now().getTime()) }))
        .body.state,
    ).toBe(400);
    expect(
      (
        await again.post('/admin/totp/verify', {
          code: codeAt(start.body.secret, t.clock.now().getTime() + 30_000),
        })
      ).body.state,
    ).toBe(200);
    const third = t.client();
    await third.get('/admin/me');
    await third.post('/admin/login', { email: 'owner@shop.example', password: 'a-long-staff-password' });
    const recovery = confirmed.body.recovery_codes[0];
    expect((await third.post('/admin/totp/verify', { recovery_code: recovery })).body.state).toBe(200);
    const fourth = t.client();
    await fourth.get('/admin/me');
    await fourth.post('/admin/login', { email: 'owner@shop.example', password: 'a-long-staff-password' });
    expect((await fourth.post('/admin/totp/verify', { recovery_code: recovery })).body.state).toBe(400);
  });

  it('throttles wrong passwords per account', async () => {
    await createStaff(commandWrite(db), {
      email: 'op@shop.example',
      password: 'operator-password-1',
      role: 'operator',
    });
    const c = t.client();
    await c.get('/admin/me');
    const states: number[] = [];
    for (let i = 0; i < 7; i++)
      states.push((await c.post('/admin/login', { email: 'op@shop.example', password: 'wrong' })).body.state);
    expect(states.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(states.at(-1)).toBe(429);
    expect(
      (await c.post('/admin/login', { email: 'op@shop.example', password: 'operator-password-1' })).body
        .state,
    ).toBe(429);
  });

  it('a session idle for 30 minutes is over', async () => {
    const c = await staffClient(t, 'owner');
    expect((await c.get('/admin/audit')).body.state).toBe(200);
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: new Date(t.clock.now().getTime() - 31 * 60_000).toISOString() })
      .execute();
    expect((await c.get('/admin/audit')).body.state).toBe(401);
  });
});

describe('every /api/admin route', () => {
  const routes = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/admin/'));
  const path = (url: string) => url.replace(/^\/api/, '').replace(/:[A-Za-z_]+/g, '1');
  const weakest: Record<string, 'viewer' | 'support' | 'operator' | null> = {
    'staff.manage': 'operator',
    'audit.read': 'support',
    'catalogue.read': null,
    'catalogue.write': 'support',
    'shipping.read': null,
    'shipping.write': 'viewer',
    'board.moderate': 'viewer',
    'members.read': null,
    'members.write': 'viewer',
    'dashboard.read': null,
    'payments.read': null,
    'payments.refund': 'support',
    'payments.match': 'viewer',
    'accounting.read': 'support',
  };
  const call = (c: TestClient, r: (typeof routes)[number], withCsrf = true) =>
    r.method === 'GET'
      ? c.get(path(r.url))
      : withCsrf
        ? c.post(path(r.url), {})
        : c.postForm(path(r.url), { json: '{}' }, false);

  it('names who may call it', () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const r of routes) expect(r.staff, r.url).toMatch(/^(public|password|[a-z]+\.[a-z]+)$/);
  });

  it('refuses a guest, a member session, a wrong role, a missing second factor and a missing csrf pair', async () => {
    const guest = t.client();
    await guest.get('/admin/me');
    const member = await memberClient(t);
    const half = await staffClient(t, 'owner', { secondFactor: false });
    for (const r of routes.filter((x) => x.staff !== 'public')) {
      expect((await call(guest, r)).body.state, `guest ${r.method} ${r.url}`).toBe(401);
      expect((await call(member.client, r)).body.state, `member ${r.url}`).toBe(401);
      if (r.staff === 'password') continue;
      expect((await call(half, r)).body.state, `no second factor ${r.url}`).toBe(403);
      const role = weakest[r.staff!];
      if (role) {
        const wrong = await staffClient(t, role);
        const res = await call(wrong, r);
        expect(res.body, `${role} ${r.url}`).toMatchObject({ state: 403 });
      }
      if (r.method === 'POST') {
        const owner = await staffClient(t, 'owner');
        expect((await call(owner, r, false)).body.state, `no csrf ${r.url}`).toBe(403);
      }
    }
  });
});

describe('the audit log', () => {
  it('one row per admin write with before and after; none for a refused write; rows cannot change', async () => {
    const { packId } = await createPack(db, { point: 10, prizes: [{ quantity: 10 }] });
    const m = await memberClient(t, { gems: 1000 });
    const buy = await m.client.post('/user/pack/buy', { packId, count: '2' });
    await m.client.post('/user/pack/decision', {
      send_card: buy.body.cards.map((c: { history_id: number }) => c.history_id),
    });
    const shipment = await db
      .selectFrom('shipments')
      .select('id')
      .where('user_id', '=', m.userId)
      .executeTakeFirstOrThrow();
    const staff = await staffClient(t, 'support');
    const count = () => auditCount(db);
    const before = await count();
    expect(
      (await staff.post(`/admin/shipments/${shipment.id}/ship`, { delivery_code: 'JP-777' })).body.state,
    ).toBe(200);
    expect(
      (await staff.post(`/admin/shipments/${shipment.id}/ship`, { delivery_code: 'JP-888' })).body.state,
    ).toBe(409);
    expect(await count()).toBe(before + 1);
    const owner = await staffClient(t, 'owner');
    const log = await owner.get(`/admin/audit?target_type=shipment&target_id=${shipment.id}`);
    expect(log.body.list).toMatchObject([
      {
        action: 'shipment.ship',
        before: { status: 'open' },
        after: { status: 'shipped', delivery_code: 'JP-777', items: 2 },
      },
    ]);
    await expect(sql`update audit_log set action = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    // PostgreSQL's TRUNCATE fires no row trigger: a statement-level one refuses it (SQLite has no TRUNCATE)
    if (onPostgres) await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before + 1);
  });
});
