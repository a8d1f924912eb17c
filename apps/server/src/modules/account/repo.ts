import { sql, type Expression, type Insertable, type SqlBool, type Transaction } from 'kysely';
import type { Lang } from '@gacha/contract/messages';
import { JAPAN_COUNTRY_ID, OVERSEAS_PREF_ID } from '@gacha/contract/user';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { Database, NewUser, UserUpdate } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

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

export async function insertUser(db: Executor, values: NewUser): Promise<number> {
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
export async function updateAddress(db: Executor, userId: number, values: UserUpdate) {
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
export async function setReferrerOnce(db: Executor, userId: number, referrerId: number, now: string) {
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

export async function setLang(db: Executor, userId: number, lang: Lang): Promise<void> {
  await db.updateTable('users').set({ lang }).where('id', '=', userId).execute();
}

/** SMS verification done: end_sms 0 → 1 with the verified number as the tel; false when it was done already. */
export async function setPhoneVerified(db: Executor, userId: number, tel: string, now: string) {
  const r = await db
    .updateTable('users')
    .set({ end_sms: 1, tel, updated_at: now })
    .where('id', '=', userId)
    .where('end_sms', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// --- sign-in identities (Google, Apple) ---

export type SubColumn = 'google_sub' | 'apple_sub';

/** Links a provider account to a member who has none of that provider yet; false when one is linked. */
export async function linkSub(db: Executor, userId: number, col: SubColumn, sub: string, now: string) {
  const r = await db
    .updateTable('users')
    .set({ [col]: sub, updated_at: now })
    .where('id', '=', userId)
    .where(col, 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether a member holds the mail or the provider account (what made a sign-up's insert fail). */
export async function mailOrSubTaken(db: Executor, mail: string, col: SubColumn, sub: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('mail', '=', mail), eb(col, '=', sub)]))
    .executeTakeFirst();
  return row !== undefined;
}

// --- passwords and their reissue codes ---

export function findActiveLoginByMail(db: Executor, mail: string) {
  return db
    .selectFrom('users')
    .select(['id', 'mail', 'lang'])
    .where('mail', '=', mail)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
}

/** Sets the password hash; `activeOnly` refuses an anonymised member. The member's mail and language, or undefined. */
export function setPassHash(
  tx: Executor,
  userId: number,
  passHash: string,
  now: string,
  opts: { activeOnly: boolean },
) {
  return tx
    .updateTable('users')
    .set({ pass_hash: passHash, updated_at: now })
    .where('id', '=', userId)
    .$if(opts.activeOnly, (q) => q.where('anonymised_at', 'is', null))
    .returning(['id', 'mail', 'lang'])
    .executeTakeFirst();
}

/** Voids the member's earlier unused reissue codes. */
export async function voidOpenResets(tx: Executor, userId: number, now: string): Promise<void> {
  await tx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertReset(
  tx: Executor,
  values: Insertable<Database['password_resets']>,
): Promise<void> {
  await tx.insertInto('password_resets').values(values).execute();
}

/**
 * Counts a try on the ticket's live code (unused, under `maxTries` tries, unexpired) in one conditional update,
 * and answers the row tried; undefined when there is no such code.
 */
export function countResetTry(db: Executor, ticketHash: string, now: string, maxTries: number) {
  return db
    .updateTable('password_resets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxTries)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id', 'code_hash'])
    .executeTakeFirst();
}

/** Uses a reissue code once: false when it was used since it was tried. */
export async function claimReset(tx: Executor, resetId: number, now: string): Promise<boolean> {
  const r = await tx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteResetsExpiredBefore(db: Executor, before: string): Promise<number> {
  const r = await db.deleteFrom('password_resets').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteResetsOf(tx: Executor, userId: number): Promise<void> {
  await tx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

// --- coins (users.coin_tenths, the cached balance of the coins module's ledger) ---

/** Debits with one conditional update (`coin_tenths >= x`); the balance after, or undefined when it is short. */
export async function debitCoinTenths(tx: Executor, userId: number, tenths: number) {
  const row = await tx
    .updateTable('users')
    .set((eb) => ({ coin_tenths: eb('coin_tenths', '-', tenths) }))
    .where('id', '=', userId)
    .where('coin_tenths', '>=', tenths)
    .returning('coin_tenths')
    .executeTakeFirst();
  return row?.coin_tenths;
}

export async function creditCoinTenths(tx: Executor, userId: number, tenths: number): Promise<number> {
  const row = await tx
    .updateTable('users')
    .set((eb) => ({ coin_tenths: eb('coin_tenths', '+', tenths) }))
    .where('id', '=', userId)
    .returning('coin_tenths')
    .executeTakeFirstOrThrow();
  return row.coin_tenths;
}

/** The coins earned on a gem pack and the gems carried to the next one (the purchase path: prepared). */
export const creditOnPurchase = prepareQuery(
  (db, p: Slots<{ userId: number; carry: number; earnedTenths: number }>) =>
    db
      .updateTable('users')
      .set((eb) => ({ coin_carry_gems: p.carry, coin_tenths: eb('coin_tenths', '+', p.earnedTenths) }))
      .where('id', '=', p.userId)
      .returning('coin_tenths'),
);

// --- the buyer of a pack ---

const buyerColumns = ['id', 'rank', 'country_id', 'coin_tenths', 'coin_carry_gems', 'suspended_at'] as const;

/** The buyer's row, read without a lock (the check route). */
export async function readBuyer(ex: Executor, userId: number) {
  return ex.selectFrom('users').select(buyerColumns).where('id', '=', userId).executeTakeFirst();
}

export const lockBuyerSpending = prepareQuery((db, p: Slots<{ userId: number; at: string }>) =>
  db.updateTable('users').set({ last_gem_use_at: p.at }).where('id', '=', p.userId).returning(buyerColumns),
);
export const lockBuyerRow = prepareQuery((db, p: Slots<{ userId: number }>) =>
  db
    .selectFrom('users')
    .select(buyerColumns)
    .where('id', '=', p.userId)
    .$if(isPostgres(db), (q) => q.forUpdate()),
);

// --- the inactivity rule (DOMAIN.md): the notice and the erasure ---

/** A member's last gem use, counted from registration when they never spent. */
const lastGemUse = sql<string>`coalesce(users.last_gem_use_at, users.created_at)`;
/** The member bought gems (a paid lot) after `since`. */
const boughtGemsAfter = (since: Expression<string> | string): Expression<SqlBool> =>
  sql<SqlBool>`exists (select 1 from gem_lots where gem_lots.user_id = users.id and gem_lots.kind = 'paid' and gem_lots.awarded_at > ${since})`;
const noticeAt = sql<string>`users.inactivity_notice_at`;

/** Withdraws the notice of every member active since it (a gem use or a gem purchase); answers how many. */
export async function clearNoticesOfActive(db: Executor): Promise<number> {
  const r = await db
    .updateTable('users')
    .set({ inactivity_notice_at: null })
    .where('anonymised_at', 'is', null)
    .where('inactivity_notice_at', 'is not', null)
    .where((eb) => eb.or([eb(lastGemUse, '>', noticeAt), boughtGemsAfter(noticeAt)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Members quiet since `cutoff` (no gem use, no gem purchase) who have no notice yet, by id after `afterId`. */
export function quietWithoutNotice(db: Executor, args: { cutoff: string; afterId: number; limit: number }) {
  return db
    .selectFrom('users')
    .select(['id', 'mail', 'lang'])
    .where('anonymised_at', 'is', null)
    .where('inactivity_notice_at', 'is', null)
    .where(lastGemUse, '<=', args.cutoff)
    .where((eb) => eb.not(boughtGemsAfter(args.cutoff)))
    .where('id', '>', args.afterId)
    .orderBy('id')
    .limit(args.limit)
    .execute();
}

/** Flags the notice, re-checking in the same statement that the member is still quiet since `cutoff`. */
export async function flagNotice(db: Executor, userId: number, args: { at: string; cutoff: string }) {
  const r = await db
    .updateTable('users')
    .set({ inactivity_notice_at: args.at })
    .where('id', '=', userId)
    .where('inactivity_notice_at', 'is', null)
    .where('anonymised_at', 'is', null)
    .where(lastGemUse, '<=', args.cutoff)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Members not yet anonymised whose notice is at or before `noticedBefore`, by id after `afterId`. */
export function noticedBefore(db: Executor, args: { noticedBefore: string; afterId: number; limit: number }) {
  return db
    .selectFrom('users')
    .select('id')
    .where('anonymised_at', 'is', null)
    .where('inactivity_notice_at', '<=', args.noticedBefore)
    .where('id', '>', args.afterId)
    .orderBy('id')
    .limit(args.limit)
    .execute();
}

/**
 * Writes `erased` over a member who got the notice and has stayed quiet since (no gem use, no gem purchase),
 * re-checked in the same statement; false when the member turned out to be active or is anonymised already.
 */
export async function eraseIfQuietSinceNotice(tx: Executor, userId: number, erased: UserUpdate) {
  const r = await tx
    .updateTable('users')
    .set(erased)
    .where('id', '=', userId)
    .where('anonymised_at', 'is', null)
    .where('inactivity_notice_at', 'is not', null)
    .where(lastGemUse, '<=', noticeAt)
    .where((eb) => eb.not(boughtGemsAfter(noticeAt)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Sets the members' rank from their `rank_months` row of `month` (the rollover; members without one keep theirs). */
export async function applyRanksOfMonth(
  tx: Executor,
  month: string,
  userIds: readonly number[],
): Promise<void> {
  await tx
    .updateTable('users')
    .set({
      rank: sql<number>`(select rm.rank from rank_months rm where rm.user_id = users.id and rm.month = ${month})`,
    })
    .where('id', 'in', [...userIds])
    .where(
      sql<boolean>`exists (select 1 from rank_months rm where rm.user_id = users.id and rm.month = ${month})`,
    )
    .execute();
}

/** Records a paid rank maintenance for `month`, once: false when it was recorded already. */
export async function markRankMaintained(tx: Executor, userId: number, month: string): Promise<boolean> {
  const r = await tx
    .updateTable('users')
    .set({ rank_maintained_month: month })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('rank_maintained_month', 'is', null), eb('rank_maintained_month', '<>', month)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// --- suspension and SMS reset by staff ---

/** When the member was suspended (null: active); undefined when there is no such member. */
export async function findSuspension(ex: Executor, userId: number) {
  return ex
    .selectFrom('users')
    .select(['suspended_at', 'suspended_reason'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Suspends an active member (one conditional update); false when suspended already or gone. */
export async function setSuspended(ex: Executor, userId: number, reason: string, at: string) {
  const r = await ex
    .updateTable('users')
    .set({ suspended_at: at, suspended_reason: reason, updated_at: at })
    .where('id', '=', userId)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Lifts a suspension; false when the member was not suspended. */
export async function clearSuspended(ex: Executor, userId: number, at: string) {
  const r = await ex
    .updateTable('users')
    .set({ suspended_at: null, suspended_reason: null, updated_at: at })
    .where('id', '=', userId)
    .where('suspended_at', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** SMS verification undone: end_sms 1 → 0 (the tel stays); false when it was not done. */
export async function clearPhoneVerified(ex: Executor, userId: number, at: string) {
  const r = await ex
    .updateTable('users')
    .set({ end_sms: 0, updated_at: at })
    .where('id', '=', userId)
    .where('end_sms', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function memberExists(ex: Executor, userId: number): Promise<boolean> {
  const row = await ex.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** A member's suspension as staff see it before they lift it. */
export function suspensionOf(ex: Executor, userId: number) {
  return ex
    .selectFrom('users')
    .select(['suspended_at', 'suspended_reason'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
