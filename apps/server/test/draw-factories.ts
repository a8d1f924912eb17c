import { createHash, randomBytes } from 'node:crypto';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/index.ts';
import { addMonths } from '../src/db/time.ts';
import { publishPack } from '../src/modules/packs/service.ts';
import {
  expectNonFormBodiesRefused,
  freshDb,
  tableCounts,
  TestClient,
  TestClock,
  testConfig,
  type TestApp,
} from './helpers.ts';

/** Test data for draws, won items and shipping: members, sessions, cards, packs (ARCHITECTURE.md: factories). */

export const TEST_CARD_TYPE = 990_001;
const FAR_FUTURE = '2999-01-01T00:00:00.000Z';
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(3).toString('hex')}`;

export interface MemberOpts {
  gems?: number;
  coinTenths?: number;
  countryId?: number | null;
  rank?: number;
  lang?: 'en' | 'ja';
  /** When the gems were awarded (default: the test clock's now). */
  gemsAt?: Date;
}

/** Inserts members (one batch) with optional gems (a bonus lot + ledger row each) and coins. */
export async function createMembers(db: Db, n: number, opts: MemberOpts = {}): Promise<number[]> {
  const at = (opts.gemsAt ?? new Date('2026-11-20T03:00:00.000Z')).toISOString();
  const ids: number[] = [];
  for (let i = 0; i < n; i += 200) {
    const rows = Array.from({ length: Math.min(200, n - i) }, () => {
      const u = uid();
      return {
        mail: `m-${u}@example.com`,
        pass_hash: null,
        last_name: 'Tester',
        first_name: `Member${u.slice(-4)}`,
        middle_name: '',
        country_id: opts.countryId === undefined ? 840 : opts.countryId,
        pref_id: 99,
        pref_text: 'CA',
        shiku: 'San Francisco',
        address: '1 Market St',
        zipcode: '94105',
        tel: '14155550100',
        building: '',
        referral_code: `R${u}`.toUpperCase().slice(0, 32),
        lang: opts.lang ?? 'en',
        coin_tenths: opts.coinTenths ?? 0,
        rank: opts.rank ?? 1,
        created_at: at,
        updated_at: at,
      };
    });
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  if (opts.gems) await grantGems(db, ids, opts.gems, opts.gemsAt);
  if (opts.coinTenths) {
    await db
      .insertInto('coin_ledger')
      .values(
        ids.map((id) => ({
          user_id: id,
          delta_tenths: opts.coinTenths!,
          reason: 'test_grant',
          reference: null,
          balance_after_tenths: opts.coinTenths!,
          created_at: at,
        })),
      )
      .execute();
  }
  return ids;
}

export async function createMember(db: Db, opts: MemberOpts = {}): Promise<number> {
  return (await createMembers(db, 1, opts))[0]!;
}

/** A bonus lot of `amount` gems for each member, with its ledger row (balance after computed per member). */
export async function grantGems(
  db: Db,
  userIds: number[],
  amount: number,
  at = new Date('2026-11-20T03:00:00.000Z'),
) {
  const iso = at.toISOString();
  for (let i = 0; i < userIds.length; i += 200) {
    const chunk = userIds.slice(i, i + 200);
    await db
      .insertInto('gem_lots')
      .values(
        chunk.map((user_id) => ({
          user_id,
          kind: 'bonus',
          source: 'admin',
          amount,
          remaining: amount,
          awarded_at: iso,
          expires_at: addMonths(iso, 6),
        })),
      )
      .execute();
    const balances = await db
      .selectFrom('gem_lots')
      .select((eb) => ['user_id', eb.fn.sum<number>('remaining').as('b')])
      .where('user_id', 'in', chunk)
      .where('expires_at', '>', iso)
      .groupBy('user_id')
      .execute();
    await db
      .insertInto('gem_ledger')
      .values(
        balances.map((b) => ({
          user_id: b.user_id,
          delta: amount,
          paid_delta: 0,
          reason: 'admin_grant',
          reference: null,
          balance_after: Number(b.b),
          created_at: iso,
        })),
      )
      .execute();
  }
}

/** Logs a browser in as a member: a session row and its cookie, then a fresh csrf pair bound to it. */
export async function loginAs(db: Db, client: TestClient, userId: number): Promise<void> {
  const sid = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id_hash: createHash('sha256').update(sid).digest('hex'),
      user_id: userId,
      persistent: 0,
      created_at: new Date().toISOString(),
      expires_at: FAR_FUTURE,
    })
    .execute();
  client.cookies.set('sid', sid);
  client.csrf = null;
  await client.get('/user/pack/buy_result');
}

export async function memberClient(t: TestApp, opts: MemberOpts = {}) {
  const userId = await createMember(t.db, opts);
  const client = t.client({ lang: opts.lang });
  await loginAs(t.db, client, userId);
  return { userId, client };
}

export interface PrizeSpec {
  quantity: number;
  buy_point?: number;
  rarity?: number;
  ship_only?: boolean;
  is_last_one?: boolean;
  num?: number;
}

export interface PackOpts {
  prizes?: PrizeSpec[];
  point?: number;
  payment_method?: 1 | 2;
  start_at?: string;
  end_at?: string | null;
  can_limit?: boolean;
  limit_count?: number;
  limit_message_en?: string;
  limit_message_ja?: string;
  max_buy_count?: number;
  movie_style?: number;
  /** Publish the lot sequence (default true). */
  publish?: boolean;
  seed?: string;
}

async function ensureCardType(db: Db) {
  await db
    .insertInto('card_types')
    .values({ id: TEST_CARD_TYPE, name_en: 'Test cards', name_ja: 'テストカード', sort: 999 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A pack with one card per prize. total_pack_count is the sum of the non-last-one quantities. */
export async function createPack(db: Db, opts: PackOpts = {}) {
  await ensureCardType(db);
  const prizes = opts.prizes ?? [
    { quantity: 6, buy_point: 50, rarity: 1 },
    { quantity: 3, buy_point: 300, rarity: 4 },
    { quantity: 1, buy_point: 5000, rarity: 7 },
  ];
  const total = prizes.filter((p) => !p.is_last_one).reduce((s, p) => s + p.quantity, 0);
  const u = uid();
  const pack = await db
    .insertInto('packs')
    .values({
      card_type_id: TEST_CARD_TYPE,
      name_en: `Test pack ${u}`,
      name_ja: `テストパック ${u}`,
      payment_method: opts.payment_method ?? 1,
      point: opts.point ?? 100,
      total_pack_count: total,
      images: '[]',
      banner_image: '',
      start_at: opts.start_at ?? '2026-01-01T00:00:00.000Z',
      end_at: opts.end_at === undefined ? null : opts.end_at,
      can_limit: opts.can_limit ? 1 : 0,
      limit_count: opts.limit_count ?? 0,
      limit_message_en: opts.limit_message_en ?? '',
      limit_message_ja: opts.limit_message_ja ?? '',
      max_buy_count: opts.max_buy_count ?? 0,
      movie_style: opts.movie_style ?? 3,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prizeIds: number[] = [];
  const cardIds: number[] = [];
  for (const [i, p] of prizes.entries()) {
    const card = await db
      .insertInto('cards')
      .values({
        card_type_id: TEST_CARD_TYPE,
        name_en: `Card ${i} ${u}`,
        name_ja: `カード ${i} ${u}`,
        model_number: `T-${String(i).padStart(3, '0')}`,
        rarity: p.rarity ?? 1,
        rarity_label: `R${p.rarity ?? 1}`,
        image_url: `/media/cards/${u}-${i}.png`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    cardIds.push(card.id);
    const prize = await db
      .insertInto('pack_prizes')
      .values({
        pack_id: pack.id,
        card_id: card.id,
        quantity: p.quantity,
        buy_point: p.buy_point ?? 100,
        num: p.num ?? 1,
        ship_only: p.ship_only ? 1 : 0,
        is_last_one: p.is_last_one ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    prizeIds.push(prize.id);
  }
  if (opts.publish !== false) await publishPack(db, pack.id, opts.seed ? () => opts.seed! : undefined);
  return { packId: pack.id, prizeIds, cardIds, total };
}

/** Marks the first `n` lots of a pack sold to nobody in particular (a purchase by a filler member). */
export async function presell(db: Db, packId: number, n: number): Promise<void> {
  const filler = await createMember(db);
  await db.transaction().execute(async (tx) => {
    const p = await tx
      .updateTable('packs')
      .set((eb) => ({ sold_count: eb('sold_count', '+', n) }))
      .where('id', '=', packId)
      .returning('sold_count')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('pack_purchases')
      .values({
        user_id: filler,
        pack_id: packId,
        count: n,
        first_position: p.sold_count - n,
        currency: 'gem',
        base_price: 0,
        discount_percent: 0,
        price_paid: 0,
        coin_earned_tenths: 0,
        created_at: '2026-11-01T00:00:00.000Z',
      })
      .execute();
  });
}

/**
 * Everything a refused request must leave untouched: row counts of every table (the shared helper's plus
 * this module's), balances, counters, and the per-member fields a purchase or a decision writes.
 */
export async function snapshot(db: Db) {
  const counts = await tableCounts(db);
  for (const t of ['pack_purchases', 'pack_lots', 'won_items', 'shipments'] as const) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[t] = Number(r.n);
  }
  const users = await db
    .selectFrom('users')
    .select(['id', 'coin_tenths', 'coin_carry_gems', 'last_gem_use_at'])
    .orderBy('id')
    .execute();
  const lots = await db.selectFrom('gem_lots').select(['id', 'remaining']).orderBy('id').execute();
  const packs = await db.selectFrom('packs').select(['id', 'sold_count', 'seed']).orderBy('id').execute();
  const items = await db
    .selectFrom('won_items')
    .select(['id', 'status', 'shipment_id', 'decided_at'])
    .orderBy('id')
    .execute();
  // lots sold = the purchases' ranges
  const sold = await db
    .selectFrom('pack_purchases')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('n'))
    .executeTakeFirstOrThrow();
  const shipments = await db
    .selectFrom('shipments')
    .select(['id', 'status', 'item_count', 'delivery_code'])
    .orderBy('id')
    .execute();
  return { counts, users, lots, packs, items, soldLots: Number(sold.n), shipments };
}

/** Asserts that running `fn` changed nothing `snapshot` sees. */
export async function expectNothingChanged(db: Db, fn: () => Promise<unknown>): Promise<void> {
  const before = await snapshot(db);
  await fn();
  expect(await snapshot(db)).toEqual(before);
}

/**
 * The malformed-input table every POST route answers with 400 (or 403 without a valid csrf pair), writing
 * nothing. `valid` is a well-formed payload of the route; `wrongTypes` one with wrong field types.
 */
export function badInputCases(
  valid: Record<string, unknown>,
  wrongTypes: Record<string, unknown>,
): { name: string; fields: Record<string, string>; state: number; noCsrf?: boolean; forged?: boolean }[] {
  const firstKey = Object.keys(valid)[0] ?? 'x';
  return [
    { name: 'no json field', fields: {}, state: 400 },
    { name: 'empty json field', fields: { json: '' }, state: 400 },
    { name: 'malformed json', fields: { json: '{"packId": 1,' }, state: 400 },
    { name: 'json array', fields: { json: '[1,2]' }, state: 400 },
    { name: 'json null', fields: { json: 'null' }, state: 400 },
    { name: 'json string', fields: { json: '"hello"' }, state: 400 },
    { name: 'wrong types', fields: { json: JSON.stringify(wrongTypes) }, state: 400 },
    {
      name: '100 KB string',
      fields: { json: JSON.stringify({ ...valid, [firstKey]: 'x'.repeat(100_000) }) },
      state: 400,
    },
    { name: 'unknown field', fields: { json: JSON.stringify({ ...valid, admin: true }) }, state: 400 },
    ...Object.keys(valid).flatMap((key) =>
      ['a\u0000b', 'x\ud800'].map((text) => ({
        name: `${key} holding ${JSON.stringify(text)}`,
        fields: { json: JSON.stringify({ ...valid, [key]: text }) },
        state: 400,
      })),
    ),
    { name: 'no csrf pair', fields: { json: JSON.stringify(valid) }, state: 403, noCsrf: true },
    {
      name: 'forged csrf value',
      fields: { json: JSON.stringify(valid), csrf_value: 'forged' },
      state: 403,
      forged: true,
    },
  ];
}

/** Runs the bad-input table against a route as a logged-in member, checking state and that nothing changed. */
export async function expectBadInputRefused(
  db: Db,
  client: TestClient,
  path: string,
  valid: Record<string, unknown>,
  wrongTypes: Record<string, unknown>,
) {
  const start = await snapshot(db);
  await expectNonFormBodiesRefused(client.app, path, valid);
  expect(await snapshot(db), `${path}: non-form bodies`).toEqual(start);
  for (const c of badInputCases(valid, wrongTypes)) {
    const before = await snapshot(db);
    let res;
    if (c.noCsrf) res = await client.postForm(path, c.fields, false);
    else if (c.forged) res = await client.postForm(path, { csrf_name: client.csrf!.name, ...c.fields });
    else res = await client.postForm(path, c.fields);
    expect(res.body.state, `${path}: ${c.name}`).toBe(c.state);
    if (c.state === 400)
      expect(Object.keys(res.body.errors ?? {}).length, `${path}: ${c.name}`).toBeGreaterThan(0);
    expect(await snapshot(db), `${path}: ${c.name}`).toEqual(before);
  }
}

/**
 * Kysely plugin that yields to the event loop after every query. better-sqlite3 answers synchronously, so
 * without it a whole request (every await resolving at once) runs before the next one starts and an
 * "concurrent" test on SQLite never interleaves anything. With it, requests interleave at every query the
 * way they would with real I/O, and a read taken outside a transaction can be stale by the time it is used.
 * The yields are randomised (setImmediate, sometimes a timer) to vary the interleavings between runs.
 */
export class YieldEveryQuery implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await new Promise<void>((resolve) =>
      Math.random() < 0.9 ? setImmediate(resolve) : setTimeout(resolve, 0),
    );
    return args.result;
  }
}

/**
 * createTestApp, but the app's database yields after every query (see YieldEveryQuery). `inFlight.max` is the
 * largest number of API requests that were being handled at the same moment, to show a race really raced.
 */
export async function createInterleavingTestApp(
  overrides: Partial<Config> = {},
  opts: { writeWorker?: boolean } = {},
): Promise<TestApp & { inFlight: { now: number; max: number } }> {
  const db = await freshDb(opts);
  const clock = new TestClock();
  const config = testConfig(overrides);
  const app = await buildApp({ config, db: db.withPlugin(new YieldEveryQuery()), clock });
  const inFlight = { now: 0, max: 0 };
  app.addHook('onRequest', async () => {
    inFlight.now++;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
  });
  app.addHook('onResponse', async () => {
    inFlight.now--;
  });
  await app.ready();
  afterAll(() => app.close());
  return { app, db, clock, config, inFlight, client: (opts) => new TestClient(app, opts) };
}
