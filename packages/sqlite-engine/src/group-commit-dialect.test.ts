import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupCommitSqliteDialect, MAX_GROUP } from './group-commit-dialect.ts';
import { openSqlite, type SqliteConnectionHandle } from './connection.ts';

interface T {
  t: { id: Generated<number>; v: string };
}

/** An in-memory database whose connection logs every COMMIT and can be told to fail the next one. */
async function open() {
  const log: string[] = [];
  const inner = openSqlite(':memory:');
  let failNextCommit = false;
  const handle: SqliteConnectionHandle = {
    get inTransaction() {
      return inner.inTransaction;
    },
    prepare(text: string) {
      if (text === 'commit') {
        log.push('commit');
        if (failNextCommit) {
          failNextCommit = false;
          throw new Error('disk I/O error');
        }
      }
      return inner.prepare(text);
    },
    close: () => inner.close(),
  };
  const dialect = new GroupCommitSqliteDialect(handle);
  const db = new Kysely<T>({ dialect });
  await sql`create table t (id integer primary key, v text not null unique)`.execute(db);
  log.length = 0;
  return { db, dialect, handle, log, failCommit: () => (failNextCommit = true) };
}

const values = async (db: Kysely<T>) =>
  (await db.selectFrom('t').select('v').orderBy('v').execute()).map((r) => r.v);

let opened: Kysely<T>[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of opened) await db.destroy();
  opened = [];
});

async function shop() {
  const o = await open();
  opened.push(o.db);
  return o;
}

