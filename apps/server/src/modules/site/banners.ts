import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Lang } from '@gacha/contract/messages';
import type { Banners } from '@gacha/contract/site';
import { cachedRows } from '../../cluster/cached-rows.ts';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import type { BannersTable, Database } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/api-error.ts';

type Executor = Db | Transaction<Database>;
export type BannerRow = Selectable<BannersTable>;

/**
 * The Top carousel and the notices above the tabs (spec §2), kept by staff (migration 013). A banner is live when
 * enabled and inside its window (either end open). Top banners sharing a slot replace one another: a live
 * windowed banner takes the slot from one without a window (banner 1's campaign picture).
 */
export function isLive(b: Pick<BannerRow, 'enabled' | 'starts_at' | 'ends_at'>, at: string): boolean {
  return (
    b.enabled === 1 && (b.starts_at === null || b.starts_at <= at) && (b.ends_at === null || at < b.ends_at)
  );
}

const windowed = (b: BannerRow) => b.starts_at !== null || b.ends_at !== null;
const pick = (lang: Lang, en: string, ja: string) => (lang === 'ja' && ja ? ja : en);

/** What the shop shows at `at`, from every banner row. */
export function liveSet(rows: readonly BannerRow[], at: string, lang: Lang): Banners {
  const live = rows.filter((b) => isLive(b, at));
  const bySlot = new Map<number, BannerRow>();
  for (const b of live.filter((x) => x.kind === 'top')) {
    const held = bySlot.get(b.slot);
    if (!held || (windowed(b) && !windowed(held))) bySlot.set(b.slot, b);
  }
  const order = (a: BannerRow, b: BannerRow) => a.sort - b.sort || a.id - b.id;
  return {
    top: [...bySlot.values()].sort(order).map((b) => ({
      id: b.id,
      image_url: b.image_url,
      sp_image_url: b.sp_image_url || b.image_url,
      link_url: b.link_url,
      tone: b.tone,
      title: pick(lang, b.title_en, b.title_ja),
      text: pick(lang, b.text_en, b.text_ja),
      cta: pick(lang, b.cta_en, b.cta_ja),
    })),
    alerts: live
      .filter((x) => x.kind === 'alert')
      .sort(order)
      .map((b) => ({
        id: b.id,
        tone: b.tone,
        title: pick(lang, b.title_en, b.title_ja),
        text: pick(lang, b.text_en, b.text_ja),
      })),
  };
}

/** Every banner row: the Top page asks on every visit; a staff edit calls `forgetBanners`. */
export const BANNER_CACHE_MS = 5_000;
const bannerRows = cachedRows('banners', BANNER_CACHE_MS, (db) =>
  db.selectFrom('banners').selectAll().orderBy('sort').orderBy('id').execute(),
);

export async function liveBanners(db: Db, now: Date, lang: Lang): Promise<Banners> {
  return liveSet(await bannerRows.read(db), now.toISOString(), lang);
}

export function forgetBanners(db: Db): void {
  bannerRows.forget(db);
}

export async function bannersForStaff(db: Db, now: Date) {
  const rows = await db
    .selectFrom('banners')
    .selectAll()
    .orderBy('kind', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const at = now.toISOString();
  const live = liveSet(rows, at, 'en');
  const shown = new Set([...live.top, ...live.alerts].map((b) => b.id));
  return { list: rows.map((b) => ({ ...b, live: shown.has(b.id) })) };
}

export async function addBanner(tx: Executor, row: Insertable<BannersTable>): Promise<number> {
  const r = await tx.insertInto('banners').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** A banner's stored pictures (the paths an edit may send back instead of a new upload); 404 without it. */
export async function bannerPictures(ex: Executor, id: number): Promise<string[]> {
  const row = await ex
    .selectFrom('banners')
    .select(['image_url', 'sp_image_url'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('banner_not_found');
  return [row.image_url, row.sp_image_url];
}

/** Changes a banner; answers the row before and after, or null when the edit changes nothing (nothing written). */
export async function changeBanner(tx: Executor, id: number, set: Updateable<BannersTable>) {
  const before = await tx.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound('banner_not_found');
  const after = { ...before, ...set } as BannerRow;
  if (after.starts_at && after.ends_at && after.starts_at >= after.ends_at)
    throw fieldError('ends_at', 'window_invalid');
  const changed = changedColumns(before, set);
  if (!changed) return null;
  await tx.updateTable('banners').set(changed).where('id', '=', id).execute();
  return { before, after };
}

/** Deletes a banner (members see nothing of it after the caches drop); answers its row. */
export async function deleteBanner(tx: Executor, id: number) {
  const before = await tx.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound('banner_not_found');
  const r = await tx.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw notFound('banner_not_found'); // another deletion came first
  return before;
}
