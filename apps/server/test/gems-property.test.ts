import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Db } from '../src/db/index.ts';
import {
  awardGems,
  expireLots,
  gemBalance,
  InsufficientGemsError,
  spendGems,
} from '../src/modules/gems/service.ts';
import { freshDb, onPostgres } from './helpers.ts';

/**
 * DOMAIN.md Gems, as a property: over random sequences of awards, spends, time passing and expiry sweeps,
 * - a spend takes the oldest-expiring lot first (ties by lot id) and never an expired lot, sweep or no sweep;
 * - the balance is the sum of remaining over unexpired lots;
 * - the ledger adds up: its deltas sum to the lots' remaining, and after a sweep to the balance;
 * - a sweep writes one 'expired' row per expired lot with gems, and a second sweep writes nothing.
 * The model below is the specification; the database must agree with it after every step.
 */
const db: Db = await freshDb();
const DAY = 24 * 3600_000;

type Cmd =
  | { kind: 'award'; amount: number; lotKind: 'paid' | 'bonus' }
  | { kind: 'spend'; amount: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'sweep' };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('award' as const),
      amount: fc.integer({ min: 1, max: 5000 }),
      lotKind: fc.constantFrom('paid' as const, 'bonus' as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('spend' as const), amount: fc.integer({ min: 1, max: 4000 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(
        fc.integer({ min: 0, max: 3 * DAY }),
        fc.integer({ min: 20 * DAY, max: 60 * DAY }),
        fc.integer({ min: 175 * DAY, max: 190 * DAY }), // across a lot's 6 months
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
);

interface ModelLot {
  id: number;
  remaining: number;
  expiresAt: string;
}

let userSeq = 0;
async function newUser(): Promise<number> {
  const now = new Date().toISOString();
  const n = ++userSeq;
  const row = await db
    .insertInto('users')
    .values({
      mail: `prop-${n}-${Math.random().toString(36).slice(2)}@example.com`,
      pass_hash: null,
      last_name: 'P',
      middle_name: '',
      first_name: 'Q',
      tel: '',
      zipcode: '',
      pref_text: '',
      shiku: '',
      address: '',
      building: '',
      referral_code: `PROP${n}${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function check(userId: number, model: ModelLot[], now: Date, label: string) {
  const at = now.toISOString();
  const lots = await db
    .selectFrom('gem_lots')
    .select(['id', 'remaining', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  expect(
    lots.map((l) => [l.id, l.remaining]),
    label,
  ).toEqual(model.map((l) => [l.id, l.remaining]));
  const expected = model.filter((l) => l.expiresAt > at).reduce((s, l) => s + l.remaining, 0);
  expect(await gemBalance(db, userId, now), label).toBe(expected);
  const ledger = await db
    .selectFrom('gem_ledger')
    .select(['delta', 'balance_after'])
    .where('user_id', '=', userId)
    .execute();
  expect(
    ledger.reduce((s, r) => s + r.delta, 0),
    `${label}: ledger sum`,
  ).toBe(model.reduce((s, l) => s + l.remaining, 0));
  for (const r of ledger) expect(r.balance_after).toBeGreaterThanOrEqual(0);
  for (const l of lots) expect(l.remaining).toBeGreaterThanOrEqual(0);
}

describe('gem lots and ledger: model-based property', () => {
  it('random awards, spends, expiries and sweeps keep every rule', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(cmd, { minLength: 1, maxLength: 30, size: 'max' }),
        fc.integer({ min: 0, max: 365 }),
        async (cmds, startDay) => {
          const userId = await newUser();
          let now = new Date(Date.UTC(2026, 0, 1) + startDay * DAY + 3_600_000);
          const model: ModelLot[] = [];
          for (const [i, c] of cmds.entries()) {
            const label = `step ${i} ${JSON.stringify(c)}`;
            const at = now.toISOString();
            if (c.kind === 'award') {
              const { lotId, balanceAfter } = await awardGems(
                db,
                { userId, amount: c.amount, kind: c.lotKind, source: 'admin', reason: 'admin' },
                now,
              );
              const lot = await db
                .selectFrom('gem_lots')
                .selectAll()
                .where('id', '=', lotId)
                .executeTakeFirstOrThrow();
              const days = (Date.parse(lot.expires_at) - now.getTime()) / DAY;
              expect(days, 'expires about 6 months after the award').toBeGreaterThanOrEqual(181);
              expect(days).toBeLessThanOrEqual(187);
              model.push({ id: lotId, remaining: c.amount, expiresAt: lot.expires_at });
              expect(balanceAfter).toBe(
                model.filter((l) => l.expiresAt > at).reduce((s, l) => s + l.remaining, 0),
              );
            } else if (c.kind === 'spend') {
              const live = model
                .filter((l) => l.expiresAt > at && l.remaining > 0)
                .sort((a, b) =>
                  a.expiresAt === b.expiresAt ? a.id - b.id : a.expiresAt < b.expiresAt ? -1 : 1,
                );
              const available = live.reduce((s, l) => s + l.remaining, 0);
              const spend = () =>
                db
                  .transaction()
                  .execute((tx) => spendGems(tx, { userId, amount: c.amount, reason: 'pack_purchase' }, now));
              if (available < c.amount) {
                await expect(spend(), label).rejects.toBeInstanceOf(InsufficientGemsError);
              } else {
                const r = await spend();
                let left = c.amount;
                const expectedSpent: { lotId: number; amount: number }[] = [];
                for (const l of live) {
                  if (!left) break;
                  const take = Math.min(l.remaining, left);
                  l.remaining -= take;
                  left -= take;
                  expectedSpent.push({ lotId: l.id, amount: take });
                }
                expect(r.spent, `${label}: oldest-expiring first, never expired`).toEqual(expectedSpent);
                expect(r.balanceAfter).toBe(available - c.amount);
              }
            } else if (c.kind === 'advance') {
              now = new Date(now.getTime() + c.ms);
            } else {
              const due = model.filter((l) => l.expiresAt <= at && l.remaining > 0);
              const rowsBefore = await db
                .selectFrom('gem_ledger')
                .select('id')
                .where('user_id', '=', userId)
                .where('reason', '=', 'expired')
                .execute();
              await expireLots(db, now);
              const rows = await db
                .selectFrom('gem_ledger')
                .select(['delta', 'reference'])
                .where('user_id', '=', userId)
                .where('reason', '=', 'expired')
                .orderBy('id')
                .execute();
              const added = rows.slice(rowsBefore.length);
              expect(
                added.map((r) => [r.reference, r.delta]).sort(),
                `${label}: one row per expired lot`,
              ).toEqual(due.map((l) => [`lot:${l.id}`, -l.remaining]).sort());
              for (const l of due) l.remaining = 0;
              // after a sweep the ledger equals the balance
              const sum = (
                await db.selectFrom('gem_ledger').select('delta').where('user_id', '=', userId).execute()
              ).reduce((s, r) => s + r.delta, 0);
              expect(sum).toBe(await gemBalance(db, userId, now));
              // a second sweep changes nothing
              await expireLots(db, now);
              expect(
                await db
                  .selectFrom('gem_ledger')
                  .select('id')
                  .where('user_id', '=', userId)
                  .where('reason', '=', 'expired')
                  .execute(),
              ).toHaveLength(rows.length);
            }
            await check(userId, model, now, label);
          }
        },
      ),
      { numRuns: onPostgres ? 40 : 150 },
    );
  }, 120_000);

  it('two sweeps at once write one expired row per lot', async () => {
    const userId = await newUser();
    const t0 = new Date('2026-01-31T10:00:00Z');
    for (let i = 0; i < 20; i++)
      await awardGems(
        db,
        { userId, amount: 10 + i, kind: 'bonus', source: 'admin', reason: 'admin' },
        new Date(t0.getTime() + i * 1000),
      );
    const later = new Date('2026-09-01T00:00:00Z');
    await Promise.all([
      expireLots(db, later),
      expireLots(db, later),
      expireLots(db, later, { batchSize: 3 }),
    ]);
    const rows = await db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'expired')
      .execute();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(20);
    const sum = (
      await db.selectFrom('gem_ledger').select('delta').where('user_id', '=', userId).execute()
    ).reduce((s, r) => s + r.delta, 0);
    expect(sum).toBe(0);
  });
});
