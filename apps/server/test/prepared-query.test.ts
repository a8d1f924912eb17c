import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { prepareQuery, type Slots } from '../src/db/prepared.ts';
import { freshDb } from './helpers.ts';

const db = await freshDb();

const countryByCode = prepareQuery(
  (ex, p: Slots<{ code: string; min: number }>) =>
    ex
      .selectFrom('countries')
      .select(['id', 'code'])
      .where('code', '=', p.code)
      .where('id', '>=', p.min)
      .where(sql<boolean>`${p.code} <> 'ZZ'`), // a value used twice, once inside raw SQL
);

describe('prepareQuery', () => {
  it('runs with the values of each call, the same compiled SQL every time', async () => {
    const spy = vi.spyOn(db, 'executeQuery');
    const ex = db;
    const jp = await countryByCode(ex, { code: 'JP', min: 0 });
    const us = await countryByCode(ex, { code: 'US', min: 0 });
    const none = await countryByCode(ex, { code: 'JP', min: 100_000 });
    const zz = await countryByCode(ex, { code: 'ZZ', min: 0 });
    expect(jp.rows.map((r) => r.code)).toEqual(['JP']);
    expect(us.rows.map((r) => r.code)).toEqual(['US']);
    expect(none.rows).toEqual([]);
    expect(zz.rows).toEqual([]);
    const spied = spy.mock.calls.map(([q]) => (q as { sql: string }).sql);
    spy.mockRestore();
    expect(spied).toHaveLength(4);
    expect(new Set(spied).size).toBe(1);
    expect(spied[0]).toBe(spied[3]); // the very same string, not only equal text
  });

  it('runs inside a transaction, and reports affected rows of a write', async () => {
    const rename = prepareQuery((ex, p: Slots<{ code: string; name: string }>) =>
      ex.updateTable('countries').set({ name_en: p.name }).where('code', '=', p.code),
    );
    const before = await db
      .selectFrom('countries')
      .select('name_en')
      .where('code', '=', 'JP')
      .executeTakeFirstOrThrow();
    await db
      .transaction()
      .execute(async (tx) => {
        const r = await rename(tx, { code: 'JP', name: 'Nippon' });
        expect(Number(r.numAffectedRows)).toBe(1);
        const inside = await tx
          .selectFrom('countries')
          .select('name_en')
          .where('code', '=', 'JP')
          .executeTakeFirstOrThrow();
        expect(inside.name_en).toBe('Nippon');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const after = await db
      .selectFrom('countries')
      .select('name_en')
      .where('code', '=', 'JP')
      .executeTakeFirstOrThrow();
    expect(after.name_en).toBe(before.name_en);
  });
});
