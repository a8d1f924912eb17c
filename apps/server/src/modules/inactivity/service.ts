import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/index.ts';
import { addMonths } from '../../db/time.ts';
import { gemBalance, voidGems } from '../gems/service.ts';
import { formatDeadline, langOf, memberMail, type Mailer } from '../mail/service.ts';

/**
 * DOMAIN.md: a member with no gem use for 6 months is flagged and mailed a notice; 30 days after the notice,
 * still without a gem use, the member's gems are voided (one 'voided' ledger row per lot) and the personal data
 * anonymised. Financial rows (ledgers, lots, purchases, payments, won items) stay.
 *
 * "Gem use" is a spend (`users.last_gem_use_at`, set by the draws module), counted from registration when the
 * member never spent. A gem purchase also counts as activity here: a member who just paid for gems is not
 * about to abandon them, and the terms promise gems 6 months from award.
 *
 * The sweep is idempotent and safe to run concurrently with itself and with spends: every step is a
 * conditional update that re-checks its condition (a spend after the notice clears the flag; a spend racing
 * the anonymisation either lands first and stops it, or waits for it on PostgreSQL's row lock). Members with
 * items still to decide or to ship are postponed until those are done.
 */

export const INACTIVITY_MONTHS = 6;
export const INACTIVITY_GRACE_DAYS = 30;
const BATCH = 500;

export interface InactivityResult {
  notified: number;
  cleared: number;
  anonymised: number;
  voidedGems: number;
  postponed: number;
}

export async function runInactivitySweep(
  deps: { db: Db; mailer: Mailer },
  now: Date,
): Promise<InactivityResult> {
  const { db } = deps;
  const at = now.toISOString();
  const cutoff = addMonths(at, -INACTIVITY_MONTHS);
  const graceCutoff = new Date(now.getTime() - INACTIVITY_GRACE_DAYS * 24 * 3600_000).toISOString();
  const result: InactivityResult = { notified: 0, cleared: 0, anonymised: 0, voidedGems: 0, postponed: 0 };

  const lastUse = sql<string>`coalesce(users.last_gem_use_at, users.created_at)`;
  const boughtSince = (since: Expression<string> | string): Expression<SqlBool> =>
    sql<SqlBool>`exists (select 1 from gem_lots where gem_lots.user_id = users.id and gem_lots.kind = 'paid' and gem_lots.awarded_at > ${since})`;

  // 1. activity since the notice withdraws it (a later quiet spell gets a new notice)
  const cleared = await db
    .updateTable('users')
    .set({ inactivity_notice_at: null })
    .where('anonymised_at', 'is', null)
    .where('inactivity_notice_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb(lastUse, '>', eb.ref('users.inactivity_notice_at') as Expression<string>),
        boughtSince(sql<string>`users.inactivity_notice_at`),
      ]),
    )
    .executeTakeFirst();
  result.cleared = Number(cleared.numUpdatedRows);

  // 2. six months quiet: flag and mail the notice (flag first, so a notice is never mailed twice)
  let afterId = 0;
  for (;;) {
    const due = await db
      .selectFrom('users')
      .select(['id', 'mail', 'lang'])
      .where('anonymised_at', 'is', null)
      .where('inactivity_notice_at', 'is', null)
      .where(lastUse, '<=', cutoff)
      .where((eb) => eb.not(boughtSince(cutoff)))
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const m of due) {
      afterId = m.id;
      const flagged = await db
        .updateTable('users')
        .set({ inactivity_notice_at: at })
        .where('id', '=', m.id)
        .where('inactivity_notice_at', 'is', null)
        .where('anonymised_at', 'is', null)
        .where(lastUse, '<=', cutoff)
        .executeTakeFirst();
      if (Number(flagged.numUpdatedRows) !== 1) continue;
      result.notified++;
      const deadline = formatDeadline(
        new Date(now.getTime() + INACTIVITY_GRACE_DAYS * 24 * 3600_000).toISOString(),
      );
      const gems = await gemBalance(db, m.id, now);
      try {
        await deps.mailer.send(
          memberMail({ id: m.id, mail: m.mail, lang: langOf(m.lang) }, 'inactivity_notice', {
            deadline,
            gems,
          }),
        );
      } catch {
        // the flag stays: the grace period runs from the notice date whatever the mail server did
      }
    }
    if (due.length < BATCH) break;
  }

  // 3. thirty days after the notice, still quiet: void the gems, anonymise
  afterId = 0;
  for (;;) {
    const due = await db
      .selectFrom('users')
      .select('id')
      .where('anonymised_at', 'is', null)
      .where('inactivity_notice_at', '<=', graceCutoff)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const { id } of due) {
      afterId = id;
      const pending = await db
        .selectFrom('won_items')
        .select('id')
        .where('user_id', '=', id)
        .where('status', 'in', ['unselected', 'ship'])
        .limit(1)
        .executeTakeFirst();
      if (pending) {
        result.postponed++;
        continue;
      }
      const voided = await anonymise(db, id, now);
      if (voided !== null) {
        result.anonymised++;
        result.voidedGems += voided;
      }
    }
    if (due.length < BATCH) break;
  }
  return result;
}

/** One member, in one transaction. Null when the member turned out to be active (nothing changed). */
async function anonymise(db: Db, userId: number, now: Date): Promise<number | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    const lastUse = sql<string>`coalesce(users.last_gem_use_at, users.created_at)`;
    const done = await tx
      .updateTable('users')
      .set({
        mail: `deleted-${userId}@invalid`,
        pass_hash: null,
        last_name: '',
        middle_name: '',
        first_name: '',
        tel: '',
        zipcode: '',
        pref_id: null,
        pref_text: '',
        shiku: '',
        address: '',
        building: '',
        country_id: null,
        google_sub: null,
        apple_sub: null,
        anonymised_at: at,
        updated_at: at,
      })
      .where('id', '=', userId)
      .where('anonymised_at', 'is', null)
      .where('inactivity_notice_at', 'is not', null)
      .where(lastUse, '<=', sql<string>`users.inactivity_notice_at`)
      .where((eb) =>
        eb.not(
          sql<SqlBool>`exists (select 1 from gem_lots where gem_lots.user_id = users.id and gem_lots.kind = 'paid' and gem_lots.awarded_at > users.inactivity_notice_at)`,
        ),
      )
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return null;

    const total = await voidGems(tx, userId, now);
    await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await tx.deleteFrom('sms_codes').where('user_id', '=', userId).execute();
    await tx.deleteFrom('verified_phones').where('user_id', '=', userId).execute();
    await tx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    return total;
  });
}
