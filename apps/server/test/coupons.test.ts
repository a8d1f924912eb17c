import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDb } from '../src/db/index.ts';
import { gemBalance } from '../src/modules/gems/service.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { createCoupon, type NewCoupon } from '../src/modules/coupons/staff.ts';
import { main as couponCommand } from '../scripts/coupon.ts';
import { answerOf, createTestApp, onPostgres, runMain } from './helpers.ts';
import { createMember } from './factories.ts';
import { expectBadInputRefused, loggedIn, snapshot } from './member-helpers.ts';

const t = await createTestApp();
const DAY = 24 * 3600_000;
let seq = 0;

async function coupon(overrides: Partial<NewCoupon> = {}) {
  const now = t.clock.now();
  return createCoupon(commandWrite(t.db, now), {
    code: `TEST${++seq}X`,
    kind: 'gems',
    gems: 500,
    startsAt: new Date(now.getTime() - DAY),
    endsAt: new Date(now.getTime() + DAY),
    ...overrides,
  });
}

async function hiddenCourse(point: number) {
  const row = await t.db
    .insertInto('point_prices')
    .values({
      point,
      price: point,
      rate: '0',
      coupon_only: 1,
      sort: 0,
      modified: t.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function member(lang?: 'en' | 'ja') {
  const m = await createMember(t.db, lang ? { lang } : {});
  return { m, c: await loggedIn(t, m) };
}

const unlockedPointPriceIds = async (userId: number) =>
  (
    await t.db
      .selectFrom('point_price_unlocks')
      .select('point_price_id')
      .where('user_id', '=', userId)
      .orderBy('point_price_id')
      .execute()
  ).map((r) => r.point_price_id);

const couponLots = (userId: number) =>
  t.db
    .selectFrom('gem_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', 'coupon')
    .execute();

describe('POST /user/coupon/use', () => {
  it('grants the coupon’s gems as a bonus lot; the answer’s error string is empty', async () => {
    const { code } = await coupon({ gems: 700 });
    const { m, c } = await member();
    const res = await c.post('/user/coupon/use', { couponCode: code.toLowerCase() });
    expect(res.body).toMatchObject({ state: 200, error: '', granted_gems: 700 });
    const lots = await couponLots(m.id);
    expect(lots).toMatchObject([{ kind: 'bonus', source: 'coupon', amount: 700, remaining: 700 }]);
    const ledger = await t.db.selectFrom('gem_ledger').selectAll().where('user_id', '=', m.id).execute();
    expect(ledger).toMatchObject([{ delta: 700, reason: 'coupon', balance_after: 700 }]);
    expect((await c.get('/user/point')).body.point).toBe(700);
  });

  it('used twice by one member: the error text, nothing granted the second time', async () => {
    const { code } = await coupon();
    const { m, c } = await member();
    expect((await c.post('/user/coupon/use', { couponCode: code })).body.error).toBe('');
    const before = await snapshot(t.db);
    const again = await c.post('/user/coupon/use', { couponCode: code });
    expect(again.body).toMatchObject({ state: 200, error: 'You have already used this coupon.' });
    expect(await snapshot(t.db)).toEqual(before);
    expect(await couponLots(m.id)).toHaveLength(1);
  });

  it('one member twice at once: one grant', async () => {
    const { code } = await coupon();
    const { m, c } = await member();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => c.post('/user/coupon/use', { couponCode: code })),
    );
    expect(answers.filter((a) => a.body.error === '')).toHaveLength(1);
    expect(await couponLots(m.id)).toHaveLength(1);
  });

  it('outside its window: the error text, nothing granted', async () => {
    const now = t.clock.now().getTime();
    const early = await coupon({ startsAt: new Date(now + 1000), endsAt: new Date(now + DAY) });
    const late = await coupon({ startsAt: new Date(now - DAY), endsAt: new Date(now) }); // the end is exclusive
    const { m, c } = await member();
    const before = await snapshot(t.db);
    expect((await c.post('/user/coupon/use', { couponCode: early.code })).body.error).toBe(
      'This coupon cannot be used yet.',
    );
    expect((await c.post('/user/coupon/use', { couponCode: late.code })).body.error).toBe(
      'This coupon has expired.',
    );
    expect(await snapshot(t.db)).toEqual(before);
    expect(await gemBalance(t.db, m.id, t.clock.now())).toBe(0);
    // the window opens
    t.clock.advance(1000);
    try {
      expect((await c.post('/user/coupon/use', { couponCode: early.code })).body.error).toBe('');
    } finally {
      t.clock.advance(-1000);
    }
  });

  it('beyond its total: the error text, nothing granted, the count stays at the limit', async () => {
    const { id, code } = await coupon({ maxUses: 2 });
    for (let i = 0; i < 2; i++)
      expect((await (await member()).c.post('/user/coupon/use', { couponCode: code })).body.error).toBe('');
    const { m, c } = await member();
    const before = await snapshot(t.db);
    const res = await c.post('/user/coupon/use', { couponCode: code });
    expect(res.body.error).toBe('This coupon has reached its usage limit.');
    expect(await snapshot(t.db)).toEqual(before);
    expect(await couponLots(m.id)).toEqual([]);
    const row = await t.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(2);
  });

  it('many members at once on the last uses: exactly the total is granted', async () => {
    const { id, code } = await coupon({ maxUses: 3 });
    const members = await Promise.all(Array.from({ length: 10 }, () => member()));
    const answers = await Promise.all(
      members.map(({ c }) => c.post('/user/coupon/use', { couponCode: code })),
    );
    expect(answers.filter((a) => a.body.error === '')).toHaveLength(3);
    expect(answers.filter((a) => a.body.error === 'This coupon has reached its usage limit.')).toHaveLength(
      7,
    );
    const uses = await t.db.selectFrom('coupon_uses').selectAll().where('coupon_id', '=', id).execute();
    expect(uses).toHaveLength(3);
    const granted = await t.db
      .selectFrom('gem_lots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', 'coupon')
      .where(
        'user_id',
        'in',
        members.map((x) => x.m.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(granted.n)).toBe(3);
  });

  it('unlocks hidden point-price courses for the member', async () => {
    const a = await hiddenCourse(3000);
    const b = await hiddenCourse(10000);
    const { code } = await coupon({ kind: 'unlock', gems: undefined, pointPriceIds: [b, a] });
    const { m, c } = await member();
    expect(await unlockedPointPriceIds(m.id)).toEqual([]);
    const res = await c.post('/user/coupon/use', { couponCode: code });
    expect(res.body).toMatchObject({ error: '', unlocked_point_price_ids: [a, b].sort((x, y) => x - y) });
    expect(await unlockedPointPriceIds(m.id)).toEqual([a, b].sort((x, y) => x - y));
    expect(await gemBalance(t.db, m.id, t.clock.now())).toBe(0);
  });

  it('an unknown code: the error text; guessing is throttled with state 429', async () => {
    const { c } = await member();
    const res = await c.post('/user/coupon/use', { couponCode: 'NO-SUCH-CODE' });
    expect(res.body).toMatchObject({ state: 200, error: 'This coupon code is not valid.' });
    for (let i = 0; i < 9; i++) await c.post('/user/coupon/use', { couponCode: `GUESS${i}` });
    const { code } = await coupon();
    const blocked = await c.post('/user/coupon/use', { couponCode: code });
    expect(blocked.body.state).toBe(429);
    expect(blocked.body.message).toMatch(/Please wait \d+ minutes/);
  });

  it('answers in the member’s language', async () => {
    const { c } = await member('ja');
    const res = await c.post('/user/coupon/use', { couponCode: 'NO-SUCH-CODE' });
    expect(res.body.error).toBe('このクーポンコードは無効です。');
  });

  it('needs a login and a code', async () => {
    expect((await t.client().post('/user/coupon/use', { couponCode: 'X' })).body.state).toBe(401);
    const { c } = await member();
    const res = await c.post('/user/coupon/use', { couponCode: '  ' });
    expect(res.body.errors.couponCode).toEqual(['This field is required.']);
  });

  it('refuses impossible coupons at creation', async () => {
    const now = t.clock.now();
    const base = { kind: 'gems' as const, gems: 10, startsAt: now, endsAt: new Date(now.getTime() + DAY) };
    const write = commandWrite(t.db, now);
    await expect(createCoupon(write, { ...base, gems: 0 })).rejects.toThrow(/--gems/);
    await expect(createCoupon(write, { ...base, endsAt: now })).rejects.toThrow(/after the start/);
    await expect(createCoupon(write, { ...base, code: 'a b' })).rejects.toThrow(/code/);
    await expect(createCoupon(write, { ...base, maxUses: 0 })).rejects.toThrow(/limit/);
    await expect(createCoupon(write, { ...base, kind: 'unlock', pointPriceIds: [999999] })).rejects.toThrow(
      /unknown/,
    );
    const made = await createCoupon(write, { ...base, code: 'dup-code' });
    expect(made.code).toBe('DUP-CODE');
    await expect(createCoupon(write, { ...base, code: 'DUP-CODE' })).rejects.toThrow(/exists/);
  });
});

describe('scripts/coupon.ts', () => {
  it.skipIf(onPostgres)('creates and lists coupons from the command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-coupon-'));
    try {
      const file = join(dir, 'shop.sqlite');
      const fileDb = openDb(file);
      await migrate(fileDb);
      const course = await fileDb
        .insertInto('point_prices')
        .values({
          point: 500,
          price: 500,
          rate: '100',
          coupon_only: 1,
          sort: 0,
          modified: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await fileDb.destroy();
      const run = (...args: string[]) => runMain(couponCommand, args, file);
      const gems = answerOf(await run('create', '--gems', '300', '--code', 'welcome300', '--max', '100'));
      expect(gems).toMatchObject({ code: 'WELCOME300' });
      const unlock = answerOf(
        await run(
          'create',
          '--courses',
          String(course.id),
          '--from',
          '2026-12-01T00:00:00+09:00',
          '--until',
          '2027-01-01T00:00:00+09:00',
        ),
      );
      expect(unlock.code).toMatch(/^[A-Z2-9]{10}$/);
      const list = answerOf(await run('list'));
      expect(list).toMatchObject([
        {
          code: unlock.code,
          kind: 'unlock',
          point_price_ids: [course.id],
          starts_at: '2026-11-30T15:00:00.000Z',
        },
        { code: 'WELCOME300', kind: 'gems', gems: 300, max_uses: 100, used_count: 0 },
      ]);
      expect(await run('create', '--gems', '0')).toMatchObject({ code: 1, stderr: /^refused: / });
      expect(await run('create')).toMatchObject({ code: 2, stderr: /^usage: coupon\.ts create/ });
      expect(await run('frobnicate')).toMatchObject({ code: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bad input', async () => {
  const { c } = await member();
  it('POST /user/coupon/use refuses every bad shape and writes nothing', async () => {
    const { code } = await coupon();
    await expectBadInputRefused(
      t,
      { path: '/user/coupon/use', valid: () => ({ couponCode: code }), kinds: { couponCode: 'text' } },
      c,
    );
  });
});
