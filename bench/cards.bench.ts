/**
 * Cards at catalogue scale, through the app in-process (`app.inject`) as an owner of the
 * console: the CSV import of CARDS_IMPORT (2,000) new cards in one file — the dry run, then the file applied (one
 * transaction, one audit row) — and, with CARDS_CATALOGUE (20,000) cards in the catalogue (the rest inserted
 * straight into the database), the prize editor's card picker: GET /api/admin/cards?q=…&type=…&per=20 over
 * CARDS_SEARCHES (200) varied queries (a name fragment, a model number fragment, a Japanese fragment, an id as
 * `#123`, text that matches nothing), each answered one after the other. Prints p50, p99 and the slowest, overall
 * and by kind. Budget: every search answers within 100 ms.
 *
 * SQLite always (a file, opened as the server opens it); PostgreSQL as well when DATABASE_URL names one (a schema
 * of its own, dropped at the end).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { isPostgresUrl, migrate, openDb, type Db } from '../apps/server/src/db/index.ts';
import { writeWorker } from '../apps/server/src/modules/index.ts';

const IMPORT = Number(process.env.CARDS_IMPORT ?? 2_000);
const CATALOGUE = Number(process.env.CARDS_CATALOGUE ?? 20_000);
const SEARCHES = Number(process.env.CARDS_SEARCHES ?? 200);
const WARMUP = 20;
const BUDGET_MS = 100;
/** The picker's type: most of the catalogue is of it (the worst case for a search within one type). */
const TYPE = 2;
/** The shop's other card types (migration 002), the rest of the catalogue spread over them. */
const OTHER_TYPES = [5, 1, 999996, 9999, 999995];

const HEADER =
  'id,card_type_id,name_en,name_ja,model_number,rarity,rarity_label,conversion_value,ship_only,customs_category';
const EN = ['Flame', 'Aqua', 'Thunder', 'Leaf', 'Shadow', 'Crystal', 'Iron', 'Storm', 'Moon', 'Dragon'];
const EN2 = ['Fox', 'Golem', 'Knight', 'Serpent', 'Tiger', 'Phoenix', 'Wolf', 'Turtle', 'Owl', 'Drake'];
const JA = ['ほのお', 'みず', 'かみなり', 'くさ', 'かげ', 'すいしょう', 'てつ', 'あらし', 'つき', 'ドラゴン'];
const JA2 = [
  'キツネ',
  'ゴーレム',
  'ナイト',
  'ヘビ',
  'トラ',
  'フェニックス',
  'オオカミ',
  'カメ',
  'フクロウ',
  'ドレイク',
];

/** Card `n` of the catalogue: names in both languages and a model number, unique by n. */
function card(n: number, typeId: number) {
  const a = n % 10;
  const b = Math.floor(n / 10) % 10;
  const rarity = (n % 7) + 1;
  return {
    card_type_id: typeId,
    name_en: `${EN[a]} ${EN2[b]} ${n}`,
    name_ja: `${JA[a]}${JA2[b]} ${n}`,
    model_number: `SV${(n % 12) + 1}-${String(n).padStart(5, '0')}`,
    rarity,
    rarity_label: `R${rarity}`,
    conversion_value: 10 * ((n % 50) + 1),
    ship_only: n % 5 === 0 ? 1 : 0,
    customs_category: 'cards' as const,
  };
}

function csvOf(from: number, count: number): string {
  const lines = [HEADER];
  for (let n = from; n < from + count; n++) {
    const c = card(n, TYPE);
    lines.push(
      [
        '',
        c.card_type_id,
        c.name_en,
        c.name_ja,
        c.model_number,
        c.rarity,
        c.rarity_label,
        c.conversion_value,
        c.ship_only,
        c.customs_category,
      ].join(','),
    );
  }
  return lines.join('\r\n');
}

interface Answer {
  state: number;
  [k: string]: unknown;
}

/**
 * A console browser signed in as a new owner, past its second factor (a session row, as the tests'
 * staffClient makes it), speaking the envelope: csrf pair from its answers, form body with `json`.
 */
