import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../test/helpers.ts';
import { blockedUntil, clearThrottle, recordFailure } from './throttle.ts';

const MINUTE = 60_000;

describe('login throttle counters', async () => {
  const db = await freshDb();
  const t0 = new Date('2026-11-20T03:00:00.000Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
  const block = 10 * MINUTE;

  it('counts concurrent failures exactly and blocks at the limit', async () => {
    const rule = { key: 'k:concurrent', max: 25 };
    const results = await Promise.all(Array.from({ length: 30 }, () => recordFailure(db, rule, t0, block)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.blocked_until !== null)).toHaveLength(6);
    expect((await blockedUntil(db, [rule.key], t0))?.toISOString()).toBe(at(10).toISOString());
  });

  it('blocks for the block time only', async () => {
    const rule = { key: 'k:expiry', max: 2 };
    await recordFailure(db, rule, t0, block);
    expect(await blockedUntil(db, [rule.key], t0)).toBeNull();
    await recordFailure(db, rule, at(1), block);
    expect(await blockedUntil(db, [rule.key], at(10.9))).not.toBeNull();
    expect(await blockedUntil(db, [rule.key], at(11))).toBeNull();
    // the next failure after the block opens a new window
    expect((await recordFailure(db, rule, at(12), block)).count).toBe(1);
  });

  it('starts a new window when the last one is older than the block time', async () => {
    const rule = { key: 'k:window', max: 3 };
    await recordFailure(db, rule, t0, block);
    await recordFailure(db, rule, at(9), block);
    const r = await recordFailure(db, rule, at(10), block);
    expect(r).toEqual({ count: 1, blocked_until: null });
  });

  it('reports the latest block among several keys, and clears one key', async () => {
    await recordFailure(db, { key: 'k:a', max: 1 }, t0, block);
    await recordFailure(db, { key: 'k:b', max: 1 }, at(5), block);
    expect((await blockedUntil(db, ['k:a', 'k:b', 'k:none'], at(6)))?.toISOString()).toBe(
      at(15).toISOString(),
    );
    await clearThrottle(db, 'k:b');
    expect((await blockedUntil(db, ['k:a', 'k:b'], at(6)))?.toISOString()).toBe(at(10).toISOString());
  });
});
