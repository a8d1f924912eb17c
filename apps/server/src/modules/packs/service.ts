import type { Lang } from '@gacha/contract/messages';
import type {
  CardType,
  PackCardPage,
  PackDetail,
  PackList,
  PackTypePage,
  PackSummary,
} from '@gacha/contract/packs';
import { pageInfo } from '@gacha/contract/paging';
import type { Db } from '../../db/index.ts';
import type { Pack } from '../../db/schema.ts';
import { formatJst, formatJstDate } from '../../db/time.ts';
import { notFound } from '../../http/api-error.ts';
import * as repo from './repo.ts';

export const PACKS_PER_PAGE = 20;

/** Where the generated artwork is served (same origin: CSP img-src 'self'); see media-routes.ts. */
export const cardImageUrl = (cardId: number) => `/media/cards/${cardId}.svg`;
export const packBannerUrl = (packId: number) => `/media/packs/${packId}/banner.svg`;
export const packImageUrl = (packId: number, n: number) => `/media/packs/${packId}/${n}.svg`;
export const PACK_IMAGE_COUNT = 2;
export const CARDS_PER_PAGE = 20;

export type SaleState = 'before' | 'on_sale' | 'sold_out' | 'ended';

/** DOMAIN.md: before sale → on sale → sold out (pack_count 0) or ended (past the end date). */
export function saleState(
  pack: Pick<Pack, 'start_at' | 'end_at' | 'sold_count' | 'total_pack_count'>,
  now: Date,
): SaleState {
  const t = now.getTime();
  if (Date.parse(pack.start_at) > t) return 'before';
  if (pack.sold_count >= pack.total_pack_count) return 'sold_out';
  if (pack.end_at !== null && Date.parse(pack.end_at) <= t) return 'ended';
  return 'on_sale';
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
  const state = saleState(p, now);
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
  const state = saleState(p, now);
  return {
    ...toSummary(p, lang, now),
    detail: pick(lang, p.detail_en, p.detail_ja),
    movie_style: p.movie_style,
    commitment: p.commitment,
    seed: p.seed !== null && (state === 'sold_out' || state === 'ended') ? p.seed : null,
  };
}

export async function cardTypes(db: Db, lang: Lang): Promise<CardType[]> {
  const rows = await repo.listCardTypes(db);
  return rows.map((r) => ({ id: r.id, name: pick(lang, r.name_en, r.name_ja) }));
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
