import type { Db } from '../../db/index.ts';
import { addMonths } from '../../db/time.ts';
import { endSessionsOf } from '../../http/session.ts';
import {
  eraseMemberData,
  flagInactivityNotice,
  membersDueErasure,
  membersDueNotice,
  withdrawInactivityNotices,
} from '../account/service.ts';
import { gemBalance, voidGems } from '../gems/service.ts';
import { hasOpenItems } from '../holdings/service.ts';
import { formatDeadline, langOf, memberMail, type Mailer } from '../mail/service.ts';
import { forgetPhone } from '../sms/service.ts';

/**
 * DOMAIN.md: a member with no gem use for 6 months is flagged and mailed a notice; 30 days after the notice,
 * still without a gem use, the member's gems are voided (one 'voided' ledger row per lot) and the personal data
 * anonymised. Financial rows (ledgers, lots, purchases, payments, won items) stay.
 *
 * "Gem use" is a spend (`users.last_gem_use_at`, set by the purchase through the account module), counted from registration when the
 * member never spent. A gem purchase also counts as activity here: a member who just paid for gems is not
 * about to abandon them, and the terms promise gems 6 months from award.
 *
 * The sweep is idempotent and safe to run concurrently with itself and with spends: every step is a
 * conditional update that re-checks its condition (a spend after the notice clears the flag; a spend racing
 * the anonymisation either lands first and stops it, or waits for it on PostgreSQL's row lock). Members with
 * items still to decide or to ship are postponed until those are done.
 *
 * The sweep writes no table of its own (db/table-owners.json): the members' rows are the account module's (the
 * notice, the erasure and the conditions they re-check), sessions the http layer's, phone data the sms module's,
 * gems the gems module's.
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

  // 1. activity since the notice withdraws it (a later quiet spell gets a new notice)
  result.cleared = await withdrawInactivityNotices(db);

  // 2. six months quiet: flag and mail the notice (flag first, so a notice is never mailed twice)
  let afterId = 0;
  for (;;) {
    const due = await membersDueNotice(db, { cutoff, afterId, limit: BATCH });
    for (const m of due) {
      afterId = m.id;
      if (!(await flagInactivityNotice(db, m.id, { at, cutoff }))) continue;
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
    const due = await membersDueErasure(db, { noticedBefore: graceCutoff, afterId, limit: BATCH });
    for (const { id } of due) {
      afterId = id;
      if (await hasOpenItems(db, id)) {
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
  return db.transaction().execute(async (tx) => {
    if (!(await eraseMemberData(tx, userId, now))) return null;
    const total = await voidGems(tx, userId, now);
    await endSessionsOf(tx, userId);
    await forgetPhone(tx, userId);
    return total;
  });
}