async function ownerClient(app: FastifyInstance, db: Db) {
  const now = new Date();
  const staff = await db
    .insertInto('staff')
    .values({
      email: `bench-${randomBytes(4).toString('hex')}@shop.example`,
      // never signed in with: the bench signs in with a session row
      pass_hash:
        '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000',
      role: 'owner',
      totp_secret: null,
      totp_enrolled_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sid = randomBytes(32).toString('base64url');
  await db
    .insertInto('staff_sessions')
    .values({
      id_hash: createHash('sha256').update(sid).digest('hex'),
      staff_id: staff.id,
      second_factor_at: now.toISOString(),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3600_000).toISOString(),
    })
    .execute();
  const cookie = `staff_sid=${sid}`;
  let csrf: { name: string; value: string } | null = null;
  const read = (body: string): Answer => {
    const answer = JSON.parse(body) as Answer & { csrf?: { name: string; value: string } };
    if (answer.csrf) csrf = answer.csrf;
    return answer;
  };
  const get = async (path: string) =>
    read(
      (
        await app.inject({
          method: 'GET',
          url: `/api${path}`,
          headers: { cookie, 'sec-fetch-site': 'same-origin' },
        })
      ).body,
    );
  const me = await get('/admin/me');
  if (me.state !== 200 || !csrf) throw new Error(`the bench owner is not signed in: ${JSON.stringify(me)}`);
  const post = async (path: string, payload: unknown) => {
    const pair = csrf!;
    const res = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        csrf_name: pair.name,
        csrf_value: pair.value,
        json: JSON.stringify(payload),
      }).toString(),
    });
    return read(res.body);
  };
  return { get, post };
}

/** A fresh, migrated database and the app on it: an SQLite file, or a PostgreSQL schema of its own. */
async function openShop(pgUrl: string | null) {
  const dir = mkdtempSync(join(tmpdir(), 'gacha-cards-'));
  let db: Db;
  let drop = async () => {};
  if (pgUrl) {
    const schema = `cards_${randomBytes(5).toString('hex')}`;
    const admin = openDb(pgUrl);
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    db = openDb(pgUrl, { pgSchema: schema });
    drop = async () => {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    };
  } else {
    // as the server opens it (main.ts); BENCH_WRITE_WORKER=0 without the write worker
    db = openDb(join(dir, 'cards.sqlite'), process.env.BENCH_WRITE_WORKER === '0' ? {} : { writeWorker });
  }
  await migrate(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    DATABASE_URL: pgUrl ?? join(dir, 'cards.sqlite'),
    DEMO_DATA: '0',
    WEB_DIST: '/nonexistent',
    ADMIN_DIST: '/nonexistent',
    STORAGE_DIR: join(dir, 'uploads'),
  });
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function cardCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

type Kind = 'name' | 'model' | 'japanese' | 'id' | 'none';
const KINDS: Kind[] = ['name', 'model', 'japanese', 'id', 'none'];

/** The i-th search the picker sends: the kinds in turn, each with its own text. */
function query(i: number, ids: number[]): { kind: Kind; q: string } {
  const kind = KINDS[i % KINDS.length]!;
  const k = Math.floor(i / KINDS.length);
  const n = (k * 7919) % CATALOGUE;
  switch (kind) {
    case 'name': // a word (thousands of cards), a word and a number (a few), in the case a person types
      return {
        kind,
        q:
          k % 2 ? EN[k % 10]!.toLowerCase().slice(0, 4) : `${EN2[Math.floor(n / 10) % 10]} ${n}`.slice(0, -1),
      };
    case 'model':
      return { kind, q: k % 2 ? `sv${(k % 12) + 1}-` : String(n).padStart(5, '0').slice(0, 4) };
    case 'japanese':
      return { kind, q: k % 2 ? JA2[k % 10]! : `${JA[n % 10]}${JA2[Math.floor(n / 10) % 10]}` };
    case 'id':
      return { kind, q: `#${ids[(k * 104_729) % ids.length]}` };
    case 'none':
      return { kind, q: k % 2 ? `zzq${k}` : `存在しない${k}` };
  }
}

interface DbResult {
  name: string;
  dryMs: number;
  applyMs: number;
  fillMs: number;
  cards: number;
  typeCards: number;
  all: number[];
  byKind: Map<Kind, number[]>;
  problems: string[];
}

