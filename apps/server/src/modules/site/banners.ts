import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import type { AdminBannerSort, AdminBannerStatus, adminBannerQuerySchema } from '@gacha/contract/admin-shop';
import type { Lang } from '@gacha/contract/messages';
import type { Banners } from '@gacha/contract/site';
import { cachedRows } from '../../cluster/cached-rows.ts';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import { listPage, type ListSpec } from '../../db/list-page.ts';
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

/** The console's list of banners: searched by their words and link, in the carousel's order unless asked. */
const STAFF_BANNER_LIST: ListSpec<AdminBannerSort> = {
  search: ['title_en', 'title_ja', 'text_en', 'text_ja', 'link_url'],
  id: 'id',
  sorts: { sort: 'sort', id: 'id', slot: 'slot', starts: 'starts_at' },
  defaultSort: 'sort',
  defaultDir: 'asc',
};

/** The banners the shop shows at `at`: of those inside their window, the ones no other holds the slot of. */
async function liveIds(db: Db, at: string): Promise<Set<number>> {
  const open = await db
    .selectFrom('banners')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', at)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .execute();
  const live = liveSet(open, at, 'en');
  return new Set([...live.top, ...live.alerts].map((b) => b.id));
}

/** The banners of a kind in a status at `at` (as the console's bannerStatus decides it). */
function staffBanners(
  db: Db,
  f: { kind?: BannerRow['kind'] | undefined; status?: AdminBannerStatus | undefined },
  at: string,
  live: ReadonlySet<number>,
) {
  let q = db.selectFrom('banners');
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
  if (f.status === undefined) return q;
  // no id is negative: an empty set matches nothing
  const liveList = live.size ? [...live] : [-1];
  if (f.status === 'live') return q.where('id', 'in', liveList);
  if (f.status === 'off') return q.where('enabled', '=', 0);
  q = q.where('enabled', '=', 1);
  if (f.status === 'upcoming') return q.where('starts_at', '>', at);
  if (f.status === 'ended') return q.where('ends_at', '<=', at);
  return q
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', at)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .where('id', 'not in', liveList);
}

/** One page of the console's banners and notices, each with whether the shop shows it now. */
export async function bannersForStaff(db: Db, query: z.output<typeof adminBannerQuerySchema>, now: Date) {
  const at = now.toISOString();
  const live = await liveIds(db, at);
  const page = await listPage(
    staffBanners(db, query, at, live),
    (q) => q.selectAll(),
    STAFF_BANNER_LIST,
    query,
  );
  return { ...page, list: page.list.map((b) => ({ ...b, live: live.has(b.id) })) };
}

/** One banner as the console edits it; 404 without it. */
export async function bannerForStaff(db: Db, id: number, now: Date) {
  const banner = await db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!banner) throw notFound('banner_not_found');
  return { banner: { ...banner, live: (await liveIds(db, now.toISOString())).has(id) } };
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
