import type { CouponUseResult } from '@gacha/contract/account';
import { message, type Lang, type MessageKey } from '@gacha/contract/messages';
import type { Config } from '../../config.ts';
import type { z } from 'zod';
import type { adminCouponQuerySchema } from '@gacha/contract/admin-shop';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ListParams } from '@gacha/contract/admin-list';
import { listAll, listPage, type ListSpec } from '../../db/list-page.ts';
import { csvFile } from '../../http/csv.ts';
import type { CouponsTable } from '../../db/schema.ts';
import { notFound } from '../../http/api-error.ts';
import { releaseAttempt, reserveAttempt } from '../../http/throttle.ts';
import { awardGems } from '../gems/service.ts';
import { unlockPointPrice } from '../payments/service.ts';
import * as repo from './repo.ts';

/** Unknown coupon codes a member may try within the throttle window (LOGIN_BLOCK_MINUTES) before a 429. */
export const COUPON_MAX_WRONG_CODES = 10;

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
