import { readdirSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import owners from '../src/db/table-owners.json';
import { freshDb, onPostgres } from './helpers.ts';

/**
 * One owner per table (ARCHITECTURE.md): db/table-owners.json names, for every table of the schema,
 * the one folder that writes it (a module, or the http layer), and eslint.config.js refuses a write anywhere
 * else. Here: the map covers exactly the schema's tables, each once, with an owner that exists; and the lint
 * rule it generates fires where it should.
 */
const src = new URL('../src/', import.meta.url);
const repoRoot = new URL('../../../', import.meta.url);
const ownerOf: Record<string, string> = owners;

/** The table names of schema.ts's `interface Database { … }`. */
function schemaTables(): string[] {
  const text = readFileSync(new URL('db/schema.ts', src), 'utf8');
  const body = /export interface Database \{([^}]*)\}/.exec(text)?.[1];
  if (!body) throw new Error('schema.ts has no interface Database');
  return [...body.matchAll(/^\s*(\w+):\s*\w+;/gm)].map((m) => m[1]!);
}

describe('table owners (db/table-owners.json)', () => {
  it('names every table of the schema once, and nothing else', () => {
    const raw = readFileSync(new URL('db/table-owners.json', src), 'utf8');
    const keys = [...raw.matchAll(/^\s*"(\w+)"\s*:/gm)].map((m) => m[1]!);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]); // JSON.parse would keep the last
    expect([...keys].sort()).toEqual(schemaTables().sort());
  });

  it('matches the tables the migrations create', async () => {
    const db = await freshDb();
    // on PostgreSQL each test file has a schema of its own: the tables of this one
    const schema = onPostgres
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s
      : undefined;
    const tables = (await db.introspection.getTables()).filter((t) => t.schema === schema).map((t) => t.name);
    expect(tables.sort()).toEqual(Object.keys(ownerOf).sort());
  });

  it('gives each table an owner that exists: the http layer or a module', () => {
    const modules = readdirSync(new URL('modules/', src), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    for (const [table, owner] of Object.entries(ownerOf)) {
      expect(owner === 'http' || modules.includes(owner), `${table} → ${owner}`).toBe(true);
    }
  });

  describe('the lint rule (eslint.config.js)', () => {
    const eslint = new ESLint({ cwd: repoRoot.pathname });
    const lint = async (path: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: `${repoRoot.pathname}${path}` });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const write = (statement: string) =>
      `import type { Db } from '../../db/index.ts';\nexport const f = (db: Db) => ${statement};\n`;

    it('refuses a write on a table from a module that does not own it, naming the owner', async () => {
      expect(
        await lint(
          'apps/server/src/modules/draws/planted.ts',
          write(`db.updateTable('users').set({ lang: 'en' }).execute()`),
        ),
      ).toEqual([expect.stringMatching(/^The users table is written only by its owner, the account module/)]);
      expect(
        await lint(
          'apps/server/src/modules/inactivity/planted.ts',
          write(`db.deleteFrom('sessions as s').execute()`),
        ),
      ).toEqual([expect.stringMatching(/sessions table .* the http layer/)]);
    });

    it('lets the owner write its own tables', async () => {
      expect(
        await lint(
          'apps/server/src/modules/account/planted.ts',
          write(`db.updateTable('users').set({ lang: 'en' }).execute()`),
        ),
      ).toEqual([]);
      expect(
        await lint('apps/server/src/http/planted.ts', write(`db.deleteFrom('sessions').execute()`)),
      ).toEqual([]);
    });

    it('refuses raw SQL writes and tables named by a variable; code outside the owners writes nothing', async () => {
      const sqlWrite = `import { sql } from 'kysely';\nexport const q = sql\`UPDATE packs SET sold_count = 0\`;\n`;
      expect(await lint('apps/server/src/modules/draws/planted.ts', sqlWrite)).toHaveLength(1);
      expect(
        await lint('apps/server/src/modules/packs/planted.ts', write(`db.insertInto(name).values({})`)),
      ).toEqual(['Name the table of a write with a string literal, so that its owner can be checked.']);
      expect(
        await lint('apps/server/src/demo/planted.ts', write(`db.insertInto('cards').values([])`)),
      ).toHaveLength(1);
      expect(
        await lint('apps/server/scripts/planted.ts', write(`db.deleteFrom('coupons').execute()`)),
      ).toHaveLength(1);
    });
  });
});

/**
 * Server-side functions (PostgreSQL) write tables too, from a migration, where the lint rule does not look: the
 * purchase function (migration 019) declares every table it writes with its owner and the owner's JavaScript it
 * repeats, and here its SQL is held to that declaration; no other migration defines a function that writes.
 */
describe('tables written by server-side functions (migrations)', () => {
  const dir = new URL('db/migrations/', src);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
  /** The tables the `create function` bodies of a migration write (insert into, update, delete from). */
  const functionWrites = (text: string) =>
    new Set(
      [...text.matchAll(/create or replace function[\s\S]*?\$fn\$([\s\S]*?)\$fn\$/gi)].flatMap((m) =>
        [...m[1]!.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)].map((w) => w[1]!),
      ),
    );

  it('the purchase function writes exactly the tables it declares, each through the owner the map names', async () => {
    const { FUNCTION_WRITES } = await import('../src/db/pg-purchase-function.ts');
    const text = readFileSync(new URL('../pg-purchase-function.ts', dir), 'utf8');
    expect([...functionWrites(text)].sort()).toEqual(Object.keys(FUNCTION_WRITES).sort());
    for (const [table, { owner }] of Object.entries(FUNCTION_WRITES))
      expect(ownerOf[table], table).toBe(owner);
  });

  it('no other migration defines a function that writes a table', () => {
    for (const f of files) {
      expect([...functionWrites(readFileSync(new URL(f, dir), 'utf8'))], f).toEqual([]);
    }
  });
});
