import { randomInt } from 'node:crypto';
import type { CouponUseResult } from '@gacha/contract/account';
import { message, type Lang, type MessageKey } from '@gacha/contract/messages';
import type { Config } from '../../config.ts';
import type { z } from 'zod';
import type { adminCouponQuerySchema } from '@gacha/contract/admin-shop';
import type { Selectable, Transaction, Updateable } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import type { ListParams } from '@gacha/contract/admin-list';
import { listAll, listPage, type ListSpec } from '../../db/list-page.ts';
import { csvFile } from '../../http/csv.ts';
import type { CouponsTable, Database } from '../../db/schema.ts';
import { conflict, fieldError, notFound } from '../../http/api-error.ts';
import { releaseAttempt, reserveAttempt } from '../../http/throttle.ts';
import { awardGems } from '../gems/service.ts';
import { unlockPointPrice } from '../payments/service.ts';
import * as repo from './repo.ts';

/** Unknown coupon codes a member may try within the throttle window (LOGIN_BLOCK_MINUTES) before a 429. */
export const COUPON_MAX_WRONG_CODES = 10;
export const COUPON_CODE = /^[A-Z0-9_-]{3,64}$/;

/** A refusal that rolls the use back; answered as the error string of spec §4 (Coupon). */
class CouponRefused extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/**
 * POST /user/coupon/use: the answer carries an error string, '' on success (spec §4). In one transaction:
 * the code must exist and be inside its window [starts_at, ends_at); the member's use row (unique per coupon
 * and member) is inserted; the total is claimed with one conditional update on `used_count`; then the coupon
 * grants a bonus gem lot (source 'coupon') or unlocks its hidden point-price courses for the member (the
 * payments module's `point_price_unlocks`, which its course list and purchase read). Any refusal
 * rolls everything back: nothing is granted. Unknown codes are counted per member (guessing → state 429).
 */
export async function useCoupon(
  deps: { db: Db; config: Pick<Config, 'login'> },
  userId: number,
  code: string,
  lang: Lang,
  now: Date,
): Promise<CouponUseResult> {
  const { db } = deps;
  // every try is counted before the code is looked up (parallel guesses cannot pass the limit); all but
  // unknown codes are given back afterwards
  const throttleKey = { key: `coupon:user:${userId}`, max: COUPON_MAX_WRONG_CODES };
  await reserveAttempt(db, [throttleKey], now, deps.config.login.blockMinutes * 60_000);

  const at = now.toISOString();
  let answer: CouponUseResult;
  try {
    answer = await db.transaction().execute(async (tx) => {
      const coupon = await repo.findByCode(tx, code);
      if (!coupon) throw new CouponRefused('coupon_invalid');
      if (coupon.disabled_at) throw new CouponRefused('coupon_expired');
      if (at < coupon.starts_at) throw new CouponRefused('coupon_not_started');
      if (at >= coupon.ends_at) throw new CouponRefused('coupon_expired');

      if (!(await repo.insertUse(tx, coupon.id, userId, at))) throw new CouponRefused('coupon_already_used');
      if (!(await repo.claimUse(tx, coupon.id))) throw new CouponRefused('coupon_limit_reached');

      if (coupon.kind === 'gems') {
        await awardGems(
          tx,
          {
            userId,
            amount: coupon.gems,
            kind: 'bonus',
            source: 'coupon',
            reason: 'coupon',
            reference: `coupon:${coupon.id}`,
          },
          now,
        );
        return { error: '', granted_gems: coupon.gems };
      }
      const ids = await repo.unlockedCourseIds(tx, coupon.id);
      for (const id of ids) await unlockPointPrice(tx, userId, id);
      return { error: '', unlocked_point_price_ids: ids };
    });
  } catch (err) {
    if (err instanceof CouponRefused && err.key === 'coupon_invalid')
      return { error: message(err.key, lang) };
    await releaseAttempt(db, throttleKey);
    if (!(err instanceof CouponRefused)) throw err;
    return { error: message(err.key, lang) };
  }
  await releaseAttempt(db, throttleKey);
  return answer;
}

export interface NewCoupon {
  code?: string;
  kind: 'gems' | 'unlock';
  gems?: number;
  pointPriceIds?: number[];
  startsAt: Date;
  endsAt: Date;
  maxUses?: number | null;
  note?: string;
}

