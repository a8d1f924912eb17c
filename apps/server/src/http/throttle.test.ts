import { describe, expect, it } from 'vitest';
import { freshDb } from '../../test/helpers.ts';
import { ApiError } from './api-error.ts';
import { clearThrottle, releaseAttempt, reserveAttempt, type ThrottleRule } from './throttle.ts';

const MINUTE = 60_000;

describe('attempt throttle counters', async () => {
  const db = await freshDb();
  const t0 = new Date('2026-11-20T03:00:00.000Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
  const window = 10 * MINUTE;

  /** 'ok', or the wait in minutes of the 429. */
  async function attempt(rules: ThrottleRule[], now: Date): Promise<'ok' | number> {
    try {
      await reserveAttempt(db, rules, now, window);
      return 'ok';
    } catch (err) {
      if (err instanceof ApiError && err.state === 429) {
        const msg = err.opts.message as { params: Record<string, number> };
        return msg.params.minutes!;
      }
      throw err;
    }
  }
  const count = async (key: string) =>
    (await db.selectFrom('throttles').select('count').where('key', '=', key).executeTakeFirst())?.count;

  it('lets exactly `max` of many concurrent attempts through', async () => {
    const rule = { key: 'k:concurrent', max: 25 };
    const results = await Promise.all(Array.from({ length: 40 }, () => attempt([rule], t0)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(25);
    expect(results.filter((r) => r === 10)).toHaveLength(15);
  });

  it('blocks from the attempt that reaches the limit, for the window only', async () => {
    const rule = { key: 'k:expiry', max: 2 };
    expect(await attempt([rule], t0)).toBe('ok');
    expect(await attempt([rule], at(1))).toBe('ok');
    expect(await attempt([rule], at(2))).toBe(9);
    // tries during the block do not extend it
    expect(await attempt([rule], at(10.5))).toBe(1);
    expect(await attempt([rule], at(11))).toBe('ok');
    expect(await count(rule.key)).toBe(1);
  });

  it('starts a new window when the last one is older than the window', async () => {
    const rule = { key: 'k:window', max: 3 };
    await attempt([rule], t0);
    await attempt([rule], at(9));
    expect(await attempt([rule], at(10))).toBe('ok');
    expect(await count(rule.key)).toBe(1);
  });

  it('gives an attempt back, lifting the block below the limit', async () => {
    const rule = { key: 'k:release', max: 2 };
    await attempt([rule], t0);
    await attempt([rule], t0);
    expect(await attempt([rule], t0)).toBe(10);
    await releaseAttempt(db, rule);
    await releaseAttempt(db, rule);
    expect(await attempt([rule], at(1))).toBe('ok');
  });

  it('refusing on one key gives back what the earlier keys reserved', async () => {
    const open = { key: 'k:open', max: 5 };
    const full = { key: 'k:full', max: 1 };
    await attempt([full], t0);
    expect(await attempt([open, full], t0)).toBe(10);
    expect((await count(open.key)) ?? 0).toBe(0);
    await clearThrottle(db, full.key);
    expect(await attempt([open, full], t0)).toBe('ok');
  });
});
