import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs/start.ts';
import { migrate, openDb } from '../src/db/index.ts';
import { addMonths } from '../src/db/time.ts';
import { PERSONAL_DATA } from '../src/modules/account/service.ts';
import { awardGems, gemBalance } from '../src/modules/gems/service.ts';
import { mailerFor } from '../src/modules/mail/service.ts';
import { runInactivitySweep } from '../src/modules/inactivity/service.ts';
import { main as inactivityCommand } from '../scripts/inactivity.ts';
import { answerOf, createTestApp, onPostgres, runMain } from './helpers.ts';
import { createMember, createPack } from './factories.ts';
import { loggedIn, outboxFor } from './member-helpers.ts';

const t = await createTestApp();
const mailer = mailerFor({ db: t.db, config: t.config });
const DAY = 24 * 3600_000;
const sweep = (at: Date) => runInactivitySweep({ db: t.db, mailer }, at);
const monthsAgo = (n: number, from = t.clock.now()) => addMonths(from.toISOString(), -n);
const user = (id: number) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function gems(userId: number, amount: number, kind: 'paid' | 'bonus', at: Date) {
  await t.db.transaction().execute((tx) =>
    awardGems(
      tx,
      {
        userId,
        amount,
        kind,
        source: kind === 'paid' ? 'purchase' : 'admin',
        reason: kind === 'paid' ? 'purchase' : 'admin',
      },
      at,
    ),
  );
}