/** Random codes avoid look-alike characters. */
export function randomCouponCode(length = 10): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A coupon that cannot be made: a readable reason (the command line) and the field and key (the console). */
export class CouponInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
    readonly key: MessageKey,
  ) {
    super(message);
  }
}

/**
 * Creates a coupon (scripts/coupon.ts, the console). Throws CouponInputError with a readable reason; `inTx` runs
 * in the coupon's transaction (the console's audit row).
 */
export async function createCoupon(
  db: Db,
  input: NewCoupon,
  now: Date,
  inTx?: (tx: Transaction<Database>, created: { id: number; code: string }) => Promise<void>,
) {
  const code = (input.code ?? randomCouponCode()).trim().toUpperCase();
  if (!COUPON_CODE.test(code)) throw new Error('the code must be 3-64 characters of A-Z, 0-9, _ or -');
  if (!(input.endsAt.getTime() > input.startsAt.getTime()))
    throw new Error('the end must be after the start');
  if (
    input.maxUses !== undefined &&
    input.maxUses !== null &&
    !(Number.isInteger(input.maxUses) && input.maxUses >= 1)
  )
    throw new Error('the total limit must be a whole number of at least 1');
  const ids = [...new Set(input.pointPriceIds ?? [])];
  if (input.kind === 'gems') {
    if (!(Number.isInteger(input.gems) && input.gems! > 0 && input.gems! <= 1_000_000))
      throw new Error('a gems coupon needs --gems between 1 and 1,000,000');
    if (ids.length) throw new Error('a gems coupon does not unlock courses');
  } else {
    if (!ids.length) throw new Error('an unlock coupon needs --courses (point price ids)');
    const found = await repo.existingPointPriceIds(db, ids);
    const missing = ids.filter((id) => !found.includes(id));
    if (missing.length)
      throw new CouponInputError(
        `unknown point price ids: ${missing.join(', ')}`,
        'point_price_ids',
        'point_price_not_found',
      );
  }
  return db.transaction().execute(async (tx) => {
    if (await repo.codeExists(tx, code))
      throw new CouponInputError(`a coupon with the code ${code} exists`, 'code', 'coupon_code_taken');
    const id = await repo.insertCoupon(tx, {
      code,
      kind: input.kind,
      gems: input.kind === 'gems' ? input.gems! : 0,
      starts_at: input.startsAt.toISOString(),
      ends_at: input.endsAt.toISOString(),
      max_uses: input.maxUses ?? null,
      note: input.note ?? '',
      created_at: now.toISOString(),
    });
    if (ids.length) await repo.insertCourses(tx, id, ids);
    if (inTx) await inTx(tx, { id, code });
    return { id, code };
  });
}

// --- the console ---

type StaffCouponQuery = z.output<typeof adminCouponQuerySchema>;
type CouponRow = Selectable<CouponsTable>;

/** Coupons with the courses each unlock coupon opens. */
async function withCourses(ex: Db, coupons: CouponRow[]) {
  const courses = await repo.coursesOf(
    ex,
    coupons.map((c) => c.id),
  );
  return coupons.map((c) => ({
    ...c,
    point_price_ids: courses.filter((p) => p.coupon_id === c.id).map((p) => p.point_price_id),
  }));
}

/** One page of the console's coupons (newest first unless another order is asked). */
export async function couponsForStaff(db: Db, query: StaffCouponQuery, now: Date) {
  const page = await listPage(
    repo.staffCoupons(db, query, now.toISOString()),
    (q) => q.selectAll(),
    repo.STAFF_COUPON_LIST,
    query,
  );
  return { ...page, list: await withCourses(db, page.list) };
}

/** One coupon as the console shows it; 404 without it. */
export async function couponForStaff(db: Db, id: number) {
  const coupon = await repo.findCoupon(db, id);
  if (!coupon) throw notFound('coupon_not_found');
  return { coupon: (await withCourses(db, [coupon]))[0]! };
}

/** Every coupon the list's query finds, in the list's order (the CSV, the command line's list). */
export async function couponsMatching(db: Db, query: StaffCouponQuery, now: Date) {
  const rows = await listAll(
    repo.staffCoupons(db, query, now.toISOString()),
    (q) => q.selectAll(),
    repo.STAFF_COUPON_LIST,
    query,
  );
  return withCourses(db, rows);
}

