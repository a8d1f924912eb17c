import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { adminCouponCreateSchema } from '@gacha/contract/admin-shop';
import type { MessageKey } from '@gacha/contract/messages';
import type { Updateable } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { CouponsTable } from '../../db/schema.ts';
import { conflict, fieldError, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import * as repo from './repo.ts';

/**
 * Coupons as staff make and keep them (the console, scripts/coupon.ts): each change runs in a staff write with its
 * audit row (target 'coupon'); a change that changes nothing writes nothing.
 */

export const COUPON_CODE = /^[A-Z0-9_-]{3,64}$/;

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
 * Makes a coupon, with its audit row: `asked` (what the caller was asked for) with the code and id made. Throws
 * CouponInputError, or an Error with a readable reason.
 */
async function makeCoupon(
  write: StaffWrite,
  input: NewCoupon,
  asked: object,
): Promise<{ id: number; code: string }> {
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
  } else if (!ids.length) throw new Error('an unlock coupon needs --courses (point price ids)');
  return write(async (tx, audit) => {
    if (ids.length) {
      const found = await repo.existingPointPriceIds(tx, ids);
      const missing = ids.filter((id) => !found.includes(id));
      if (missing.length)
        throw new CouponInputError(
          `unknown point price ids: ${missing.join(', ')}`,
          'point_price_ids',
          'point_price_not_found',
        );
    }
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
      created_at: write.now.toISOString(),
    });
    if (ids.length) await repo.insertCourses(tx, id, ids);
    const created = { id, code };
    await audit({
      action: 'coupon.create',
      target: { type: 'coupon', id },
      before: null,
      after: { ...asked, ...created },
    });
    return created;
  });
}

/**
 * Creates a coupon (scripts/coupon.ts), with its audit row (the input with the code and id made). Throws
 * CouponInputError or an Error with a readable reason.
 */
export function createCoupon(write: StaffWrite, input: NewCoupon): Promise<{ id: number; code: string }> {
  return makeCoupon(write, input, input);
}

/**
 * Creates a coupon from the console's form, with its audit row (the form with the code and id made); a refusal
 * answers a field error.
 */
export async function createCouponForStaff(
  write: StaffWrite,
  form: z.output<typeof adminCouponCreateSchema>,
): Promise<{ id: number; code: string }> {
  try {
    return await makeCoupon(
      write,
      {
        ...(form.code ? { code: form.code } : {}),
        kind: form.kind,
        gems: form.gems,
        pointPriceIds: form.point_price_ids,
        startsAt: new Date(form.starts_at),
        endsAt: new Date(form.ends_at),
        maxUses: form.max_uses,
        note: form.note,
      },
      form,
    );
  } catch (err) {
    if (err instanceof CouponInputError) throw fieldError(err.field, err.key);
    throw err;
  }
}

/**
 * Changes a coupon's window, total limit or note (its kind and reward stay), with its audit row (none when the
 * edit changes nothing).
 */
export function updateCoupon(
  write: StaffWrite,
  id: number,
  set: Pick<Updateable<CouponsTable>, 'starts_at' | 'ends_at' | 'max_uses' | 'note'>,
): Promise<void> {
  return write(async (tx, audit) => {
    const before = await repo.findCoupon(tx, id);
    if (!before) throw notFound('coupon_not_found');
    const after = { ...before, ...set };
    if (after.starts_at >= after.ends_at) throw fieldError('ends_at', 'window_invalid');
    if (after.max_uses !== null && after.max_uses < after.used_count) throw fieldError('max_uses', 'invalid');
    const changed = changedColumns(before, set);
    if (!changed) return;
    await tx.updateTable('coupons').set(changed).where('id', '=', id).execute();
    await audit({ action: 'coupon.update', target: { type: 'coupon', id }, before, after });
  });
}

/** Switches a coupon off for good, with its audit row; a repeat (off already) changes nothing. */
export function disableCoupon(write: StaffWrite, id: number): Promise<void> {
  return write(async (tx, audit) => {
    const before = await repo.findCoupon(tx, id);
    if (!before) throw notFound('coupon_not_found');
    if (before.disabled_at) return;
    const at = write.now.toISOString();
    await tx.updateTable('coupons').set({ disabled_at: at }).where('id', '=', id).execute();
    await audit({
      action: 'coupon.disable',
      target: { type: 'coupon', id },
      before: { disabled_at: null },
      after: { disabled_at: at },
    });
  });
}

/**
 * Deletes a coupon no member has used (a mistyped code, a campaign called off), with its courses, and its audit
 * row (the coupon's row). A used coupon is part of members' histories: it is disabled instead.
 */
export function deleteUnusedCoupon(write: StaffWrite, id: number): Promise<void> {
  return write(async (tx, audit) => {
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
    await audit({ action: 'coupon.delete', target: { type: 'coupon', id: before.id }, before, after: null });
  });
}
