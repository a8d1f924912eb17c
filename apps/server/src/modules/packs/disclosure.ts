import { disclosureRecordSchema, topPrizeIds, type DisclosureRecord } from '@gacha/contract/pack-fairness';
import type { PrizeRow } from './repo.ts';

/**
 * The odds disclosure of a pack: every prize with its card's name, rarity and picture and its
 * quantity, which of them are the named top prizes, and the lot total. Built from the prizes when the pack is
 * published and stored with the commitment (publishPack), so that what the shop said at the start of sale
 * stays what it said, whatever later happens to a card's name or rarity.
 */
export function buildDisclosure(prizes: readonly PrizeRow[], fixedAt: Date): DisclosureRecord {
  const list = [...prizes]
    .sort((a, b) => a.id - b.id)
    .map((p) => ({
      prize_id: p.id,
      card_id: p.card_id,
      name_en: p.name_en,
      name_ja: p.name_ja,
      model_number: p.model_number,
      rarity: p.rarity,
      rarity_label: p.rarity_label,
      image: p.image_url,
      quantity: p.quantity,
      is_last_one: !!p.is_last_one,
      top: false,
    }));
  const top = new Set(topPrizeIds(list));
  return {
    version: 1,
    fixed_at: fixedAt.toISOString(),
    total: list.filter((p) => !p.is_last_one).reduce((n, p) => n + p.quantity, 0),
    prizes: list.map((p) => ({ ...p, top: top.has(p.prize_id) })),
  };
}

/** The stored disclosure read back (null when there is none). */
export function parseDisclosure(json: string | null): DisclosureRecord | null {
  if (json === null) return null;
  return disclosureRecordSchema.parse(JSON.parse(json));
}