/** The coupons the list's query finds as a CSV. */
export async function couponsCsv(db: Db, query: StaffCouponQuery, now: Date): Promise<string> {
  const rows = await couponsMatching(db, query, now);
  return csvFile(
    [
      'id',
      'code',
      'kind',
      'gems',
      'courses',
      'starts_at',
      'ends_at',
      'max_uses',
      'used_count',
      'disabled_at',
      'note',
      'created_at',
    ],
    rows.map((c) => [
      c.id,
      c.code,
      c.kind,
      c.gems,
      c.point_price_ids.join(' '),
      c.starts_at,
      c.ends_at,
      c.max_uses,
      c.used_count,
      c.disabled_at,
      c.note,
      c.created_at,
    ]),
  );
}

/**
 * Changes a coupon's window, total limit or note (its kind and reward stay); answers before and after, or null when
 * the edit changes nothing (nothing written).
 */
export async function changeCoupon(
  tx: Transaction<Database>,
  id: number,
  set: Pick<Updateable<CouponsTable>, 'starts_at' | 'ends_at' | 'max_uses' | 'note'>,
) {
  const before = await repo.findCoupon(tx, id);
  if (!before) throw notFound('coupon_not_found');
  const after = { ...before, ...set };
  if (after.starts_at >= after.ends_at) throw fieldError('ends_at', 'window_invalid');
  if (after.max_uses !== null && after.max_uses < after.used_count) throw fieldError('max_uses', 'invalid');
  const changed = changedColumns(before, set);
  if (!changed) return null;
  await tx.updateTable('coupons').set(changed).where('id', '=', id).execute();
  return { before, after };
}

/** Switches a coupon off for good; null when it was off already (a repeat changes nothing). */
export async function disableCoupon(tx: Transaction<Database>, id: number, now: Date) {
  const before = await repo.findCoupon(tx, id);
  if (!before) throw notFound('coupon_not_found');
  if (before.disabled_at) return null;
  await tx.updateTable('coupons').set({ disabled_at: now.toISOString() }).where('id', '=', id).execute();
  return { before: { disabled_at: null }, after: { disabled_at: now.toISOString() } };
}

/**
 * Deletes a coupon no member has used (a mistyped code, a campaign called off), with its courses; answers its row.
 * A used coupon is part of members' histories: it is disabled instead.
 */
export async function deleteUnusedCoupon(tx: Transaction<Database>, id: number) {
  const before = await repo.findCoupon(tx, id);
  if (!before) throw notFound('coupon_not_found');
  const used = await tx
    .selectFrom('coupon_uses')
    .select('id')
    .where('coupon_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (used || before.used_count > 0) throw conflict('coupon', 'coupon_delete_used');
  // the coupon's row first: a deletion racing this one waits on it, then finds nothing
  const r = await tx
    .deleteFrom('coupons')
    .where('id', '=', id)
    .where('used_count', '=', 0)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw notFound('coupon_not_found');
  await tx.deleteFrom('coupon_point_prices').where('coupon_id', '=', id).execute();
  return before;
}

const couponUseList: ListSpec<'id'> = {
  search: ['m.mail', 'm.last_name', 'm.first_name'],
  // a member uses a coupon once: their number names the use
  id: 'u.user_id',
  sorts: { id: 'u.id' },
  defaultSort: 'id',
  defaultDir: 'desc',
};

/** Who used a coupon, newest first (a console list). */
export async function couponUses(db: Db, id: number, params: ListParams) {
  if (!(await repo.findCoupon(db, id))) throw notFound('coupon_not_found');
  const found = await listPage(
    db
      .selectFrom('coupon_uses as u')
      .innerJoin('users as m', 'm.id', 'u.user_id')
      .where('u.coupon_id', '=', id),
    (q) => q.select(['u.user_id', 'm.mail', 'm.last_name', 'm.first_name', 'u.created_at']),
    couponUseList,
    params,
  );
  return {
    ...found,
    list: found.list.map((u) => ({
      user_id: u.user_id,
      email: u.mail,
      name: `${u.last_name} ${u.first_name}`.trim(),
      created_at: u.created_at,
    })),
  };
}
