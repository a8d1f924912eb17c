import type { Lang } from '@gacha/contract/messages';
import type { DisclosureRecord } from '@gacha/contract/pack-fairness';
import type {
  CardTypeTab,
  PackCardPage,
  PackDetail,
  PackList,
  PackTypePage,
  PackSummary,
} from '@gacha/contract/packs';
import { pageInfo } from '@gacha/contract/paging';
import { salePhase, type SalePhase } from '@gacha/contract/sale-phase';
import type { Insertable, Transaction, Updateable } from 'kysely';
import { cachedRows } from '../../cluster/cached-rows.ts';
import type { z } from 'zod';
import {
  CARD_CSV_COLUMNS,
  type adminCardQuerySchema,
  type adminPackQuerySchema,
} from '@gacha/contract/admin';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import { listAll, listPage } from '../../db/list-page.ts';
import type { Database, NewPack, Pack, PackUpdate } from '../../db/schema.ts';
import { formatJst, formatJstDate } from '../../db/time.ts';
import { conflict, notFound } from '../../http/api-error.ts';
import { csvFile } from '../../http/csv.ts';
import { buildDisclosure, parseDisclosure } from './disclosure.ts';
import { newSeed, planLots, type SeedSource } from './fairness.ts';
import { readCardCsv, type CardCsvFile, type CardCsvLine } from './card-csv.ts';
export type { CardCsvFile, CardCsvLine };
import { cachedPack, forgetPack } from './pack-cache.ts';
import * as repo from './repo.ts';
import { sanitizePackHtml } from './sanitize.ts';

export type { PackRow, PrizeRow } from './repo.ts';
export { isRevealed, newSeed } from './fairness.ts';
export {
  addCardType,
  cardTypeExists,
  cardTypesForStaff,
  changeCardType,
  packPictures,
  setPackPaused,
  setPackPictures,
} from './staff-catalogue.ts';

export const PACKS_PER_PAGE = 20;

/** Where the generated artwork is served (same origin: CSP img-src 'self'); see media-routes.ts. */
export const cardImageUrl = (cardId: number) => `/media/cards/${cardId}.svg`;
export const packBannerUrl = (packId: number) => `/media/packs/${packId}/banner.svg`;
export const packImageUrl = (packId: number, n: number) => `/media/packs/${packId}/${n}.svg`;
export const PACK_IMAGE_COUNT = 2;
export const CARDS_PER_PAGE = 20;

type Executor = Db | Transaction<Database>;

/** The description columns cleaned (the only HTML a pack stores): every pack write goes through here. */
function cleanDetail<T extends { detail_en?: string; detail_ja?: string }>(values: T): T {
  const out = { ...values };
  if (out.detail_en !== undefined) out.detail_en = sanitizePackHtml(out.detail_en);
  if (out.detail_ja !== undefined) out.detail_ja = sanitizePackHtml(out.detail_ja);
  return out;
}

/** Creates a pack (unpublished; publishPack fixes its lots). The description is sanitised when saved. */
export function createPack(ex: Executor, values: NewPack): Promise<number> {
  return repo.insertPack(ex, cleanDetail(values));
}

/**
 * What a published pack keeps for good: its price, currency, lot count, card type and start, besides the
 * sequence itself. Its names, description, images, end date, limits and display may still change.
 */
export const LOCKED_AFTER_PUBLISHING = [
  'point',
  'payment_method',
  'total_pack_count',
  'card_type_id',
  'start_at',
  'sold_count',
  'seed',
  'commitment',
  'odds_disclosure',
] as const satisfies readonly (keyof PackUpdate)[];

/** Refuses a change of a published pack's locked columns (the purchase and the commitment depend on them). */
export class PackLocked extends Error {
  constructor(readonly columns: string[]) {
    super(`a published pack keeps ${columns.join(', ')}`);
  }
}

/**
 * Changes a pack's columns in one transaction; the description is sanitised when saved. A published pack refuses a
 * change of what LOCKED_AFTER_PUBLISHING names (PackLocked). `andThen` runs in the same transaction with the rows
 * before and after (the staff console's audit row). The buy path's cached copy of the pack is dropped in this
 * process once committed (other processes see the change within the cache's lifetime, pack-cache.ts). Values equal
 * to the stored ones are no change; when nothing changes, nothing is written and `andThen` is not called.
 */
