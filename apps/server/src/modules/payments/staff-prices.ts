import type { Transaction, Updateable } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import type { Database, GemCampaignsTable, PointPricesTable } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import {
  findCampaign,
  insertCampaign,
  listCampaigns,
  updateCampaign as updateCampaignRow,
} from './campaigns.ts';
import { fxRateAt, listRates, setMonthlyRate } from './fx.ts';
import { courseRow, coursesForStaff, insertCourse, updateCourse as updateCourseRow } from './repo.ts';

type Executor = Db | Transaction<Database>;

/**
 * What the console edits of gem prices: the price courses (a withdrawn one stays for the payments that
 * name it; a payment keeps its own yen and gems, so a price edit never touches one under way), the campaign
 * discount windows and the monthly FX rate. The staff rules (createCourse, updateCourse, createCampaign,
 * updateCampaign, setFxRate) run each change in a staff write with its audit row; the row-level helpers under them
 * run in the caller's transaction and answer before and after.
 */

type CourseFields = Omit<Updateable<PointPricesTable>, 'id' | 'modified'>;
type CampaignFields = Pick<GemCampaignsTable, 'percent' | 'starts_at' | 'ends_at'> & { note: string };

export async function pointPricesForStaff(db: Db) {
  const rows = await coursesForStaff(db);
  return { list: rows.map((r) => ({ ...r, payments: Number(r.payments ?? 0) })) };
}

async function addCourse(tx: Executor, fields: CourseFields, now: Date) {
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

async function changeCourse(tx: Executor, id: number, set: CourseFields, now: Date) {
  const before = await courseRow(tx, id);
  if (!before) throw notFound('point_price_not_found');
  const changed = changedColumns(before, set);
  if (!changed) return null; // an unchanged course keeps its `modified` too
  await updateCourseRow(tx, id, { ...changed, modified: now.toISOString() });
  return { before, after: (await courseRow(tx, id))! };
}

/** A new gem price course, with its audit row; answers its id. */
export function createCourse(write: StaffWrite, fields: CourseFields): Promise<number> {
  return write(async (tx, audit) => {
    const id = await addCourse(tx, fields, write.now);
    await audit({
      action: 'point_price.create',
      target: { type: 'point_price', id },
      before: null,
      after: fields,
    });
    return id;
  });
}

/** Edits a gem price course, with its audit row (none when the edit changes nothing). */
export function updateCourse(write: StaffWrite, id: number, set: CourseFields): Promise<void> {
  return write(async (tx, audit) => {
    const change = await changeCourse(tx, id, set, write.now);
    if (change) await audit({ action: 'point_price.update', target: { type: 'point_price', id }, ...change });
  });
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

export async function addCampaign(tx: Executor, fields: CampaignFields, now: Date) {
  return insertCampaign(tx, { ...fields, created_at: now.toISOString() });
}

async function changeCampaign(tx: Executor, id: number, set: Updateable<GemCampaignsTable>) {
  const before = await findCampaign(tx, id);
  if (!before) throw notFound('campaign_not_found');
  const after = { ...before, ...set };
  if (after.starts_at >= after.ends_at) throw fieldError('ends_at', 'window_invalid');
  const changed = changedColumns(before, set);
  if (!changed) return null;
  await updateCampaignRow(tx, id, changed);
  return { before, after };
}

/** A new campaign discount window, with its audit row; answers its id. */
export function createCampaign(write: StaffWrite, fields: CampaignFields): Promise<number> {
  return write(async (tx, audit) => {
    const id = await addCampaign(tx, fields, write.now);
    await audit({ action: 'campaign.create', target: { type: 'campaign', id }, before: null, after: fields });
    return id;
  });
}

/** Edits a campaign, with its audit row (none when the edit changes nothing). */
export function updateCampaign(
  write: StaffWrite,
  id: number,
  set: Updateable<GemCampaignsTable>,
): Promise<void> {
  return write(async (tx, audit) => {
    const change = await changeCampaign(tx, id, set);
    if (change) await audit({ action: 'campaign.update', target: { type: 'campaign', id }, ...change });
  });
}

export async function fxForStaff(db: Db, now: Date, fallbackRate: number) {
  const current = await fxRateAt(db, now, fallbackRate);
  return {
    current: { month: current.month, rate: current.rate, since: current.since.toISOString() },
    list: (await listRates(db)).reverse(),
  };
}

/** Stores a month's rate, with its audit row: before is the rate it replaced (null when the month had none). */
export function setFxRate(write: StaffWrite, month: string, rate: number): Promise<void> {
  return write(async (tx, audit) => {
    const before = (await listRates(tx)).find((r) => r.month === month) ?? null;
    await setMonthlyRate(tx, month, rate);
    await audit({ action: 'fx.set', target: { type: 'fx', id: month }, before, after: { month, rate } });
  });
}