describe('GroupCommitSqliteDialect', () => {
  it('commits transactions that queued behind each other with one COMMIT, answering each after it', async () => {
    const { db, log } = await shop();
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((v) =>
        db
          .transaction()
          .execute((tx) => tx.insertInto('t').values({ v }).execute())
          .then(() => log.push(`answered ${v}`)),
      ),
    );
    expect(log).toEqual(['commit', 'answered a', 'answered b', 'answered c', 'answered d', 'answered e']);
    expect(await values(db)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('runs the members one after the other: each sees the ones before it', async () => {
    const { db } = await shop();
    const seen = await Promise.all(
      [1, 2, 3].map((n) =>
        db.transaction().execute(async (tx) => {
          const before = (await tx.selectFrom('t').select('v').execute()).length;
          await tx
            .insertInto('t')
            .values({ v: `v${n}` })
            .execute();
          return before;
        }),
      ),
    );
    expect(seen).toEqual([0, 1, 2]);
  });

  it('rolls back a failing member alone; the others of its group commit', async () => {
    const { db, log } = await shop();
    const results = await Promise.allSettled([
      db.transaction().execute((tx) => tx.insertInto('t').values({ v: 'a' }).execute()),
      db.transaction().execute(async (tx) => {
        await tx.insertInto('t').values({ v: 'b' }).execute();
        throw new Error('refused');
      }),
      db.transaction().execute(async (tx) => {
        await tx.insertInto('t').values({ v: 'c' }).execute();
        await tx.insertInto('t').values({ v: 'a' }).execute(); // unique violation after a write of its own
      }),
      db.transaction().execute((tx) => tx.insertInto('t').values({ v: 'd' }).execute()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(log).toEqual(['commit']);
    expect(await values(db)).toEqual(['a', 'd']);
  });

  it('ends the outer transaction when every member of its group rolled back (no write lock is kept)', async () => {
    const { db, handle } = await shop();
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('t').values({ v: 'a' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(handle.inTransaction).toBe(false);
    expect(await values(db)).toEqual([]);
  });

  it('fails every member of a group whose COMMIT fails, and keeps none of their writes', async () => {
    const { db, failCommit } = await shop();
    failCommit();
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((v) =>
        db.transaction().execute((tx) => tx.insertInto('t').values({ v }).execute()),
      ),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(await values(db)).toEqual([]);
    // and the connection goes on working
    await db.transaction().execute((tx) => tx.insertInto('t').values({ v: 'later' }).execute());
    expect(await values(db)).toEqual(['later']);
  });

  it(`commits at most ${MAX_GROUP} transactions at once`, async () => {
    const { db, log } = await shop();
    const n = MAX_GROUP * 2 + 1;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        db.transaction().execute((tx) =>
          tx
            .insertInto('t')
            .values({ v: `v${i}` })
            .execute(),
        ),
      ),
    );
    expect(log).toEqual(['commit', 'commit', 'commit']);
    expect(await values(db)).toHaveLength(n);
  });

  it('commits a write outside a transaction together with the open group before answering it', async () => {
    const { db, log } = await shop();
    const order: string[] = [];
    await Promise.all([
      db
        .transaction()
        .execute((tx) => tx.insertInto('t').values({ v: 'in-tx' }).execute())
        .then(() => order.push('tx')),
      db
        .insertInto('t')
        .values({ v: 'plain' })
        .execute()
        .then(() => order.push('plain')),
    ]);
    expect(log).toEqual(['commit']);
    expect(order.sort()).toEqual(['plain', 'tx']);
    expect(await values(db)).toEqual(['in-tx', 'plain']);
  });

  it('fails a write outside a transaction whose COMMIT with the open group fails, and keeps nothing', async () => {
    const { db, failCommit } = await shop();
    failCommit();
    const [member, plain] = await Promise.allSettled([
      db.transaction().execute((tx) => tx.insertInto('t').values({ v: 'in-tx' }).execute()),
      db.insertInto('t').values({ v: 'plain' }).execute(),
    ]);
    expect(member.status).toBe('rejected');
    expect(plain.status).toBe('rejected');
    expect(await values(db)).toEqual([]);
  });

  it('commits a lone transaction at the end of the event-loop turn, even under fake timers', async () => {
    const { db, log } = await shop();
    vi.useFakeTimers();
    await db.transaction().execute((tx) => tx.insertInto('t').values({ v: 'alone' }).execute());
    expect(log).toEqual(['commit']);
    expect(await values(db)).toEqual(['alone']);
  });

  it('serves waiters in arrival order', async () => {
    const { db } = await shop();
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        i % 2
          ? db.transaction().execute(async (tx) => {
              await tx
                .insertInto('t')
                .values({ v: `v${i}` })
                .execute();
              order.push(i);
            })
          : db
              .selectFrom('t')
              .select('v')
              .execute()
              .then(() => order.push(i)),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  describe('lending the write lock to another connection (the write worker)', () => {
    /** A loan whose borrower holds the lock until `giveBack` is called. */
    function lend(dialect: GroupCommitSqliteDialect, events: string[]) {
      let giveBack!: () => void;
      const returned = dialect.lendWriteLock(async () => {
        events.push('lent');
        await new Promise<void>((resolve) => (giveBack = resolve));
        events.push('given back');
        return 'done';
      });
      return { returned, giveBack: () => giveBack() };
    }

    it('commits the open group first, lets reads through, and holds transactions back until it ends', async () => {
      const { db, dialect, log } = await shop();
      const events: string[] = [];
      const first = db.transaction().execute((tx) => tx.insertInto('t').values({ v: 'a' }).execute());
      const loan = lend(dialect, events);
      await vi.waitFor(() => expect(events).toEqual(['lent']));
      expect(log).toEqual(['commit']); // the group of the transaction before the loan
      await first;
      expect(await values(db)).toEqual(['a']); // a read during the loan
      const second = db
        .transaction()
        .execute((tx) => tx.insertInto('t').values({ v: 'b' }).execute())
        .then(() => events.push('second committed'));
      await new Promise((r) => setTimeout(r, 20));
      expect(events).toEqual(['lent']);
      loan.giveBack();
      expect(await loan.returned).toBe('done');
      await second;
      expect(events).toEqual(['lent', 'given back', 'second committed']);
      expect(await values(db)).toEqual(['a', 'b']);
    });

    it('holds a write outside a transaction back until it ends', async () => {
      const { db, dialect } = await shop();
      const events: string[] = [];
      const loan = lend(dialect, events);
      await vi.waitFor(() => expect(events).toEqual(['lent']));
      const plain = db
        .insertInto('t')
        .values({ v: 'plain' })
        .execute()
        .then(() => events.push('plain written'));
      await new Promise((r) => setTimeout(r, 20));
      expect(events).toEqual(['lent']);
      loan.giveBack();
      await plain;
      expect(events).toEqual(['lent', 'given back', 'plain written']);
      expect(await values(db)).toEqual(['plain']);
    });

    it('waits for the transaction that is running; a second loan waits for the first', async () => {
      const { db, dialect } = await shop();
      const events: string[] = [];
      let finish!: () => void;
      const running = db.transaction().execute(async (tx) => {
        await tx.insertInto('t').values({ v: 'running' }).execute();
        await new Promise<void>((resolve) => (finish = resolve));
        events.push('transaction done');
      });
      await vi.waitFor(() => expect(finish).toBeDefined());
      const loan = lend(dialect, events);
      await new Promise((r) => setTimeout(r, 20));
      expect(events).toEqual([]);
      finish();
      await running;
      await vi.waitFor(() => expect(events).toEqual(['transaction done', 'lent']));
      const second = dialect.lendWriteLock(async () => events.push('second loan'));
      await new Promise((r) => setTimeout(r, 20));
      expect(events).toEqual(['transaction done', 'lent']);
      loan.giveBack();
      await loan.returned;
      await second;
      expect(events).toEqual(['transaction done', 'lent', 'given back', 'second loan']);
    });
  });
});
