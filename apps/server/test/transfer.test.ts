import { describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { httpPartner, partnerSignature } from '../src/modules/transfer/partner.ts';
import { reconcileTransfers, transferDeps } from '../src/modules/transfer/service.ts';
import { createMember, loginAs } from './draw-factories.ts';
import { createTestApp, testConfig, type TestClient } from './helpers.ts';

/** Point transfer from the linked partner site, against the sandbox partner over its signed API. */
const base = testConfig().transfer!;
const t = await createTestApp({ transfer: { ...base, timeoutMs: 300 } });
const db = t.db;
const deps = transferDeps(t.app)!;

const transferLots = (userId: number) =>
  db
    .selectFrom('gem_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', 'transfer')
    .execute();
const partnerPoints = async (login: string) =>
  (
    await db
      .selectFrom('sandbox_partner_accounts')
      .select('points')
      .where('login_id', '=', login)
      .executeTakeFirstOrThrow()
  ).points;
const transfersOf = (userId: number) =>
  db.selectFrom('point_transfers').selectAll().where('user_id', '=', userId).orderBy('id').execute();

async function linkedMember(
  login = 'partner@example.com',
  lang: 'en' | 'ja' = 'en',
): Promise<{ id: number; c: TestClient }> {
  const id = await createMember(db, { lang });
  const c = t.client({ lang });
  await loginAs(db, c, id);
  const linked = await c.post('/user/transfer/login', { login_id: login, password: 'partner1234' });
  expect(linked.body, login).toMatchObject({ state: 200, linked: '1' });
  return { id, c };
}

describe('linking the partner account', () => {
  it('the partner checks the credentials; the link keeps its account id, never the password', async () => {
    const id = await createMember(db);
    const c = t.client({ lang: 'ja' });
    await loginAs(db, c, id);
    const before = await c.get('/user/transfer/point');
    expect(before.body).toMatchObject({
      state: 200,
      linked: '0',
      partner_name: 'Sandbox Partner',
      gems_per_point: 1,
    });
    const wrong = await c.post('/user/transfer/login', { login_id: 'partner@example.com', password: 'nope' });
    expect(wrong.body).toMatchObject({
      state: 400,
      errors: { login_id: [message('transfer_login_failed', 'ja')] },
    });
    const ok = await c.post('/user/transfer/login', {
      login_id: ' Partner@Example.com ',
      password: 'partner1234',
    });
    expect(ok.body).toMatchObject({ state: 200, linked: '1', account_name: 'Hanako Partner' });
    expect(ok.body.point).toBeGreaterThan(0);
    const link = await db
      .selectFrom('partner_links')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Object.keys(link).sort()).toEqual([
      'account_name',
      'linked_at',
      'partner',
      'partner_account_id',
      'user_id',
    ]);
    expect(JSON.stringify(link)).not.toContain('partner1234');
  });

  it('a guest is asked to log in; bad input is a 400', async () => {
    expect((await t.client().get('/user/transfer/point')).body.state).toBe(401);
    expect((await t.client().post('/user/transfer/login', { login_id: 'a', password: 'b' })).body.state).toBe(
      401,
    );
    const { c } = await linkedMember();
    for (const payload of [{}, { login_id: '', password: 'x' }, { login_id: 'a', password: 'b', extra: 1 }]) {
      expect((await c.post('/user/transfer/login', payload)).body.state).toBe(400);
    }
    for (const point of [0, -5, 1.5, 'abc', 50_001, null]) {
      expect((await c.post('/user/transfer/point', { point })).body.state, String(point)).toBe(400);
    }
  });
});

describe('moving points into gems', () => {
  it('debits the partner and credits one bonus lot (source transfer) at the configured rate', async () => {
    const { id, c } = await linkedMember();
    const held = await partnerPoints('partner@example.com');
    const res = await c.post('/user/transfer/point', { point: 1500, request_id: 'req-00000001' });
    expect(res.body).toMatchObject({
      state: 200,
      result: '1',
      transfer: { point: 1500, gems: 1500, status: 'succeeded' },
    });
    expect(res.body.point).toBe(held - 1500);
    expect(await transferLots(id)).toMatchObject([{ amount: 1500, kind: 'bonus', source: 'transfer' }]);
    const me = await c.get('/user/point');
    expect(me.body.point).toBe(1500);
    const status = await c.get('/user/transfer/point');
    expect(status.body.transfers[0]).toMatchObject({ point: 1500, status: 'succeeded' });
  });

  it('the same request replayed, also at once: one transfer, one partner debit, one lot', async () => {
    const { id, c } = await linkedMember();
    const held = await partnerPoints('partner@example.com');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.post('/user/transfer/point', { point: 100, request_id: 'same-request-1' }),
      ),
    );
    expect(answers.every((a) => a.body.state === 200)).toBe(true);
    const again = await c.post('/user/transfer/point', { point: 100, request_id: 'same-request-1' });
    expect(again.body.transfer.id).toBe(answers[0]!.body.transfer.id);
    expect(await transferLots(id)).toHaveLength(1);
    expect(await transfersOf(id)).toHaveLength(1);
    expect(await partnerPoints('partner@example.com')).toBe(held - 100);
  });

  it('more points than the partner holds: refused, the transfer failed, no gems', async () => {
    const { id, c } = await linkedMember('empty@example.com', 'ja');
    const res = await c.post('/user/transfer/point', { point: 10 });
    expect(res.body).toMatchObject({
      state: 400,
      errors: { point: [message('transfer_not_enough_points', 'ja')] },
    });
    expect(await transferLots(id)).toEqual([]);
    expect(await transfersOf(id)).toMatchObject([{ status: 'failed', error: 'insufficient_points' }]);
  });

  it('not linked: refused', async () => {
    const id = await createMember(db);
    const c = t.client();
    await loginAs(db, c, id);
    const res = await c.post('/user/transfer/point', { point: 10 });
    expect(res.body).toMatchObject({ state: 400, errors: { point: [message('transfer_not_linked', 'en')] } });
  });
});