export async function updatePack(
  db: Db,
  packId: number,
  values: PackUpdate,
  andThen?: (tx: Transaction<Database>, before: Pack, after: Pack) => Promise<void>,
): Promise<Pack> {
  const after = await db.transaction().execute(async (tx) => {
    const before = await repo.findPack(tx, packId);
    if (!before) throw notFound('pack_not_found');
    if (before.seed !== null) {
      const locked = LOCKED_AFTER_PUBLISHING.filter(
        (c) => values[c] !== undefined && values[c] !== (before as Record<string, unknown>)[c],
      );
      if (locked.length) throw new PackLocked(locked);
    }
    const set = changedColumns(before, cleanDetail(values));
    if (!set) return before; // nothing to change: nothing written, `andThen` (the audit row) not called
    await repo.updatePack(tx, packId, set);
    const changed = (await repo.findPack(tx, packId))!;
    await andThen?.(tx, before, changed);
    return changed;
  });
  forgetPack(db, packId);
  return after;
}

/** The sale phase of a pack row (the contract's one rule, sale-phase.ts). */
export function packPhase(
  pack: Pick<Pack, 'start_at' | 'end_at' | 'total_pack_count' | 'sold_count'>,
  now: Date,
): SalePhase {
  return salePhase(
    {
      startMs: Date.parse(pack.start_at),
      endMs: pack.end_at === null ? null : Date.parse(pack.end_at),
      remaining: pack.total_pack_count - pack.sold_count,
    },
    now.getTime(),
  );
}

// --- what a purchase reads and claims (the draws module) ---

export { cachedPack, forgetPack };

/** The live pack row a purchase decides on (read inside its transaction); undefined when there is no such pack. */
export function saleRow(ex: Executor, packId: number) {
  return repo.findSaleRow(ex, packId);
}

/** The pack's prizes with their cards (last-one prizes included, flagged). */
export function packPrizes(ex: Executor, packId: number) {
  return repo.packPrizes(ex, packId);
}

/** A pack's own opening videos (migration 006), without their bytes: what the buy-pack result carries. */
export function packVideos(ex: Executor, packId: number) {
  return repo.packVideos(ex, packId);
}

/**
 * Claims the next `count` lot positions of the pack with one conditional statement (ARCHITECTURE.md: contended
 * counters): the new sold_count and the total, or undefined when fewer than `count` lots are left.
 */
export function claimLots(tx: Executor, packId: number, count: number) {
  return repo.claimPositions(tx, packId, count);
}

/**
 * Publishes a pack's lot sequence (DOMAIN.md Packs and lots): a fresh secret 32-byte seed, the commitment
 * sha256(seed ‖ ':' ‖ canonical list) and the Fisher–Yates sequence driven by the seed, stored as `pack_lots`;
 * beside the commitment, in the same statement, the odds disclosure (disclosure.ts: every prize and quantity).
 * Idempotent: a published pack is never reshuffled (the seed is set with a conditional `WHERE seed IS NULL`,
 * in the same transaction as the lots, so two publishers at once store one sequence).
 * The lots must add up to the pack's total_pack_count. The buy path's cached copy of the pack is dropped.
 */
export async function publishPack(
  db: Db,
  packId: number,
  seedSource: SeedSource = newSeed,
  /** Runs in the transaction that publishes, only when this call published (the console's audit row). */
  andThen?: (tx: Transaction<Database>, commitment: string) => Promise<void>,
  /** When the disclosure says it was fixed (the demo loader publishes its packs as of their creation). */
  publishedAt: Date = new Date(),
): Promise<{ commitment: string; published: boolean }> {
  const pack = await repo.findPublishState(db, packId);
  if (!pack) throw new Error(`pack ${packId} does not exist`);
  if (pack.seed && pack.commitment) return { commitment: pack.commitment, published: false };
  const prizes = await repo.packPrizes(db, packId);
  const plan = planLots(prizes, seedSource);
  const disclosure = JSON.stringify(buildDisclosure(prizes, publishedAt));
  if (plan.canonical.length !== pack.total_pack_count) {
    throw new Error(
      `pack ${packId}: its prizes hold ${plan.canonical.length} lots but total_pack_count is ${pack.total_pack_count}`,
    );
  }
  const published = await db.transaction().execute(async (tx) => {
    if (!(await repo.setSeedOnce(tx, packId, { ...plan, disclosure }))) {
      return { commitment: (await repo.findCommitment(tx, packId))!, published: false };
    }
    await repo.insertLots(tx, packId, plan.sequence);
    await andThen?.(tx, plan.commitment);
    return { commitment: plan.commitment, published: true };
  });
  forgetPack(db, packId);
  return published;
}

