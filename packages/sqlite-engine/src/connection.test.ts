import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite, type WriteLockLender } from './connection.ts';

const dir = mkdtempSync(join(tmpdir(), 'gacha-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openSqlite', () => {
  it('reuses a prepared statement', async () => {
    const db = openSqlite(':memory:');
    const a = db.prepare('select 1 as x');
    expect(db.prepare('select 1 as x')).toBe(a);
    expect(db.prepare('select 2 as x')).not.toBe(a);
    expect(a.all([])).toEqual([{ x: 1 }]);
    await db.close();
  });

  it('checkpoints the WAL into the database file from its worker, not inside commits', async () => {
    const file = join(dir, 'wal.sqlite');
    const db = openSqlite(file);
    const walAuto = db.prepare('pragma wal_autocheckpoint');
    expect(walAuto.all([])).toEqual([{ wal_autocheckpoint: 0 }]);
    db.prepare('create table t (id integer primary key, body text)').run([]);
    const insert = db.prepare('insert into t (body) values (?)');
    const before = statSync(file).size;
    for (let i = 0; i < 3000; i++) insert.run(['x'.repeat(1000)]); // ~3 MB, all of it in the WAL at first
    // nothing in this connection checkpoints; the worker copies the pages into the file within a few ticks
    const deadline = Date.now() + 5000;
    while (statSync(file).size < before + 2_000_000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(statSync(file).size).toBeGreaterThan(before + 2_000_000);
    await db.close();
  });

  /** Writes steadily (passive checkpoints alone would let the WAL grow for as long as it runs) until it shrinks. */
  async function writeUntilTruncated(name: string, lend?: WriteLockLender) {
    const file = join(dir, name);
    const db = openSqlite(file, { walLimitBytes: 1_000_000 });
    if (lend) db.lendWriteLockWith(lend);
    db.prepare('create table t (id integer primary key, body text)').run([]);
    const insert = db.prepare('insert into t (body) values (?)');
    const wal = () => statSync(`${file}-wal`).size;
    let peak = 0;
    const deadline = Date.now() + 3000;
    let truncated = false;
    while (Date.now() < deadline && !truncated) {
      for (let i = 0; i < 200; i++) insert.run(['x'.repeat(1000)]);
      peak = Math.max(peak, wal());
      await new Promise((r) => setTimeout(r, 20));
      truncated = peak > 1_000_000 && wal() < peak / 2;
    }
    await db.close();
    return { peak, truncated };
  }

  it('truncates a WAL that grew past its limit while writes keep coming', async () => {
    const { peak, truncated } = await writeUntilTruncated('wal-limit.sqlite');
    expect(peak).toBeGreaterThan(1_000_000);
    expect(truncated).toBe(true);
  });

  it("truncates the WAL only within a loan of the owner's write lock", async () => {
    const loans: string[] = [];
    const lent = await writeUntilTruncated('wal-lent.sqlite', async (truncate) => {
      loans.push('lent');
      await truncate();
      loans.push('returned');
    });
    expect(lent.truncated).toBe(true);
    expect(loans.slice(0, 2)).toEqual(['lent', 'returned']);
    // an owner whose writers never stop: no truncation at all
    const never = await writeUntilTruncated('wal-never.sqlite', () => new Promise(() => {}));
    expect(never.peak).toBeGreaterThan(2_000_000);
    expect(never.truncated).toBe(false);
  });
});
