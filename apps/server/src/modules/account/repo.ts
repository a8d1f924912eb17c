import type { Lang } from '@gacha/contract/messages';
import { JAPAN_COUNTRY_ID, OVERSEAS_PREF_ID } from '@gacha/contract/user';
import type { Db } from '../../db/index.ts';
import type { NewUser, UserUpdate } from '../../db/schema.ts';

/** A unique constraint failed (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export async function mailExists(db: Db, mail: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('mail', '=', mail).executeTakeFirst();
  return row !== undefined;
}

export async function findIdByReferralCode(db: Db, code: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('referral_code', '=', code).executeTakeFirst();
  return row?.id;
}

export async function countryExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('countries').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, values: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'tel', 'end_sms', 'referred_by'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Saves the address; without a tel the stored one stays. A tel may change only while SMS verification is not
 * done (checked in the same statement); false when that refused the update.
 */
export async function updateAddress(db: Db, userId: number, values: UserUpdate) {
  const { tel } = values;
  let update = db.updateTable('users').set(values).where('id', '=', userId);
  if (tel !== undefined) update = update.where((eb) => eb.or([eb('end_sms', '=', 0), eb('tel', '=', tel)]));
  const r = await update.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Sets the country and keeps the prefecture consistent in the same statement: 99 abroad, never 99 in Japan. */
export async function setCountry(db: Db, userId: number, countryId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set((eb) => ({
      country_id: countryId,
      pref_id:
        countryId === JAPAN_COUNTRY_ID
          ? eb.case().when('pref_id', '=', OVERSEAS_PREF_ID).then(eb.lit(null)).else(eb.ref('pref_id')).end()
          : eb.case().when('pref_id', 'is', null).then(eb.lit(null)).else(eb.lit(OVERSEAS_PREF_ID)).end(),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Attaches a referrer only if the member has none yet (one statement, so two requests cannot both win). */
export async function setReferrerOnce(db: Db, userId: number, referrerId: number, now: string) {
  const r = await db
    .updateTable('users')
    .set({ referred_by: referrerId, updated_at: now })
    .where('id', '=', userId)
    .where('referred_by', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The tel changes only while SMS verification is not done; false when it is (or the member is gone). */
export async function updateTelIfUnverified(db: Db, userId: number, tel: string, now: string) {
  const r = await db
    .updateTable('users')
    .set({ tel, updated_at: now })
    .where('id', '=', userId)
    .where('end_sms', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Japanese prefectures for the select; 99 (overseas) is set by the server, never chosen. */
export function listPrefectures(db: Db, lang: Lang) {
  return db
    .selectFrom('prefectures')
    .select(['id', lang === 'ja' ? 'name_ja as name' : 'name_en as name'])
    .where('id', '<>', OVERSEAS_PREF_ID)
    .orderBy('id')
    .execute();
}

export function listCountries(db: Db, lang: Lang) {
  const name = lang === 'ja' ? 'name_ja' : 'name_en';
  return db
    .selectFrom('countries')
    .select(['id', `${name} as name`])
    .orderBy('sort')
    .orderBy(name)
    .orderBy('id')
    .execute();
}

export function findCountryId(db: Db, userId: number) {
  return db.selectFrom('users').select('country_id').where('id', '=', userId).executeTakeFirst();
}
