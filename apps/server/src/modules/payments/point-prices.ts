import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import {
  FREE_GRANT_RATE,
  MAX_PURCHASE_GEMS,
  MIN_PURCHASE_GEMS,
  type CampaignInfo,
  type FxInfo,
  type PointPriceDetail,
  type PointPriceItem,
  type PointPriceList,
} from '@gacha/contract/payments';
import { pageInfo } from '@gacha/contract/paging';
import type { Database, PointPricesTable } from '../../db/schema.ts';
import { formatJst, formatJstDate } from '../../db/time.ts';
import { fieldError, notFound } from '../../http/api-error.ts';
import { campaignAt, type Campaign } from './campaigns.ts';
import { fxRateAt, rateEffectiveFrom, yenToCents, type FxRate } from './fx.ts';
import {
  countVisibleCourses,
  findCourse,
  findVisibleCourse,
  insertCourses,
  visibleCoursePage,
} from './repo.ts';

type Executor = Kysely<Database> | Transaction<Database>;
type PointPriceRow = Pick<Selectable<PointPricesTable>, 'id' | 'point' | 'price' | 'rate' | 'modified'>;

export const POINT_PRICE_PAGE_SIZE = 20;

export function campaignInfo(c: Campaign): CampaignInfo {
  return {
    campaign: c.active ? '1' : '0',
    campaign_percent: c.percent,
    campaign_start: formatJst(c.start),
    campaign_end: formatJst(c.end),
  };
}

export function fxInfo(fx: FxRate): FxInfo {
  return { fx_rate: fx.rate, fx_date: formatJstDate(rateEffectiveFrom(fx.month).toISOString()) };
}

/** A course as the price list shows it, at the given rate and campaign. */
export function priceView(row: PointPriceRow, fx: FxRate, campaign: Campaign): PointPriceItem {
  const discount = campaign.active ? Math.floor((row.price * (100 - campaign.percent)) / 100) : null;
  return {
    id: row.id,
    point: row.point,
    price: row.price,
    doller: yenToCents(row.price, fx.rate),
    discount,
    discount_doller: discount === null ? null : yenToCents(discount, fx.rate),
    pay_price: discount ?? row.price,
    rate: row.rate,
    is_free: row.rate === FREE_GRANT_RATE ? '1' : '0',
    modified: formatJstDate(row.modified),
  };
}

export async function listPointPrices(
  db: Executor,
  args: { userId: number | null; page: number },
  now: Date,
  fallbackRate: number,
): Promise<PointPriceList> {
  const total = await countVisibleCourses(db, args.userId);
  const info = pageInfo(args.page, total, POINT_PRICE_PAGE_SIZE);
  const rows = await visibleCoursePage(db, args.userId, {
    limit: POINT_PRICE_PAGE_SIZE,
    offset: (info.page - 1) * POINT_PRICE_PAGE_SIZE,
  });
  const [fx, campaign] = await Promise.all([fxRateAt(db, now, fallbackRate), campaignAt(db, now)]);
  return {
    ...info,
    ...fxInfo(fx),
    ...campaignInfo(campaign),
    list: rows.map((r) => priceView(r, fx, campaign)),
  };
}

/** A course the member may see, or undefined. */
export function visibleCourse(db: Executor, userId: number | null, id: number) {
  return findVisibleCourse(db, userId, id);
}

export async function pointPriceDetail(
  db: Executor,
  args: { userId: number | null; id: number },
  now: Date,
  fallbackRate: number,
): Promise<PointPriceDetail> {
  const row = await visibleCourse(db, args.userId, args.id);
  if (!row) throw notFound('point_price_not_found');
  const [fx, campaign] = await Promise.all([fxRateAt(db, now, fallbackRate), campaignAt(db, now)]);
  return { ...fxInfo(fx), ...campaignInfo(campaign), detail: priceView(row, fx, campaign) };
}

/**
 * The course a purchase is for, with the yen it charges now (the server's price, campaign applied). Refuses a
 * course the member cannot see, a free grant course, and gems outside 300–50,000.
 */
export async function purchasableCourse(
  db: Executor,
  userId: number,
  id: number,
  now: Date,
  fallbackRate: number,
): Promise<PointPriceItem> {
  const row = await findCourse(db, id);
  if (!row) throw fieldError('pointPriceId', 'point_price_not_found');
  if (row.point < MIN_PURCHASE_GEMS || row.point > MAX_PURCHASE_GEMS)
    throw fieldError('pointPriceId', 'point_out_of_range');
  if (row.rate === FREE_GRANT_RATE || !(await visibleCourse(db, userId, id)))
    throw fieldError('pointPriceId', 'point_price_not_found');
  return priceView(row, await fxRateAt(db, now, fallbackRate), await campaignAt(db, now));
}

/** Adds point price courses (the demo catalogue; staff tools). */
export function addPointPrices(db: Executor, rows: readonly Insertable<PointPricesTable>[]): Promise<void> {
  return insertCourses(db, rows);
}
