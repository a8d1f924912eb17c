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
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import {
  CARD_CSV_COLUMNS,
  type adminCardQuerySchema,
  type adminPackQuerySchema,
} from '@gacha/contract/admin';
import type { Db } from '../../db/index.ts';
import { listAll, listPage } from '../../db/list-page.ts';
import type { Database, NewPack, Pack } from '../../db/schema.ts';
import { formatJst, formatJstDate } from '../../db/time.ts';
import { notFound } from '../../http/api-error.ts';
import { csvFile } from '../../http/csv.ts';
import { cardTypeRows } from './card-type-rows.ts';
import { buildDisclosure, parseDisclosure } from './disclosure.ts';
export type { CardCsvFile, CardCsvLine } from './card-csv.ts';
import { cachedPack, forgetPack } from './pack-cache.ts';
import * as repo from './repo.ts';
import type { NewCard, NewPrize } from './repo.ts';
export type { CardFields, NewCard, NewPrize } from './repo.ts';
import { cleanDetail } from './sanitize.ts';
import { PackLocked } from './staff.ts';

export type { PackRow, PrizeRow } from './repo.ts';
export { isRevealed, newSeed } from './fairness.ts';
export { publishPack, publishSummary, type StaffPublication } from './publish.ts';
export {
  listPackVideos,
  MAX_VIDEO_BYTES,
  packVideoUrl,
  VIDEO_TYPES,
  type NewPackVideo,
  type PackVideoRow,
} from './videos.ts';

export const PACKS_PER_PAGE = 20;

/** Where the generated artwork is served (same origin: CSP img-src 'self'); see media-routes.ts. */
export const cardImageUrl = (cardId: number) => `/media/cards/${cardId}.svg`;
export const packBannerUrl = (packId: number) => `/media/packs/${packId}/banner.svg`;
export const packImageUrl = (packId: number, n: number) => `/media/packs/${packId}/${n}.svg`;
export const PACK_IMAGE_COUNT = 2;
export const CARDS_PER_PAGE = 20;

type Executor = Db | Transaction<Database>;

/** Creates a pack (unpublished; publishPack fixes its lots). The description is sanitised when saved. */
export function createPack(ex: Executor, values: NewPack): Promise<number> {
  return repo.insertPack(ex, cleanDetail(values));
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

/** Adds cards to the catalogue, each with its generated artwork (cardImageUrl); their ids, in order. */
export async function addCards(ex: Executor, cards: readonly NewCard[]): Promise<number[]> {
  const ids = await repo.insertCards(
    ex,
    cards.map((c) => ({ ...c, image_url: '' })),
  );
  for (const id of ids) await repo.setCardImage(ex, id, cardImageUrl(id));
  return ids;
}

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

/** A card's stored picture (the one path an edit may send back instead of a new upload); 404 without the card. */
export async function cardPicture(ex: Executor, id: number): Promise<string> {
  const row = await repo.cardRow(ex, id);
  if (!row) throw notFound();
  return row.image_url;
}
