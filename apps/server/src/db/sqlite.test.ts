import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'gacha-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openSqlite', () => {
  it('reuses a prepared statement', () => {
    const db = openSqlite(':memory:');
    const a = db.prepare('select 1 as x');
    expect(db.prepare('select 1 as x')).toBe(a);
    expect(db.prepare('select 2 as x')).not.toBe(a);
    expect(a.all([])).toEqual([{ x: 1 }]);
    db.close();
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
    db.close();
  });

  it('truncates a WAL that grew past its limit while writes keep coming', async () => {
    const file = join(dir, 'wal-limit.sqlite');
    const db = openSqlite(file, { walLimitBytes: 1_000_000 });
    db.prepare('create table t (id integer primary key, body text)').run([]);
    const insert = db.prepare('insert into t (body) values (?)');
    const wal = () => statSync(`${file}-wal`).size;
    let peak = 0;
    // a steady writer: passive checkpoints alone would let this WAL grow for as long as it runs
    const deadline = Date.now() + 5000;
    let truncated = false;
    while (Date.now() < deadline && !truncated) {
      for (let i = 0; i < 200; i++) insert.run(['x'.repeat(1000)]);
      peak = Math.max(peak, wal());
      await new Promise((r) => setTimeout(r, 20));
      truncated = peak > 1_000_000 && wal() < peak / 2;
    }
    expect(peak).toBeGreaterThan(1_000_000);
    expect(truncated).toBe(true);
    db.close();
  });
});