/**
 * A published pack's odds disclosure, fixed with its commitment; undefined for a draft or no pack. A
 * pack published before migration 018 gets its disclosure fixed now, once, from its prizes (which publishing
 * locked).
 */
export async function packDisclosure(
  db: Db,
  packId: number,
): Promise<{ commitment: string; disclosure: DisclosureRecord } | undefined> {
  let row = await repo.findDisclosure(db, packId);
  if (!row?.seed || !row.commitment) return undefined;
  if (row.odds_disclosure === null) {
    const fixed = buildDisclosure(await repo.packPrizes(db, packId), new Date());
    await repo.setDisclosureOnce(db, packId, JSON.stringify(fixed));
    row = (await repo.findDisclosure(db, packId))!;
  }
  return { commitment: row.commitment!, disclosure: parseDisclosure(row.odds_disclosure)! };
}

export type NewCard = Omit<Insertable<Database['cards']>, 'id' | 'image_url'>;

/** Adds cards to the catalogue, each with its generated artwork (cardImageUrl); their ids, in order. */
export async function addCards(ex: Executor, cards: readonly NewCard[]): Promise<number[]> {
  const ids = await repo.insertCards(
    ex,
    cards.map((c) => ({ ...c, image_url: '' })),
  );
  for (const id of ids) await repo.setCardImage(ex, id, cardImageUrl(id));
  return ids;
}

export type NewPrize = Omit<Insertable<Database['pack_prizes']>, 'id' | 'pack_id'>;

/** Adds prizes to an unpublished pack (publishPack then fixes its lots from them); a published pack refuses. */
export async function addPrizes(ex: Executor, packId: number, prizes: readonly NewPrize[]): Promise<void> {
  const pack = await repo.findPack(ex, packId);
  if (!pack) throw notFound('pack_not_found');
  if (pack.seed !== null) throw new PackLocked(['prizes']);
  await repo.insertPrizes(
    ex,
    prizes.map((x) => ({ ...x, pack_id: packId })),
  );
}

/** The pack shows the generated artwork (media-routes.ts): PACK_IMAGE_COUNT images and a banner. */
export async function useGeneratedArt(ex: Executor, packId: number): Promise<void> {
  const images = Array.from({ length: PACK_IMAGE_COUNT }, (_, k) => packImageUrl(packId, k + 1));
  await repo.updatePack(ex, packId, { images: JSON.stringify(images), banner_image: packBannerUrl(packId) });
}

/** Uploaded opening videos: the types a browser plays, and the largest file kept. */
export const VIDEO_TYPES: Readonly<Record<string, string>> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };
export const MAX_VIDEO_BYTES = 64 * 1024 * 1024;
export const packVideoUrl = (packId: number, videoId: number, ext: string) =>
  `/media/packs/${packId}/videos/${videoId}.${ext}`;

export type NewPackVideo = { packId: number; rarity: number | null; movieStyle: number | null } & (
  { file: { contentType: string; data: Buffer } } | { url: string }
);

/**
 * Configures a pack's own opening video for a rarity (1–7) and a movie_style, either null for "any": an uploaded
 * file (kept in the database and served at /media/packs/{id}/videos/{videoId}.{ext}, media-routes.ts) or the
 * same-origin path of a file served elsewhere. The buy-pack result carries the pack's videos from then on.
 */
