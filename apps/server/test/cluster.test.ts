import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROUTE_LIMITS } from '../src/http/rate-limits.ts';
import { checkLedgers } from '../src/db/ledger-check.ts';
import { createMember } from './factories.ts';
import { createMember as createFundedMember, createPack } from './draw-factories.ts';
import { createStaffMember } from './staff-factories.ts';
import { onPostgres } from './helpers.ts';
import { HttpClient, MAIN, pgShop, PROCESS_TEST_TIMEOUT, startServer } from './processes.ts';

/**
 * "two processes on one PostgreSQL": two real server processes (main.ts) on one database schema,
 * rate limits on, jobs through pg-boss with a short clock check. Redis is used for the rate-limit counts and the
 * cache bus when REDIS_URL is set (CI), else PostgreSQL (the throttles table, LISTEN/NOTIFY).
 */
// the suite's setup starts processes on PostgreSQL: without it the suite is only named, as skipped
describe.runIf(onPostgres)(
  'two server processes on one PostgreSQL',
  { timeout: PROCESS_TEST_TIMEOUT },
  async () => {
    if (!onPostgres) return void it('needs PostgreSQL (DATABASE_URL)', () => {});
    const shop = await pgShop();
    const env = {
      DATABASE_URL: shop.url,
      PGBOSS_SCHEMA: shop.bossSchema,
      RATE_LIMITS: '1',
      TRUST_PROXY: '1',
      JOBS: 'pg-boss',
      JOBS_CRON_CHECK_SECONDS: '2',
      REDIS_URL: process.env.REDIS_URL ?? '',
    };
    const [a, b] = await Promise.all([startServer(MAIN, env), startServer(MAIN, env)]);
    const bothUp = new Date();
    /** A client address of its own, so counts left in Redis by an earlier run do not matter. */
    const ip = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

    it('a session made on one is valid on the other, and its csrf pair too', async () => {
      const member = await createMember(shop.db);
      const browser = new HttpClient(a.url, { 'x-forwarded-for': ip });
      const login = await browser.post('/user/login', { mail: member.mail, pass: member.pass });
      expect(login.body.state).toBe(200);
      const here = await browser.get('/user/point');
      const there = await browser.get('/user/point', b.url);
      expect(here.body.is_login).toBe('1');
      expect(there.body.is_login).toBe('1');
      expect(there.body.point).toBe(here.body.point);
      // a POST on B with the pair A handed out: accepted (state 400 = the payload's validation, past the csrf check)
      const answer = await browser.get('/user/point');
      browser.csrf = answer.body.csrf;
      expect((await browser.post('/user/pack/check', {}, b.url)).body.state).toBe(400);
    });

    it('a rate limit counts across both', async () => {
      const guest = new HttpClient(a.url, { 'x-forwarded-for': ip });
      const states: number[] = [];
      for (let i = 0; i <= ROUTE_LIMITS.register.max; i++)
        states.push((await guest.post('/user/append', {}, i % 2 ? b.url : a.url)).body.state);
      expect(states.slice(0, -1).every((s) => s === 400)).toBe(true);
      expect(states.at(-1)).toBe(429);
    });

    it('a pack edited through one is sold at its new state by the other within a second', async () => {
      const { packId } = await createPack(shop.db, {
        prizes: [{ quantity: 50, buy_point: 10, rarity: 1 }],
      });
      const userId = await createFundedMember(shop.db, { gems: 100_000 });
      const buyer = new HttpClient(b.url, { 'x-forwarded-for': ip });
      buyer.cookies.set('sid', await sessionFor(userId));
      // B has the pack in its cache (a purchase reads it)
      expect((await buyer.post('/user/pack/buy', { packId, count: '1' })).body.state).toBe(200);
      // staff end the sale through A
      const staff = new HttpClient(a.url, { 'x-forwarded-for': ip });
      staff.cookies.set('staff_sid', await staffSession());
      await staff.get('/admin/me');
      // a new name: the purchase's answer takes the title from B's cached copy of the pack
      const renamed = `Renamed ${randomBytes(3).toString('hex')}`;
      expect((await staff.post(`/admin/packs/${packId}`, { name_en: renamed })).body.state).toBe(200);
      const r0 = Date.now();
      let title = '';
      while (title !== renamed && Date.now() - r0 < 3000) {
        const bought = (await buyer.post('/user/pack/buy', { packId, count: '1' })).body;
        expect(bought.state).toBe(200);
        title = bought.title;
        if (title !== renamed) await new Promise((r) => setTimeout(r, 50));
      }
      expect(title).toBe(renamed);
      expect(Date.now() - r0).toBeLessThan(1000);
      // the sale ended early through A: refused on B
      const ended = await staff.post(`/admin/packs/${packId}/end`, {});
      expect(ended.body.state).toBe(200);
      const t0 = Date.now();
      let answer = { state: 200, message: '' };
      while (answer.state === 200 && Date.now() - t0 < 3000) {
        answer = (await buyer.post('/user/pack/buy', { packId, count: '1' })).body;
        if (answer.state === 200) await new Promise((r) => setTimeout(r, 50));
      }
      const seenAfterMs = Date.now() - t0;
      // (without the bus B's copy would sell for up to PACK_CACHE_TTL_MS, 10 s)
      expect(answer).toMatchObject({ state: 400, message: 'The sale of this pack has ended.' });
      expect(seenAfterMs).toBeLessThan(1000);
    });

    it('a job due once runs once: the every-minute rank rollover, in one process, once per minute', async () => {
      // the first minute that starts after both processes are up, and pg-boss's cron check (2 s) plus a poll (2 s)
      const minute = Math.ceil(bothUp.getTime() / 60_000) * 60_000;
      const wait = minute + 12_000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // each run with the pg-boss job it ran (run_key = the job's id). The catch-up each process sends at its start
      // ({ at: 'start' }, one per start minute) can land in the same minute, since the processes answer before their
      // jobs start; the schedule's own runs are the jobs without it. A due time is told by the minute its job was
      // made (pg-boss's cron check makes it within that minute), not by when a worker started it: under load the
      // job of the minute before can start inside this one.
      const runs = await shop.db
        .selectFrom('job_runs as r')
        .innerJoin(`${shop.bossSchema}.job as j` as 'job_runs as j', (join) =>
          join.on(sql`j.id::text`, '=', sql.ref('r.run_key')),
        )
        .select([
          'r.id',
          'r.runner',
          'r.status',
          'r.attempt',
          'r.started_at',
          'r.process',
          'r.run_key',
          sql<unknown>`j.data`.as('data'),
          sql<string>`to_char(j.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('made'),
        ])
        .where('r.name', '=', 'rank-rollover')
        .execute();
      const scheduled = runs.filter((r) => !(r.data as { at?: string } | null)?.at);
      const ofMinute = scheduled.filter((r) => {
        const made = Date.parse(r.made);
        return made >= minute && made < minute + 60_000;
      });
      expect(ofMinute, JSON.stringify(runs)).toHaveLength(1);
      expect(ofMinute[0]).toMatchObject({ runner: 'pg-boss', status: 'ok', attempt: 1 });
      // and no due time, this minute's or another's, ran twice: one run per job
      const keys = scheduled.map((r) => `${r.run_key}/${r.attempt}`);
      expect(new Set(keys).size, JSON.stringify(runs)).toBe(keys.length);
      // at most one catch-up per process beside them
      expect(runs.length - scheduled.length).toBeLessThanOrEqual(2);
      // pg-boss kept its own record of the job
      const boss = await shop.db
        .selectFrom(`${shop.bossSchema}.job` as 'job_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('name', '=', 'rank-rollover')
        .executeTakeFirstOrThrow();
      expect(Number(boss.n)).toBeGreaterThanOrEqual(1);
      expect((await checkLedgers(shop.db)).problems).toEqual([]);
    });

    async function sessionFor(userId: number): Promise<string> {
      const sid = randomBytes(32).toString('base64url');
      await shop.db
        .insertInto('sessions')
        .values({
          id_hash: createHash('sha256').update(sid).digest('hex'),
          user_id: userId,
          persistent: 0,
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        })
        .execute();
      return sid;
    }

    async function staffSession(): Promise<string> {
      const staff = await createStaffMember(shop.db, 'owner');
      const sid = randomBytes(32).toString('base64url');
      const now = new Date().toISOString();
      await shop.db
        .insertInto('staff_sessions')
        .values({
          id_hash: createHash('sha256').update(sid).digest('hex'),
          staff_id: staff.id,
          second_factor_at: now,
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        })
        .execute();
      return sid;
    }
  },
);
