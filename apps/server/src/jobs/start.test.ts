import { describe, expect, it } from 'vitest';
import { freshDb, testConfig, TestClock } from '../../test/helpers.ts';
import { createMember } from '../../test/factories.ts';
import { startJobs } from './start.ts';

describe('startJobs', async () => {
  const db = await freshDb();
  const config = testConfig({ login: { maxFailuresPerAccount: 5, maxFailuresPerIp: 30, blockMinutes: 15 } });

  it('purges expired sessions and keeps live ones', async () => {
    const m = await createMember(db);
    const session = (id: string, expires: Date) => ({
      id_hash: id,
      user_id: m.id,
      persistent: 0,
      created_at: new Date().toISOString(),
      expires_at: expires.toISOString(),
    });
    await db
      .insertInto('sessions')
      .values([
        session('expired', new Date(Date.now() - 1000)),
        session('live', new Date(Date.now() + 3600_000)),
      ])
      .execute();
    const jobs = startJobs({ db, config });
    await jobs.runNow('session-purge');
    await jobs.stop();
    const left = await db.selectFrom('sessions').select('id_hash').execute();
    expect(left.map((s) => s.id_hash)).toEqual(['live']);
  });

  it('purges login counters whose window and block are over', async () => {
    const clock = new TestClock(new Date('2026-11-20T03:00:00Z'));
    const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000).toISOString();
    await db
      .insertInto('throttles')
      .values([
        { key: 'stale', count: 2, window_start: at(20), blocked_until: null },
        { key: 'block-over', count: 5, window_start: at(40), blocked_until: at(25) },
        { key: 'fresh', count: 1, window_start: at(5), blocked_until: null },
        { key: 'blocked', count: 5, window_start: at(20), blocked_until: at(-5) },
      ])
      .execute();
    const jobs = startJobs({ db, config, clock });
    await jobs.runNow('login-throttle-purge');
    await jobs.stop();
    const left = await db.selectFrom('throttles').select('key').orderBy('key').execute();
    expect(left.map((r) => r.key)).toEqual(['blocked', 'fresh']);
  });
});