async function bench(name: string, pgUrl: string | null): Promise<DbResult> {
  const shop = await openShop(pgUrl);
  const problems: string[] = [];
  try {
    const owner = await ownerClient(shop.app, shop.db);

    // 1. the import: one file of IMPORT new cards, checked, then applied
    const file = csvOf(0, IMPORT);
    const t0 = performance.now();
    const dry = await owner.post('/admin/cards/import', { csv: file, dry_run: true });
    const dryMs = performance.now() - t0;
    if (dry.state !== 200 || dry.created !== IMPORT)
      problems.push(`the dry run answered ${dry.state}, created ${String(dry.created)}`);
    if ((await cardCount(shop.db)) !== 0) problems.push('the dry run wrote cards');
    const t1 = performance.now();
    const done = await owner.post('/admin/cards/import', { csv: file });
    const applyMs = performance.now() - t1;
    if (done.state !== 200 || done.created !== IMPORT || done.applied !== true)
      problems.push(
        `the import answered ${done.state}, created ${String(done.created)}: ${JSON.stringify(done).slice(0, 300)}`,
      );
    if ((await cardCount(shop.db)) !== IMPORT)
      problems.push(`${await cardCount(shop.db)} cards after importing ${IMPORT}`);

    // 2. the rest of the catalogue straight into the database: half of it of the picker's type
    const t2 = performance.now();
    for (let n = IMPORT; n < CATALOGUE; n += 1000) {
      const rows = Array.from({ length: Math.min(1000, CATALOGUE - n) }, (_, k) => {
        const i = n + k;
        const typeId = i % 2 ? TYPE : OTHER_TYPES[(i >> 1) % OTHER_TYPES.length]!;
        return { ...card(i, typeId), image_url: `/media/cards/bench-${i}.svg` };
      });
      await shop.db.insertInto('cards').values(rows).execute();
    }
    const fillMs = performance.now() - t2;
    const cards = await cardCount(shop.db);
    const ids = (
      await shop.db.selectFrom('cards').select('id').where('card_type_id', '=', TYPE).execute()
    ).map((r) => r.id);
    if (cards !== CATALOGUE) problems.push(`${cards} cards in the catalogue, ${CATALOGUE} meant`);

    // 3. the picker's searches, one after the other
    const search = async (q: string) => {
      const t = performance.now();
      const answer = await owner.get(`/admin/cards?q=${encodeURIComponent(q)}&type=${TYPE}&per=20`);
      return { answer, ms: performance.now() - t };
    };
    for (let i = 0; i < WARMUP; i++) await search(query(SEARCHES + i, ids).q);
    const all: number[] = [];
    const byKind = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
    for (let i = 0; i < SEARCHES; i++) {
      const { kind, q } = query(i, ids);
      const { answer, ms } = await search(q);
      all.push(ms);
      byKind.get(kind)!.push(ms);
      const list = (answer.list ?? []) as { id: number }[];
      const wrong =
        answer.state !== 200 ||
        (kind === 'none' && answer.total !== 0) ||
        (kind === 'id' && list[0]?.id !== Number(q.slice(1))) ||
        (kind !== 'none' && kind !== 'id' && !list.length);
      if (wrong && problems.length < 5)
        problems.push(`search ${JSON.stringify(q)} answered ${JSON.stringify(answer).slice(0, 200)}`);
    }
    return {
      name,
      dryMs,
      applyMs,
      fillMs,
      cards,
      typeCards: ids.length,
      all: all.sort((a, b) => a - b),
      byKind: new Map([...byKind].map(([k, v]) => [k, v.sort((a, b) => a - b)])),
      problems,
    };
  } finally {
    await shop.close();
  }
}

export async function run() {
  const pgUrl = isPostgresUrl(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : null;
  const runs: [string, string | null][] = [['SQLite', null]];
  if (pgUrl) runs.push(['PostgreSQL', pgUrl]);
  else console.log('cards: PostgreSQL skipped (DATABASE_URL names no postgres:// server)');
  const failures: string[] = [];
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  for (const [name, url] of runs) {
    const r = await bench(name, url);
    const tag = `cards: ${r.name.padEnd(10)}`;
    console.log(
      `${tag} import ${IMPORT.toLocaleString('en')} cards by one CSV: dry run ${ms(r.dryMs)}, applied ${ms(r.applyMs)}`,
    );
    console.log(
      `${tag} catalogue ${r.cards.toLocaleString('en')} cards (${r.typeCards.toLocaleString('en')} of type ${TYPE}; ` +
        `${(r.cards - IMPORT).toLocaleString('en')} inserted directly in ${ms(r.fillMs)})`,
    );
    const max = r.all.at(-1)!;
    console.log(
      `${tag} picker search (q, type=${TYPE}, per=20) × ${r.all.length}: p50 ${ms(quantile(r.all, 0.5))}, ` +
        `p99 ${ms(quantile(r.all, 0.99))}, max ${ms(max)}`,
    );
    console.log(
      `${tag} by kind: ${[...r.byKind]
        .map(([k, v]) => `${k} p50 ${ms(quantile(v, 0.5))} max ${ms(v.at(-1)!)}`)
        .join('; ')}`,
    );
    const holds = max <= BUDGET_MS;
    console.log(
      `${tag} budget: every search ≤ ${BUDGET_MS} ms: ${holds ? 'holds' : `MISSED (slowest ${ms(max)})`}`,
    );
    if (!holds) failures.push(`${r.name}: the slowest search took ${ms(max)} (budget ${BUDGET_MS} ms)`);
    for (const p of r.problems) failures.push(`${r.name}: ${p}`);
  }
  if (failures.length) {
    console.log(`cards: BUDGET MISSED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}
