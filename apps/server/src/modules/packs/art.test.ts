import { describe, expect, it } from 'vitest';
import { renderPackBannerSvg, renderPackImageSvg, type CardArtInput, type PackArtInput } from './art.ts';

const pack: PackArtInput = {
  id: 7,
  name_en: 'Starfall Premium Pack',
  name_ja: 'スターフォール プレミアムパック',
  card_type_id: 2,
  type_name: 'Pokémon',
  payment_method: 1,
  point: 1000,
  total_pack_count: 300,
  can_limit: 1,
  limit_count: 3,
};
const card: CardArtInput = {
  id: 1,
  name_en: 'Celestial Phoenix ex',
  name_ja: 'セレスティアル フェニックスex',
  model_number: 'SV-001',
  rarity: 7,
  rarity_label: 'UR',
  card_type_id: 2,
};

/** An image without the card faces (nested <svg>) it shows: those are cards, printed as cards are. */
const withoutCards = (svg: string) => svg.replace(/<svg x=[^>]*>[\s\S]*?<\/svg>/g, '');

/** The words drawn into an image, outside the card faces. */
function drawnTexts(svg: string): string[] {
  return [...withoutCards(svg).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
}

describe('pack artwork carries no words (the page writes them in its language)', () => {
  it('the banner draws no price, lots, limit, type or name text', () => {
    for (const p of [pack, { ...pack, payment_method: 2, point: 10 }]) {
      const svg = renderPackBannerSvg(p, [card, { ...card, id: 2 }, { ...card, id: 3 }]);
      expect(drawnTexts(svg)).toEqual([]);
      expect(withoutCards(svg)).not.toMatch(/GEMS|COINS|PER PLAY|LOTS|LIMIT|COIN GACHA|POKÉMON/);
      expect(svg).toContain('<svg x='); // the fanned cards are still there
    }
  });

  it('the detail images draw only the rarity labels, stars and counts', () => {
    const one = renderPackImageSvg(pack, 1, [card], []);
    expect(drawnTexts(one)).toEqual(['UR']);
    const two = renderPackImageSvg(
      pack,
      2,
      [card],
      [
        { rarity: 7, rarity_label: 'UR', quantity: 3 },
        { rarity: 1, rarity_label: 'C', quantity: 1200 },
      ],
    );
    expect(drawnTexts(two)).toEqual(['UR', '★★★★★★★', '×3', 'C', '★', '×1,200']);
    for (const svg of [one, two]) expect(withoutCards(svg)).not.toMatch(/PLAY|LOTS|PRIZE|GEMS/);
  });
});
