import type { Transaction, Updateable } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import type { Database, GemCampaignsTable, PointPricesTable } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/api-error.ts';
import { findCampaign, insertCampaign, listCampaigns, updateCampaign } from './campaigns.ts';
import { fxRateAt, listRates, setMonthlyRate } from './fx.ts';
import { courseRow, coursesForStaff, insertCourse, updateCourse } from './repo.ts';

type Executor = Db | Transaction<Database>;

/**
 * What the console edits of gem prices: the price courses (a withdrawn one stays for the payments that
 * name it; a payment keeps its own yen and gems, so a price edit never touches one under way), the campaign
 * discount windows and the monthly FX rate. Writes run in the caller's transaction and answer before and after.
 */

export async function pointPricesForStaff(db: Db) {
  const rows = await coursesForStaff(db);
  return { list: rows.map((r) => ({ ...r, payments: Number(r.payments ?? 0) })) };
}

export async function addCourse(
  tx: Executor,
  fields: Omit<Updateable<PointPricesTable>, 'id' | 'modified'>,
  now: Date,
) {
  return insertCourse(tx, {
    point: fields.point as number,
    price: fields.price as number,
    rate: fields.rate as string,
    coupon_only: fields.coupon_only as number,
    disabled: fields.disabled as number,
    sort: fields.sort as number,
    modified: now.toISOString(),
  });
}

export async function changeCourse(
  tx: Executor,
  id: number,
  set: Omit<Updateable<PointPricesTable>, 'id' | 'modified'>,
  now: Date,
) {
  const before = await courseRow(tx, id);
  if (!before) throw notFound('point_price_not_found');
  const changed = changedColumns(before, set);
  if (!changed) return null; // an unchanged course keeps its `modified` too
  await updateCourse(tx, id, { ...changed, modified: now.toISOString() });
  return { before, after: (await courseRow(tx, id))! };
}

export async function campaignsForStaff(db: Db, now: Date) {
  const at = now.toISOString();
  return {
    list: (await listCampaigns(db)).map((c) => ({
      id: c.id,
      percent: c.percent,
      starts_at: c.starts_at,
      ends_at: c.ends_at,
      note: c.note,
      active: c.starts_at <= at && at < c.ends_at,
    })),
  };
}

export async function addCampaign(
  tx: Executor,
  fields: Pick<GemCampaignsTable, 'percent' | 'starts_at' | 'ends_at'> & { note: string },
  now: Date,
) {
  return insertCampaign(tx, { ...fields, created_at: now.toISOString() });
}

export async function changeCampaign(tx: Executor, id: number, set: Updateable<GemCampaignsTable>) {
  const before = await findCampaign(tx, id);
  if (!before) throw notFound('campaign_not_found');
  const after = { ...before, ...set };
  if (after.starts_at >= after.ends_at) throw fieldError('ends_at', 'window_invalid');
  const changed = changedColumns(before, set);
  if (!changed) return null;
  await updateCampaign(tx, id, changed);
  return { before, after };
}

export async function fxForStaff(db: Db, now: Date, fallbackRate: number) {
  const current = await fxRateAt(db, now, fallbackRate);
  return {
    current: { month: current.month, rate: current.rate, since: current.since.toISOString() },
    list: (await listRates(db)).reverse(),
  };
}

/** Stores a month's rate; answers the rate it replaced (null when the month had none). */
export async function setFxRate(tx: Executor, month: string, rate: number) {
  const before = (await listRates(tx)).find((r) => r.month === month) ?? null;
  await setMonthlyRate(tx, month, rate);
  return { before, after: { month, rate } };
}