describe('a partner that fails or times out mid-transfer', () => {
  const later = () => new Date(Date.now() + 5 * 60_000);

  it('a timeout leaves the transfer pending without gems; the reconcile credits the debit once', async () => {
    const { id, c } = await linkedMember('slow@partner.example');
    const held = await partnerPoints('slow@partner.example');
    const res = await c.post('/user/transfer/point', { point: 700 });
    expect(res.body).toMatchObject({ state: 200, result: '2', transfer: { status: 'pending' } });
    expect(await transferLots(id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 700)); // the slow partner's answer comes after the shop stopped waiting
    expect(await partnerPoints('slow@partner.example')).toBe(held - 700); // debited at the partner
    expect(await reconcileTransfers(deps, later())).toMatchObject({ credited: 1 });
    expect(await transferLots(id)).toMatchObject([{ amount: 700 }]);
    expect(await reconcileTransfers(deps, later())).toMatchObject({ credited: 0, failed: 0 });
    expect(await transferLots(id)).toHaveLength(1);
  });

  it('an error answer after the debit: pending, then credited by the reconcile', async () => {
    const { id, c } = await linkedMember('flaky@partner.example');
    const res = await c.post('/user/transfer/point', { point: 300 });
    expect(res.body).toMatchObject({ state: 200, result: '2' });
    await reconcileTransfers(deps, later());
    expect(await transfersOf(id)).toMatchObject([{ status: 'succeeded' }]);
    expect(await transferLots(id)).toMatchObject([{ amount: 300 }]);
  });

  it('a crash before the partner was asked: the reconcile voids the key, fails the transfer, and a late debit is refused', async () => {
    const { id } = await linkedMember();
    const link = await db
      .selectFrom('partner_links')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    const held = await partnerPoints('partner@example.com');
    await db
      .insertInto('point_transfers')
      .values({
        user_id: id,
        partner: link.partner,
        partner_account_id: link.partner_account_id,
        points: 50,
        gems: 50,
        idempotency_key: 'crashed-before-debit-1',
        request_id: null,
        status: 'pending',
        created_at: new Date(Date.now() - 10 * 60_000).toISOString(),
      })
      .execute();
    expect(await reconcileTransfers(deps, new Date())).toMatchObject({ failed: 1 });
    expect(await transfersOf(id)).toMatchObject([{ status: 'failed' }]);
    const late = await deps.partner.debit(link.partner_account_id, 50, 'crashed-before-debit-1');
    expect(late).toEqual({ kind: 'refused', code: 'voided' });
    expect(await partnerPoints('partner@example.com')).toBe(held);
    expect(await transferLots(id)).toEqual([]);
  });
});

describe('the sandbox partner', () => {
  it('refuses a request whose signature is not the shop’s', async () => {
    const forged = httpPartner({
      ...deps.config,
      secret: 'x'.repeat(40),
      fetch: async (url, init) => {
        const res = await t.app.inject({
          method: init.method as 'POST',
          url,
          headers: init.headers,
          payload: init.body ?? '',
        });
        return { status: res.statusCode, text: async () => res.body };
      },
    });
    await expect(forged.login('partner@example.com', 'partner1234')).rejects.toThrow();
    const ts = String(Math.floor(Date.now() / 1000) - 3600);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/sandbox-partner/api/login',
      headers: {
        'content-type': 'application/json',
        'x-partner-key': deps.config.keyId,
        'x-partner-timestamp': ts,
        'x-partner-signature': partnerSignature(
          deps.config.secret,
          ts,
          'POST',
          '/sandbox-partner/api/login',
          '{}',
        ),
      },
      payload: '{}',
    });
    expect(stale.statusCode).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox-partner' });
    expect(page.body).toContain('partner@example.com');
  });
});