export async function addPackVideo(
  db: Db,
  v: NewPackVideo,
  now: Date,
  inTx?: (tx: Transaction<Database>, video: { id: number; url: string }) => Promise<void>,
): Promise<{ id: number; url: string }> {
  if (v.rarity !== null && !(Number.isInteger(v.rarity) && v.rarity >= 1 && v.rarity <= 7)) {
    throw new RangeError('rarity must be 1–7 or null');
  }
  if (v.movieStyle !== null && !(Number.isInteger(v.movieStyle) && v.movieStyle >= 0)) {
    throw new RangeError('movie_style must be a whole number or null');
  }
  let file: { contentType: string; data: Buffer; ext: string } | null = null;
  if ('file' in v) {
    const ext = VIDEO_TYPES[v.file.contentType];
    if (!ext)
      throw new RangeError(`video type ${v.file.contentType} is not one of ${Object.keys(VIDEO_TYPES)}`);
    if (!v.file.data.length || v.file.data.length > MAX_VIDEO_BYTES) throw new RangeError('video size');
    file = { ...v.file, ext };
  } else if (!/^\/(?!\/)[\w\-./%]+$/.test(v.url)) {
    throw new RangeError('a video url must be a same-origin path');
  }
  const id = await db.transaction().execute(async (tx) => {
    if (!(await repo.findPack(tx, v.packId))) throw notFound('pack_not_found');
    const videoId = await repo.insertVideo(tx, {
      pack_id: v.packId,
      rarity: v.rarity,
      movie_style: v.movieStyle,
      url: file ? '' : (v as { url: string }).url,
      content_type: file?.contentType ?? 'video/mp4',
      data: file?.data ?? null,
      byte_size: file?.data.length ?? 0,
      created_at: now.toISOString(),
    });
    if (file) await repo.setVideoUrl(tx, videoId, packVideoUrl(v.packId, videoId, file.ext));
    if (inTx) await inTx(tx, { id: videoId, url: await repo.findVideoUrl(tx, videoId) });
    return videoId;
  });
  forgetPack(db, v.packId);
  return { id, url: await repo.findVideoUrl(db, id) };
}

export interface PackVideoRow {
  id: number;
  rarity: number | null;
  movie_style: number | null;
  url: string;
  content_type: string;
  byte_size: number;
}

/** A pack's configured opening videos, without their bytes (staff command line). */
export async function listPackVideos(db: Db, packId: number): Promise<PackVideoRow[]> {
  if (!(await repo.findPack(db, packId))) throw notFound('pack_not_found');
  return repo.listVideos(db, packId);
}

/** Removes one opening video; purchases from then on play the next match or the app's own animation. */
export async function removePackVideo(
  db: Db,
  videoId: number,
  inTx?: (tx: Transaction<Database>, removed: { id: number; pack_id: number }) => Promise<void>,
): Promise<{ id: number; pack_id: number }> {
  const row = await db.transaction().execute(async (tx) => {
    const removed = await repo.deleteVideo(tx, videoId);
    if (removed && inTx) await inTx(tx, removed);
    return removed;
  });
  if (!row) throw notFound('video_not_found');
  forgetPack(db, row.pack_id);
  return row;
}

const pick = (lang: Lang, en: string, ja: string) => (lang === 'ja' && ja ? ja : en);

