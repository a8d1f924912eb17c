import type { Insertable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { BannersTable } from '../db/schema.ts';
import { addCampaign } from '../modules/payments/service.ts';
import { addBanner } from '../modules/site/service.ts';

/**
 * The demo shop's words: the Top carousel's banners, the notices above the tabs and the spec's gem campaign (spec
 * §2: 10% off, 10 Oct 2025 04:00 to 11 Oct 2025 09:00 JST, with a banner that replaces banner 1 meanwhile). A real
 * shop starts with none of them (migration 023 took them out of the schema): staff write their own in the console.
 */
const top = (slot: number, r: Partial<Insertable<BannersTable>>) => ({
  kind: 'top' as const,
  slot,
  sort: slot,
  ...r,
});

export const DEMO_BANNERS: ReadonlyArray<Omit<Insertable<BannersTable>, 'created_at'>> = [
  top(1, {
    image_url: '/banners/banner1-pc.svg',
    sp_image_url: '/banners/banner1-sp.svg',
    link_url: '/?tab=2',
    tone: 'violet',
    title_en: 'Fresh packs drop every week',
    title_ja: '毎週、新パック続々登場',
    text_en: 'Pokémon, ONE PIECE, Yu-Gi-Oh! and more — open them online, right now.',
    text_ja: 'ポケモン・ワンピース・遊戯王など、今すぐオンラインで開封できます。',
    cta_en: 'See the packs',
    cta_ja: 'パックを見る',
  }),
  top(2, {
    image_url: '/banners/banner2-pc.svg',
    sp_image_url: '/banners/banner2-sp.svg',
    link_url: '/?tab=-2',
    tone: 'gold',
    title_en: 'Ship it, or take gems back',
    title_ja: '発送も、ジェム還元も',
    text_en: 'Choose for every card you win: free shipping in one batch, or convert it to gems.',
    text_ja: '当たったカードは1枚ずつ選べます。まとめて送料無料で発送、またはジェムに還元。',
    cta_en: 'How it works',
    cta_ja: '遊び方を見る',
  }),
  top(1, {
    image_url: '/banners/banner1-alt-pc.svg',
    sp_image_url: '/banners/banner1-alt-sp.svg',
    link_url: '/buy-point',
    tone: 'pink',
    title_en: '10% off gems — this weekend only',
    title_ja: 'ジェム10%OFF 週末限定',
    text_en: 'Every gem price is 10% off until 11 Oct, 9:00 (Japan time).',
    text_ja: '10月11日 9:00（日本時間）まで、すべてのジェムが10%オフ。',
    cta_en: 'Buy gems',
    cta_ja: 'ジェムを購入',
    starts_at: '2025-10-09T13:00:00.000Z',
    ends_at: '2025-10-11T00:00:00.000Z',
  }),
  {
    kind: 'alert',
    slot: 0,
    sort: 1,
    tone: 'info',
    title_en: 'Exchange rate notice: prices are updated on the 1st of every month',
    title_ja: '為替レート更新のお知らせ：毎月1日に価格を更新します',
    text_en:
      'The exchange rate used for prices in foreign currencies is updated at 12:00 noon Japan time on the 1st of every month.\n1 gem is always ¥1. Displayed prices include 10% consumption tax.',
    text_ja:
      '外貨での表示価格に用いる為替レートは、毎月1日の正午（日本時間）に更新されます。\n1ジェムは常に1円です。表示価格は消費税10%込みです。',
  },
  {
    kind: 'alert',
    slot: 0,
    sort: 2,
    tone: 'warn',
    title_en: 'Customs declaration for overseas shipping',
    title_ja: '海外発送の税関申告について',
    text_en:
      'Revised rules apply from 4 April 2025. Items are declared at fixed values per item (for example cards ¥100–1,000, PSA slabs ¥800–1,500, boxes ¥500–1,000). Import duties, if any, are paid by the recipient.',
    text_ja:
      '2025年4月4日より改定後のルールが適用されます。商品は1点ごとに定額で申告します（例：カード 100〜1,000円、PSA鑑定品 800〜1,500円、BOX 500〜1,000円）。関税が発生した場合はお受け取り人様のご負担となります。',
  },
];

export const DEMO_CAMPAIGN = {
  percent: 10,
  starts_at: '2025-10-09T19:00:00.000Z',
  ends_at: '2025-10-11T00:00:00.000Z',
  note: 'spec §2: 10% off gem prices, 10 Oct 2025 04:00 to 11 Oct 2025 09:00 JST',
};

/** Adds the demo's banners and campaign (in the demo loader's transaction). */
export async function addDemoShopWords(tx: Db, now: Date): Promise<void> {
  for (const banner of DEMO_BANNERS)
    await addBanner(tx, { enabled: 1, ...banner, created_at: now.toISOString() });
  await addCampaign(tx, DEMO_CAMPAIGN, now);
}