describe('the inactivity rule (6 months without a gem use → notice → 30 days → void and anonymise)', () => {
  it('flags a member quiet for 6 months and mails the notice in their language, once', async () => {
    const now = t.clock.now();
    const quiet = await createMember(t.db, {
      created_at: monthsAgo(7),
      last_gem_use_at: monthsAgo(6, new Date(now.getTime() + 1000)),
      lang: 'ja',
    });
    const recent = await createMember(t.db, { created_at: monthsAgo(12), last_gem_use_at: monthsAgo(5) });
    const newcomer = await createMember(t.db, { created_at: monthsAgo(5) });
    const neverUsed = await createMember(t.db, { created_at: monthsAgo(6) });
    await gems(neverUsed.id, 2500, 'bonus', new Date(now.getTime() - 30 * DAY));

    await sweep(now);
    expect((await user(quiet.id)).inactivity_notice_at).toBeNull(); // 6 months minus a second
    expect((await user(recent.id)).inactivity_notice_at).toBeNull();
    expect((await user(newcomer.id)).inactivity_notice_at).toBeNull();
    expect((await user(neverUsed.id)).inactivity_notice_at).toBe(now.toISOString());
    const [notice] = await outboxFor(t, neverUsed.mail);
    expect(notice).toMatchObject({
      kind: 'inactivity_notice',
      subject: '[Gacha Gems] Your account will be deleted for inactivity',
    });
    expect(notice!.body).toContain('2,500');

    const later = new Date(now.getTime() + 2000);
    await sweep(later);
    expect((await user(quiet.id)).inactivity_notice_at).toBe(later.toISOString());
    expect((await outboxFor(t, quiet.mail))[0]!.subject).toBe('【ガチャジェム】アカウント削除のお知らせ');
    // idempotent: no second notice
    await sweep(new Date(now.getTime() + 3000));
    expect(await outboxFor(t, quiet.mail)).toHaveLength(1);
    expect(await outboxFor(t, neverUsed.mail)).toHaveLength(1);
  });

  it('a recent gem purchase counts as activity', async () => {
    const m = await createMember(t.db, { created_at: monthsAgo(9) });
    await gems(m.id, 1000, 'paid', new Date(t.clock.now().getTime() - 10 * DAY));
    await sweep(t.clock.now());
    expect((await user(m.id)).inactivity_notice_at).toBeNull();
  });

  it('30 days after the notice: gems voided (a ledger row per lot), personal data anonymised, financial rows kept', async () => {
    const start = t.clock.now();
    const m = await createMember(t.db, {
      created_at: monthsAgo(8),
      last_gem_use_at: monthsAgo(7),
      tel: '+819012345678',
      address: '1-2-3 Shibuya',
      shiku: 'Shibuya',
      zipcode: '1500001',
      google_sub: `g-${Date.now()}`,
    });
    const c = await loggedIn(t, m);
    await gems(m.id, 400, 'bonus', new Date(start.getTime() - 60 * DAY));
    await gems(m.id, 300, 'bonus', new Date(start.getTime() - 20 * DAY));
    const packId = await createPack(t.db);
    await t.db
      .insertInto('pack_purchases')
      .values({
        user_id: m.id,
        pack_id: packId,
        count: 1,
        first_position: 0,
        currency: 'gem',
        base_price: 100,
        discount_percent: 0,
        price_paid: 100,
        coin_earned_tenths: 0,
        created_at: monthsAgo(7),
      })
      .execute();
    await sweep(start);
    expect((await user(m.id)).inactivity_notice_at).toBe(start.toISOString());

    const ledgerBefore = await t.db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', m.id)
      .orderBy('id')
      .execute();
    const early = await sweep(new Date(start.getTime() + 29 * DAY));
    expect((await user(m.id)).anonymised_at).toBeNull();
    expect(early.anonymised).toBe(0);

    // phone verification data and a password reissue code, which the erasure drops
    const at = start.toISOString();
    await t.db
      .insertInto('verified_phones')
      .values({ phone: '+819012345678', user_id: m.id, created_at: at })
      .execute();
    await t.db
      .insertInto('sms_codes')
      .values({
        user_id: m.id,
        tel: '+819012345678',
        code_hash: 'x',
        sent_at: at,
        expires_at: at,
        used_at: at,
        day_start: at,
      })
      .execute();
    await t.db
      .insertInto('password_resets')
      .values({
        ticket_hash: `t-${m.id}`,
        user_id: m.id,
        code_hash: 'x',
        expires_at: at,
        used_at: null,
        created_at: at,
      })
      .execute();

    const due = new Date(start.getTime() + 30 * DAY);
    const result = await sweep(due);
    expect(result.anonymised).toBeGreaterThanOrEqual(1);
    const u = await user(m.id);
    expect(u).toMatchObject({
      ...PERSONAL_DATA,
      mail: `deleted-${m.id}@invalid`,
      pass_hash: null,
      google_sub: null,
      apple_sub: null,
      anonymised_at: due.toISOString(),
    });
    for (const table of ['verified_phones', 'sms_codes', 'password_resets', 'sessions'] as const) {
      const left = await t.db.selectFrom(table).select('user_id').where('user_id', '=', m.id).execute();
      expect(left, table).toEqual([]);
    }
    expect(await gemBalance(t.db, m.id, due)).toBe(0);
    const lots = await t.db.selectFrom('gem_lots').selectAll().where('user_id', '=', m.id).execute();
    expect(lots).toHaveLength(2); // kept, zeroed
    expect(lots.every((l) => l.remaining === 0)).toBe(true);
    const ledger = await t.db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(ledger.slice(0, ledgerBefore.length)).toEqual(ledgerBefore); // append-only
    const voided = ledger.slice(ledgerBefore.length);
    expect(voided.map((l) => [l.delta, l.reason])).toEqual([
      [-400, 'voided'],
      [-300, 'voided'],
    ]);
    expect(voided.at(-1)!.balance_after).toBe(0);
    expect(
      await t.db.selectFrom('pack_purchases').selectAll().where('user_id', '=', m.id).execute(),
    ).toHaveLength(1);
    // logged out everywhere and unable to log in
    expect((await c.get('/user/detail')).body.state).toBe(401);
    expect((await t.client().post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(400);

    // idempotent
    const ledgerCount = ledger.length;
    await sweep(new Date(due.getTime() + DAY));
    expect(await user(m.id)).toEqual(u);
    expect(
      await t.db.selectFrom('gem_ledger').selectAll().where('user_id', '=', m.id).execute(),
    ).toHaveLength(ledgerCount);
  });

  it('a gem use after the notice withdraws it', async () => {
    const start = t.clock.now();
    const m = await createMember(t.db, { created_at: monthsAgo(10), last_gem_use_at: monthsAgo(8) });
    await gems(m.id, 500, 'bonus', new Date(start.getTime() - DAY));
    await sweep(start);
    expect((await user(m.id)).inactivity_notice_at).not.toBeNull();
    await t.db
      .updateTable('users')
      .set({ last_gem_use_at: new Date(start.getTime() + 5 * DAY).toISOString() })
      .where('id', '=', m.id)
      .execute();
    const r = await sweep(new Date(start.getTime() + 31 * DAY));
    expect(r.cleared).toBeGreaterThanOrEqual(1);
    const u = await user(m.id);
    expect(u.inactivity_notice_at).toBeNull();
    expect(u.anonymised_at).toBeNull();
    expect(u.mail).toBe(m.mail);
  });

  it('postpones members with won items still to decide or ship', async () => {
    const start = t.clock.now();
    const m = await createMember(t.db, { created_at: monthsAgo(10), last_gem_use_at: monthsAgo(8) });
    const packId = await createPack(t.db);
    const purchase = await t.db
      .insertInto('pack_purchases')
      .values({
        user_id: m.id,
        pack_id: packId,
        count: 1,
        first_position: 1,
        currency: 'gem',
        base_price: 100,
        discount_percent: 0,
        price_paid: 100,
        coin_earned_tenths: 0,
        created_at: monthsAgo(8),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('card_types')
      .values({ id: 2, name_en: 'P', name_ja: 'P', sort: 1 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const card = await t.db
      .insertInto('cards')
      .values({
        card_type_id: 2,
        name_en: 'c',
        name_ja: 'c',
        model_number: 'm',
        rarity: 1,
        rarity_label: 'C',
        image_url: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const prize = await t.db
      .insertInto('pack_prizes')
      .values({ pack_id: packId, card_id: card.id, quantity: 1, buy_point: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('won_items')
      .values({
        purchase_id: purchase.id,
        user_id: m.id,
        pack_id: packId,
        prize_id: prize.id,
        card_id: card.id,
        position: 1,
        action_type: '2',
        buy_point: 10,
        status: 'ship',
        decided_at: monthsAgo(8),
        decided_by: 'member',
        shipment_id: null,
        created_at: monthsAgo(8),
      })
      .execute();
    await sweep(start);
    const r = await sweep(new Date(start.getTime() + 31 * DAY));
    expect(r.postponed).toBeGreaterThanOrEqual(1);
    expect((await user(m.id)).anonymised_at).toBeNull();
  });

  it('runs as a scheduled job', async () => {
    const m = await createMember(t.db, { created_at: monthsAgo(7) });
    const jobs = startJobs({ db: t.db, config: t.config, clock: t.clock });
    try {
      await jobs.runNow('inactivity');
    } finally {
      await jobs.stop();
    }
    expect((await user(m.id)).inactivity_notice_at).toBe(t.clock.now().toISOString());
  });

  it.skipIf(onPostgres)('runs once from the command line: inactivity.ts --now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-inactivity-'));
    try {
      const file = join(dir, 'shop.sqlite');
      const fileDb = openDb(file);
      await migrate(fileDb);
      const m = await createMember(fileDb, { created_at: '2026-01-01T00:00:00.000Z' });
      await fileDb.destroy();
      const run = (now: string) => runMain(inactivityCommand, ['--now', now], file, { MAIL_URL: '' });
      expect(answerOf(await run('2026-08-01T00:00:00Z'))).toMatchObject({
        job: 'inactivity',
        notified: 1,
        anonymised: 0,
      });
      expect(answerOf(await run('2026-08-15T00:00:00Z'))).toMatchObject({
        notified: 0,
        anonymised: 0,
      });
      expect(answerOf(await run('2026-09-01T00:00:00Z'))).toMatchObject({
        notified: 0,
        anonymised: 1,
      });
      const check = openDb(file);
      const row = await check
        .selectFrom('users')
        .select(['mail'])
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(row.mail).toBe(`deleted-${m.id}@invalid`);
      const mails = await check.selectFrom('outbox_messages').select('kind').execute();
      expect(mails).toEqual([{ kind: 'inactivity_notice' }]);
      await check.destroy();
      expect(await run('not-a-date')).toMatchObject({
        code: 2,
        stderr: 'usage: inactivity.ts [--now <ISO time>]\n',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
