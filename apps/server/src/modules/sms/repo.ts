import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export function findMember(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'end_sms', 'country_id', 'lang'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findEndSms(db: Executor, userId: number) {
  return db.selectFrom('users').select('end_sms').where('id', '=', userId).executeTakeFirst();
}

export function findPhoneOwner(db: Executor, phone: string) {
  return db.selectFrom('verified_phones').select('user_id').where('phone', '=', phone).executeTakeFirst();
}

/**
 * Stores a fresh code for the member in one conditional upsert: a first code, or one replacing the earlier code
 * when that was sent at or before `resendAfter` and the daily count allows another (a new 24-hour window once
 * `day_start` is at or before `dayAgo`). Undefined when the send is refused.
 */
export function claimSend(
  db: Executor,
  row: {
    userId: number;
    tel: string;
    codeHash: string;
    at: string;
    expiresAt: string;
    resendAfter: string;
    dayAgo: string;
    maxPerDay: number;
  },
) {
  const { at, dayAgo } = row;
  return db
    .insertInto('sms_codes')
    .values({
      user_id: row.userId,
      tel: row.tel,
      code_hash: row.codeHash,
      attempts: 0,
      sent_at: at,
      expires_at: row.expiresAt,
      used_at: null,
      day_start: at,
      day_sends: 1,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => {
          const newDay = eb('sms_codes.day_start', '<=', dayAgo);
          return {
            tel: eb.ref('excluded.tel'),
            code_hash: eb.ref('excluded.code_hash'),
            attempts: eb.lit(0),
            sent_at: eb.ref('excluded.sent_at'),
            expires_at: eb.ref('excluded.expires_at'),
            used_at: eb.lit(null),
            day_start: eb.case().when(newDay).then(at).else(eb.ref('sms_codes.day_start')).end(),
            day_sends: eb
              .case()
              .when(newDay)
              .then(eb.lit(1))
              .else(eb('sms_codes.day_sends', '+', eb.lit(1)))
              .end(),
          };
        })
        .where((eb) =>
          eb.and([
            eb('sms_codes.sent_at', '<=', row.resendAfter),
            eb.or([eb('sms_codes.day_start', '<=', dayAgo), eb('sms_codes.day_sends', '<', row.maxPerDay)]),
          ]),
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
}

export async function deleteCode(db: Executor, userId: number, codeHash: string): Promise<void> {
  await db.deleteFrom('sms_codes').where('user_id', '=', userId).where('code_hash', '=', codeHash).execute();
}

export function findSendState(db: Executor, userId: number) {
  return db
    .selectFrom('sms_codes')
    .select(['sent_at', 'day_start', 'day_sends'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Counts a try on the member's live code (unused, under `maxTries`, unexpired); the row tried, or undefined. */
export function countTry(db: Executor, userId: number, now: string, maxTries: number) {
  return db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxTries)
    .where('expires_at', '>', now)
    .returning(['code_hash', 'attempts', 'tel'])
    .executeTakeFirst();
}

/** Uses the code once: false when it was used since it was tried. */
export async function useCode(tx: Executor, userId: number, codeHash: string, now: string) {
  const r = await tx
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteVerifiedPhonesOf(tx: Executor, userId: number): Promise<void> {
  await tx.deleteFrom('verified_phones').where('user_id', '=', userId).execute();
}

export async function insertVerifiedPhone(tx: Executor, phone: string, userId: number, at: string) {
  await tx.insertInto('verified_phones').values({ phone, user_id: userId, created_at: at }).execute();
}

export async function deleteCodesOf(tx: Executor, userId: number): Promise<void> {
  await tx.deleteFrom('sms_codes').where('user_id', '=', userId).execute();
}

/** The phone number a member verified, if any (each number verifies one member). */
export async function verifiedPhoneOf(ex: Executor, userId: number): Promise<string | null> {
  const row = await ex
    .selectFrom('verified_phones')
    .select('phone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.phone ?? null;
}