function parseImages(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function toSummary(p: Pack, lang: Lang, now: Date): PackSummary {
  const state = packPhase(p, now);
  return {
    id: p.id,
    name: pick(lang, p.name_en, p.name_ja),
    point: p.point,
    payment_method: p.payment_method === 2 ? 2 : 1,
    total_pack_count: p.total_pack_count,
    pack_count: Math.max(0, p.total_pack_count - p.sold_count),
    image: parseImages(p.images),
    banner: p.banner_image,
    is_before: state === 'before',
    is_end: p.end_at !== null && Date.parse(p.end_at) <= now.getTime(),
    is_sold_out: p.sold_count >= p.total_pack_count,
    start_date: formatJst(p.start_at),
    start_at: p.start_at,
    format_end_date: p.end_at ? formatJstDate(p.end_at) : '',
    end_at: p.end_at,
    can_limit: p.can_limit === 1 ? 1 : 0,
    limit_count: p.can_limit === 1 ? p.limit_count : 0,
    limit_message: p.can_limit === 1 ? pick(lang, p.limit_message_en, p.limit_message_ja) : '',
    max_buy_count: p.max_buy_count,
    show_cardlist: p.show_cardlist === 1 ? '1' : '0',
    card_type: p.card_type_id,
  };
}

export function toDetail(p: Pack, lang: Lang, now: Date): PackDetail {
  const state = packPhase(p, now);
  return {
    ...toSummary(p, lang, now),
    detail: pick(lang, p.detail_en, p.detail_ja),
    movie_style: p.movie_style,
    commitment: p.commitment,
    seed: p.seed !== null && (state === 'sold_out' || state === 'ended') ? p.seed : null,
  };
}

/** Every card type in tab order: the member's pages ask on every visit; a staff edit calls `forgetCardTypes`. */
const cardTypeRows = cachedRows('card_types', 10_000, repo.listCardTypes);

export async function cardTypes(db: Db, lang: Lang): Promise<CardTypeTab[]> {
  return (await cardTypeRows.read(db)).map((r) => ({
    id: r.id,
    name: pick(lang, r.name_en, r.name_ja),
    top_tab: r.top_tab === 1,
    exchange_tab: r.exchange_tab === 1,
  }));
}

/** Top's first tab: the first card type shown there (what `/` without `?tab` shows). */
export async function firstTopTab(db: Db): Promise<number | undefined> {
  return (await cardTypeRows.read(db)).find((r) => r.top_tab === 1)?.id;
}

export function forgetCardTypes(db: Db): void {
  cardTypeRows.forget(db);
}

/** One card type's packs, a page at a time (the Top page tabs and /pack-list). */
export async function packsOfType(
  db: Db,
  typeId: number,
  page: number,
  lang: Lang,
  now: Date,
): Promise<PackTypePage> {
  const type = await repo.findCardType(db, typeId);
  if (!type) throw notFound();
  const filter = { cardTypeId: typeId };
  const total = await repo.countPacks(db, filter);
  const info = pageInfo(page, total, PACKS_PER_PAGE);
  const rows = await repo.listPacks(db, filter, now.toISOString(), {
    limit: PACKS_PER_PAGE,
    offset: (info.page - 1) * PACKS_PER_PAGE,
  });
  return {
    list: rows.map((r) => toSummary(r, lang, now)),
    ...info,
    card_type: { id: type.id, name: pick(lang, type.name_en, type.name_ja) },
  };
}

/** Every pack, or those of one payment method, in list order. */
export async function allPacks(
  db: Db,
  paymentMethod: number | undefined,
  lang: Lang,
  now: Date,
): Promise<PackList> {
  const rows = await repo.listPacks(
    db,
    paymentMethod === undefined ? {} : { paymentMethod },
    now.toISOString(),
  );
  return { list: rows.map((r) => toSummary(r, lang, now)) };
}

export async function packDetail(db: Db, packId: number, lang: Lang, now: Date): Promise<PackDetail> {
  const pack = await repo.findPack(db, packId);
  if (!pack) throw notFound('pack_not_found');
  return toDetail(pack, lang, now);
}

export async function packCards(db: Db, packId: number, page: number, lang: Lang): Promise<PackCardPage> {
  const pack = await repo.findPack(db, packId);
  if (!pack) throw notFound('pack_not_found');
  if (pack.show_cardlist !== 1) return { list: [], ...pageInfo(1, 0, CARDS_PER_PAGE) };
  const total = await repo.countPackCards(db, packId);
  const info = pageInfo(page, total, CARDS_PER_PAGE);
  const rows = await repo.listPackCards(db, packId, {
    limit: CARDS_PER_PAGE,
    offset: (info.page - 1) * CARDS_PER_PAGE,
  });
  return {
    list: rows.map((r) => ({
      image_url: r.image_url,
      name: pick(lang, r.name_en, r.name_ja),
      model_number: r.model_number,
      rarity: r.rarity,
      rarity_label: r.rarity_label,
      is_last_one: r.is_last_one === 1,
    })),
    ...info,
  };
}

// --- the staff console's view of the catalogue ---

const phaseNow = (p: Pack, now: Date) => packPhase(p, now);

function staffRow(p: Pack, now: Date) {
  return {
    id: p.id,
    name_en: p.name_en,
    name_ja: p.name_ja,
    status: p.seed === null ? ('draft' as const) : ('published' as const),
    phase: phaseNow(p, now),
    card_type_id: p.card_type_id,
    payment_method: p.payment_method,
    point: p.point,
    total_pack_count: p.total_pack_count,
    sold_count: p.sold_count,
    start_at: p.start_at,
    end_at: p.end_at,
    paused: p.paused_at !== null,
  };
}

type StaffPackQuery = z.output<typeof adminPackQuerySchema>;

/** One page of the console's packs, drafts included (newest first unless another order is asked). */
export async function packsForStaff(db: Db, query: StaffPackQuery, now: Date) {
  const page = await listPage(
    repo.staffPacks(db, query, now.toISOString()),
    (q) => q.selectAll(),
    repo.STAFF_PACK_LIST,
    query,
  );
  return { ...page, list: page.list.map((p) => staffRow(p, now)) };
}

/** The packs the list's query finds, all of them, as a CSV in the list's order. */
export async function packsCsv(db: Db, query: StaffPackQuery, now: Date): Promise<string> {
  const rows = await listAll(
    repo.staffPacks(db, query, now.toISOString()),
    (q) => q.selectAll(),
    repo.STAFF_PACK_LIST,
    query,
  );
  const header = [
    'id',
    'name_en',
    'name_ja',
    'state',
    'paused',
    'card_type_id',
    'currency',
    'price',
    'lots',
    'sold',
    'start_at',
    'end_at',
  ];
  return csvFile(
    header,
    rows.map((p) => {
      const r = staffRow(p, now);
      return [
        r.id,
        r.name_en,
        r.name_ja,
        r.status === 'draft' ? 'draft' : r.phase,
        r.paused ? 1 : 0,
        r.card_type_id,
        r.payment_method === 2 ? 'coins' : 'gems',
        r.point,
        r.total_pack_count,
        r.sold_count,
        r.start_at,
        r.end_at,
      ];
    }),
  );
}

/** A pack with its prizes and how many of each were won so far. */
export async function packForStaff(db: Db, packId: number, now: Date) {
  const p = await repo.findPack(db, packId);
  if (!p) throw notFound('pack_not_found');
  const prizes = await repo.prizesWithSold(db, packId);
  return {
    pack: {
      ...staffRow(p, now),
      can_limit: p.can_limit,
      limit_count: p.limit_count,
      limit_message_en: p.limit_message_en,
      limit_message_ja: p.limit_message_ja,
      max_buy_count: p.max_buy_count,
      show_cardlist: p.show_cardlist,
      detail_en: p.detail_en,
      detail_ja: p.detail_ja,
      movie_style: p.movie_style,
      sort: p.sort,
      commitment: p.commitment,
      images: parseImages(p.images),
      banner_image: p.banner_image,
    },
    prizes: prizes.map((x) => ({ ...x, sold: Number(x.sold) })),
  };
}

/**
 * What publishing will sell: lots per rarity, the full-sale revenue, the conversion value (payout ratio) and the
 * expected prize value of a play against its price, with a warning above the shop's threshold.
 */
export async function publishSummary(db: Db, packId: number, warnAbove: number) {
  const p = await repo.findPack(db, packId);
  if (!p) throw notFound('pack_not_found');
  const prizes = await repo.prizesWithSold(db, packId);
  const lotted = prizes.filter((x) => !x.is_last_one);
  const lots = lotted.reduce((n, x) => n + x.quantity, 0);
  const byRarity = new Map<number, number>();
  for (const x of lotted) byRarity.set(x.rarity, (byRarity.get(x.rarity) ?? 0) + x.quantity);
  const fullSale = p.point * p.total_pack_count;
  const conversion = prizes.reduce((n, x) => n + x.buy_point * x.quantity, 0);
  const payout =
    p.payment_method === 1 && fullSale > 0 ? Math.round((conversion / fullSale) * 10_000) / 10_000 : 0;
  return {
    lots,
    lots_per_rarity: [...byRarity].sort((a, b) => b[0] - a[0]).map(([rarity, n]) => ({ rarity, lots: n })),
    last_one: prizes.filter((x) => x.is_last_one).reduce((n, x) => n + x.quantity, 0),
    full_sale: fullSale,
    conversion_value: conversion,
    payout_ratio: payout,
    value_per_play: lots > 0 ? Math.round((conversion / lots) * 100) / 100 : 0,
    price: p.point,
    payout_warning_ratio: warnAbove,
    payout_warning: payout > warnAbove,
    ready: lots === p.total_pack_count && lots > 0,
  };
}

/** Replaces a draft's prizes whole (in the caller's transaction); a published pack refuses. */
export async function replacePrizes(tx: Transaction<Database>, packId: number, prizes: readonly NewPrize[]) {
  const pack = await repo.findPack(tx, packId);
  if (!pack) throw notFound('pack_not_found');
  if (pack.seed !== null) throw new PackLocked(['prizes']);
  const before = await repo.listPrizes(tx, packId);
  await repo.deletePrizes(tx, packId);
  await repo.insertPrizes(
    tx,
    prizes.map((x) => ({ ...x, pack_id: packId })),
  );
  return before;
}

// --- cards from the console ---

type StaffCardQuery = z.output<typeof adminCardQuerySchema>;

/** One page of the console's cards, or a picker's search (newest first unless another order is asked). */
export function cardsForStaff(db: Db, query: StaffCardQuery) {
  return listPage(
    repo.staffCards(db, query),
    (q) => q.select(repo.STAFF_CARD_COLUMNS),
    repo.STAFF_CARD_LIST,
    query,
  );
}

/** One card as the console edits it; 404 without it. */
export async function cardForStaff(db: Db, id: number) {
  const card = await repo.staffCard(db, id);
  if (!card) throw notFound('card_not_found');
  return { card };
}

/** Every card the list's query finds as the CSV the import reads back (CARD_CSV_COLUMNS, then the picture). */
export async function cardsCsv(db: Db, query: StaffCardQuery): Promise<string> {
  const rows = await listAll(
    repo.staffCards(db, query),
    (q) => q.select(repo.STAFF_CARD_COLUMNS),
    repo.STAFF_CARD_LIST,
    query,
  );
  return csvFile(
    [...CARD_CSV_COLUMNS, 'image_url'],
    rows.map((c) => [...CARD_CSV_COLUMNS.map((k) => c[k]), c.image_url]),
  );
}

/**
 * The CSV read and checked against the catalogue: its card types exist, the cards it changes exist, and a new
 * card is not one already there or twice in the file (same type, English name and model number) — so sending
 * the same file twice adds its cards once. Writes nothing.
 */
export async function checkCardCsv(db: Executor, text: string): Promise<CardCsvFile> {
  const file = readCardCsv(text);
  if (file.fileError) return file;
  const ok = file.lines.filter((l) => !l.error);
  const types = new Set((await repo.listCardTypes(db)).map((t) => t.id));
  const ids = await repo.existingCards(
    db,
    ok.flatMap((l) => (l.id !== null ? [l.id] : [])),
  );
  const fresh = ok.filter((l) => l.id === null);
  const identity = (c: { card_type_id: number; name_en: string; model_number: string }) =>
    `${c.card_type_id}\u0000${c.name_en}\u0000${c.model_number}`;
  const known = new Map(
    (
      await repo.cardsNamed(
        db,
        fresh.map((l) => l.fields!.name_en),
      )
    ).map((c) => [identity(c), c.id]),
  );
  const firstInFile = new Map<string, number>();
  file.lines = file.lines.map((l): CardCsvLine => {
    if (l.error) return l;
    const refuse = (field: string, error: CardCsvLine['error']) => ({ ...l, fields: null, field, error });
    if (l.id !== null && !ids.has(l.id)) return refuse('id', 'csv_card_id');
    if (!types.has(l.fields!.card_type_id)) return refuse('card_type_id', 'card_type_not_found');
    if (l.id === null) {
      const key = identity(l.fields!);
      const existing = known.get(key);
      if (existing !== undefined) return refuse('id', { key: 'csv_card_exists', params: { id: existing } });
      const first = firstInFile.get(key);
      if (first !== undefined)
        return refuse('name_en', { key: 'csv_duplicate_card', params: { line: first } });
      firstInFile.set(key, l.line);
    }
    return l;
  });
  return file;
}

/**
 * Applies a file in the caller's transaction, checked again there under the card types' lock (two imports of
 * the same file at once add its cards once): adds the new cards with their generated pictures, changes the
 * others (their pictures kept). Answers the file as checked and what was done (nothing when a line failed).
 */
export async function importCards(tx: Transaction<Database>, text: string) {
  await repo.lockCardTypes(tx);
  const file = await checkCardCsv(tx, text);
  if (file.fileError || file.lines.some((l) => l.error)) return { file, created: [], updated: [] };
  const added = file.lines.filter((l) => l.id === null).map((l) => l.fields!);
  const created: number[] = [];
  // 500 rows a statement: far inside both engines' bound-parameter limits at any file size
  for (let i = 0; i < added.length; i += 500)
    created.push(
      ...(await repo.insertCards(
        tx,
        added.slice(i, i + 500).map((f) => ({ ...f, image_url: '' })),
      )),
    );
  await repo.setGeneratedImages(tx, created);
  const updated: number[] = [];
  for (const l of file.lines) {
    if (l.id === null) continue;
    const before = await repo.cardRow(tx, l.id);
    const set = before && changedColumns(before, l.fields!);
    if (set) {
      await repo.updateCard(tx, l.id, set);
      updated.push(l.id);
    }
  }
  return { file, created, updated };
}

export type CardFields = Omit<Updateable<Database['cards']>, 'id' | 'image_url'>;

/**
 * Adds a card (in the caller's transaction): its picture at `imageUrl` when staff uploaded one, else the
 * generated artwork. Answers its id.
 */
export async function addCard(
  tx: Transaction<Database>,
  fields: CardFields & NewCard,
  imageUrl: string | null,
) {
  const [id] = await repo.insertCards(tx, [{ ...fields, image_url: imageUrl ?? '' }]);
  if (!imageUrl) await repo.setCardImage(tx, id!, cardImageUrl(id!));
  return id!;
}

/**
 * Changes a card (in the caller's transaction); answers the row before and after, or null when the edit changes
 * nothing (nothing written). Packs show the change at once.
 */
export async function changeCard(
  tx: Transaction<Database>,
  id: number,
  fields: CardFields,
  imageUrl: string | null,
) {
  const before = await repo.cardRow(tx, id);
  if (!before) throw notFound();
  const set = changedColumns(before, { ...fields, ...(imageUrl ? { image_url: imageUrl } : {}) });
  if (!set) return null;
  await repo.updateCard(tx, id, set);
  return { before, after: (await repo.cardRow(tx, id))! };
}

/**
 * Deletes a draft: a pack never published (no lots, nothing sold), with its prizes and videos; answers its row.
 * A published pack is part of the shop's record (its commitment, its sales): its sale is ended instead.
 */
export async function deleteDraftPack(tx: Transaction<Database>, packId: number) {
  const pack = await repo.findPack(tx, packId);
  if (!pack) throw notFound('pack_not_found');
  if (pack.seed !== null) throw conflict('pack', 'pack_delete_published');
  if (!(await repo.deletePack(tx, packId))) throw notFound('pack_not_found');
  return pack;
}

/** Deletes a card nothing names (no prize, won item or exchange); answers its row. */
export async function deleteUnusedCard(tx: Transaction<Database>, cardId: number) {
  const card = await repo.cardRow(tx, cardId);
  if (!card) throw notFound('card_not_found');
  if (await repo.cardInUse(tx, cardId)) throw conflict('card', 'card_delete_in_use');
  if (!(await repo.deleteCard(tx, cardId))) throw notFound('card_not_found');
  return card;
}

/** A card's stored picture (the one path an edit may send back instead of a new upload); 404 without the card. */
export async function cardPicture(ex: Executor, id: number): Promise<string> {
  const row = await repo.cardRow(ex, id);
  if (!row) throw notFound();
  return row.image_url;
}
