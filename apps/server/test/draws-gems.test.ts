import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../src/db/time.ts';
import { gemBalance, InsufficientGemsError, spendGems } from '../src/modules/gems/service.ts';
import { freshDb, onPostgres } from './helpers.ts';
import { createMember } from './draw-factories.ts';

const DAY = 24 * 3600 * 1000;

describe('spendGems (property)', async () => {
  const db = await freshDb();
  const now = new Date('2026-11-20T03:00:00.000Z');

  const lotArb = fc
    .record({
      amount: fc.integer({ min: 1, max: 500 }),
      usedPart: fc.double({ min: 0, max: 1, noNaN: true }),
      ageDays: fc.integer({ min: 0, max: 260 }), // lots older than ~183 days are expired
      sameDayAs: fc.option(fc.nat({ max: 5 }), { nil: undefined }), // ties on expires_at
    })
    .map((l) => ({ ...l, remaining: Math.floor(l.amount * (1 - l.usedPart)) }));

  it('takes the oldest-expiring unexpired lots first, never an expired one; balance = Σ unexpired remaining', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lotArb, { minLength: 0, maxLength: 8 }),
        fc.integer({ min: 1, max: 2500 }),
        async (specs, amount) => {
          const userId = await createMember(db);
          const ages = specs.map((s) =>
            s.sameDayAs === undefined ? s.ageDays : (specs[s.sameDayAs]?.ageDays ?? s.ageDays),
          );
          const inserted = [];
          for (const [i, s] of specs.entries()) {
            const awarded = new Date(now.getTime() - ages[i]! * DAY).toISOString();
            const row = await db
              .insertInto('gem_lots')
              .values({
                user_id: userId,
                kind: 'bonus',
                source: 'admin',
                amount: s.amount,
                remaining: s.remaining,
                awarded_at: awarded,
                expires_at: addMonths(awarded, 6),
              })
              .returning(['id', 'remaining', 'expires_at'])
              .executeTakeFirstOrThrow();
            inserted.push(row);
          }
          const at = now.toISOString();
          const live = inserted
            .filter((l) => l.expires_at > at)
            .sort((a, b) =>
              a.expires_at < b.expires_at ? -1 : a.expires_at > b.expires_at ? 1 : a.id - b.id,
            );
          const balance = live.reduce((s, l) => s + l.remaining, 0);
          expect(await gemBalance(db, userId, now)).toBe(balance);

          // the model: walk the live lots in expiry order
          const expected = new Map(inserted.map((l) => [l.id, l.remaining]));
          let left = amount;
          for (const l of live) {
            const take = Math.min(l.remaining, left);
            expected.set(l.id, l.remaining - take);
            left -= take;
          }

          const ledgerBefore = await db
            .selectFrom('gem_ledger')
            .select('id')
            .where('user_id', '=', userId)
            .execute();
          if (balance < amount) {
            await expect(
              db.transaction().execute((tx) => spendGems(tx, { userId, amount, reason: 'test' }, now)),
            ).rejects.toBeInstanceOf(InsufficientGemsError);
            const after = await db
              .selectFrom('gem_lots')
              .select(['id', 'remaining'])
              .where('user_id', '=', userId)
              .execute();
            for (const l of after) expect(l.remaining).toBe(inserted.find((x) => x.id === l.id)!.remaining);
            const ledgerAfter = await db
              .selectFrom('gem_ledger')
              .select('id')
              .where('user_id', '=', userId)
              .execute();
            expect(ledgerAfter).toHaveLength(ledgerBefore.length);
            return;
          }
          const r = await db
            .transaction()
            .execute((tx) => spendGems(tx, { userId, amount, reason: 'test', reference: 'x' }, now));
          expect(r.balanceAfter).toBe(balance - amount);
          const after = await db
            .selectFrom('gem_lots')
            .select(['id', 'remaining'])
            .where('user_id', '=', userId)
            .execute();
          for (const l of after) expect(l.remaining, `lot ${l.id}`).toBe(expected.get(l.id));
          // expired lots untouched (already covered by the model, stated explicitly)
          for (const l of inserted.filter((x) => x.expires_at <= at)) {
            expect(after.find((x) => x.id === l.id)!.remaining).toBe(l.remaining);
          }
          expect(await gemBalance(db, userId, now)).toBe(balance - amount);
          expect(r.spent.reduce((s, x) => s + x.amount, 0)).toBe(amount);
          const ledger = await db
            .selectFrom('gem_ledger')
            .selectAll()
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          expect(ledger).toMatchObject({
            delta: -amount,
            reason: 'test',
            reference: 'x',
            balance_after: balance - amount,
          });
        },
      ),
      { numRuns: onPostgres ? 40 : 100 },
    );
  });
});
