import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ROUTE_LIMITS } from '../src/http/rate-limits.ts';
import { createTestApp, onPostgres, TestClient, type TestApp } from './helpers.ts';
import { createMember } from './factories.ts';
import { loggedIn } from './member-helpers.ts';

/**
 * Per-route rate limits (@fastify/rate-limit). Guests are counted by client address, members by
 * member; a route's path aliases share one count; the answer is the envelope's 429 in the member's language.
 * On PostgreSQL the count lives in the database and on Redis (REDIS_URL) in Redis: two app processes share it.
 */
const t = await createTestApp({ rateLimits: true });
/** Addresses unique to this run, so counts left in Redis by an earlier run do not matter. */
const run = randomInt(1, 250);
const ip = (n: number) => `10.${run}.${n}.1`;

async function hit(client: TestClient, path: string, n: number) {
  const states: number[] = [];
  for (let i = 0; i < n; i++) states.push((await client.post(path, {})).body.state);
  return states;
}

describe('per-route rate limits', () => {
  it('registration: past the limit from one address → 429 with the wait, aliases counted together', async () => {
    const { max } = ROUTE_LIMITS.register;
    const c = t.client({ ip: ip(1) });
    const first = await hit(c, '/user/append', max - 1);
    expect(first.every((s) => s === 400)).toBe(true); // counted even when the input is bad
    expect((await c.post('/user/appendUser', {})).body.state).toBe(400);
    const refused = await c.post('/user/append', {});
    expect(refused.body.state).toBe(429);
    expect(refused.httpStatus).toBe(429);
    expect(refused.body.message).toBe('Too many attempts. Please wait 10 minutes and try again.');
    expect(refused.body.csrf?.name).toBeTruthy();
    const ja = t.client({ ip: ip(1), lang: 'ja' });
    expect((await ja.post('/user/appendUser', {})).body.message).toBe(
      '試行回数が多すぎます。10分ほど待ってから再度お試しください。',
    );
    // another address is not affected, and the window runs out
    expect((await t.client({ ip: ip(2) }).post('/user/append', {})).body.state).toBe(400);
  });

  it('the email check (/user/confirm) is limited per address', async () => {
    const c = t.client({ ip: ip(3) });
    const states = await hit(c, '/user/confirm', ROUTE_LIMITS.confirm.max + 1);
    expect(states.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(states.at(-1)).toBe(429);
  });

  it('members are counted as themselves: the purchase limit of one does not touch another', async () => {
    const a = await loggedIn(t, await createMember(t.db), ip(4));
    const b = await loggedIn(t, await createMember(t.db), ip(4));
    const states = await hit(a, '/user/pack/check', ROUTE_LIMITS.purchase.max + 1);
    expect(states.at(-2)).toBe(400);
    expect(states.at(-1)).toBe(429);
    expect((await a.post('/user/pack/buy', {})).body.state).toBe(429);
    expect((await b.post('/user/pack/buy', {})).body.state).toBe(400);
  });

  it('login, reset, SMS and coupon routes are limited too', async () => {
    const cases: [string, keyof typeof ROUTE_LIMITS, boolean][] = [
      ['/user/login', 'login', false],
      ['/user/reset_password', 'reset', false],
      ['/user/send_sms', 'sms', true],
      ['/user/coupon/use', 'coupon', true],
      ['/user/pack/room/join', 'room', true],
    ];
    for (const [path, name, member] of cases) {
      const c = member ? await loggedIn(t, await createMember(t.db), ip(5)) : t.client({ ip: ip(6) });
      const states = await hit(c, path, ROUTE_LIMITS[name].max + 1);
      expect(states.at(-1), path).toBe(429);
      expect(
        states.filter((s) => s === 429),
        path,
      ).toHaveLength(1);
    }
  });
});

/** A second app process on the same database (or Redis): the count is one. */
async function secondProcess(base: TestApp, overrides = {}) {
  const app = await buildApp({ config: { ...base.config, ...overrides }, db: base.db, clock: base.clock });
  await app.ready();
  afterAll(() => app.close());
  return app;
}

describe.runIf(onPostgres)('PostgreSQL: the count is shared by every process', () => {
  it('alternating between two processes still stops at the limit', async () => {
    const other = await secondProcess(t);
    const here = t.client({ ip: ip(7) });
    const there = new TestClient(other, { ip: ip(7) });
    const states: number[] = [];
    for (let i = 0; i <= ROUTE_LIMITS.register.max; i++)
      states.push((await (i % 2 ? there : here).post('/user/append', {})).body.state);
    expect(states.filter((s) => s === 429)).toEqual([429]);
    expect(states.at(-1)).toBe(429);
  });
});

describe.runIf(!!process.env.REDIS_URL)(
  'Redis (REDIS_URL): the count is shared by every process',
  async () => {
    const redisUrl = process.env.REDIS_URL!;
    const one = await createTestApp({ rateLimits: true, redisUrl });
    it('alternating between two processes still stops at the limit', async () => {
      const other = await secondProcess(one);
      const here = one.client({ ip: ip(8) });
      const there = new TestClient(other, { ip: ip(8) });
      const states: number[] = [];
      for (let i = 0; i <= ROUTE_LIMITS.register.max; i++)
        states.push((await (i % 2 ? there : here).post('/user/append', {})).body.state);
      expect(states.filter((s) => s === 429)).toEqual([429]);
    });
  },
);
