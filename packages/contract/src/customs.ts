import type { customsCategories } from './admin.ts';

/**
 * Spec §9, the customs declared values per item (yen) — the one copy of the table. The user guide shows it
 * (apps/web/src/content/guide.*.md; its test compares the guide's table with this one) and the staff console's
 * packing list and customs sheet declare each item from it by its card's customs category (cards.customs_category).
 */

export type CustomsCategory = (typeof customsCategories)[number];

export interface CustomsRow {
  /** The lowest value an item of the category is declared at (yen). */
  min: number;
  /** The highest (yen); null: no upper bound ("50 and up"). */
  max: number | null;
  /** The category's name as the guide's table shows it. */
  label: { en: string; ja: string };
  /** The contents line of a customs declaration (CN22/CN23 are filled in English or French). */
  description: string;
}

/** Every category of spec §9, in the guide's order. */
export const CUSTOMS_DECLARED_VALUES: Readonly<Record<CustomsCategory, CustomsRow>> = {
  cards: {
    min: 100,
    max: 1000,
    label: { en: 'cards', ja: 'カード' },
    description: 'Trading card',
  },
  psa: {
    min: 800,
    max: 1500,
    label: { en: 'PSA', ja: 'PSA鑑定品' },
    description: 'Graded trading card (PSA)',
  },
  boxes: {
    min: 500,
    max: 1000,
    label: { en: 'boxes', ja: 'BOX' },
    description: 'Trading card box',
  },
  unopened_packs: {
    min: 100,
    max: 200,
    label: { en: 'unopened packs', ja: '未開封パック' },
    description: 'Trading card pack (unopened)',
  },
  toys: { min: 350, max: 1000, label: { en: 'toys', ja: 'おもちゃ' }, description: 'Toy' },
  capsule_toys: {
    min: 30,
    max: 100,
    label: { en: 'capsule toys', ja: 'カプセルトイ' },
    description: 'Capsule toy',
  },
  electronics: {
    min: 1000,
    max: 2500,
    label: { en: 'electronics', ja: '電子機器' },
    description: 'Electronic toy',
  },
  manga: { min: 30, max: 100, label: { en: 'manga', ja: '漫画' }, description: 'Comic book' },
  other: { min: 50, max: null, label: { en: 'other', ja: 'その他' }, description: 'Collectible' },
};

/** The date the table's revised rules apply from (spec §9), and the guide's sentence saying so. */
export const CUSTOMS_RULES_FROM = '2025-04-04';
export const CUSTOMS_RULES_NOTE = {
  en: 'Revised rules apply from 4 April 2025.',
  ja: '2025年4月4日から改定後のルールが適用されます。',
} as const;

/** The guide's "Yen" column: '100-1,000', and for an open range '50 and up' / '50〜'. */
export function customsRangeText(category: CustomsCategory, lang: 'en' | 'ja'): string {
  const { min, max } = CUSTOMS_DECLARED_VALUES[category];
  const yen = (n: number) => n.toLocaleString('en-US');
  if (max === null) return lang === 'ja' ? `${yen(min)}〜` : `${yen(min)} and up`;
  return `${yen(min)}-${yen(max)}`;
}

/**
 * The declared value of one item (yen): the item's own value — what the shop would pay for it in gems, 1 gem =
 * 1 yen (the won item's conversion value, or its card's) — kept within its category's range. An item worth
 * less than the range's floor is declared at the floor, one worth more at the ceiling (the table's values are
 * what the shop declares; an open range has no ceiling).
 */
export function declaredValue(category: CustomsCategory, itemValueYen: number): number {
  const { min, max } = CUSTOMS_DECLARED_VALUES[category];
  const value = Number.isFinite(itemValueYen) ? Math.floor(itemValueYen) : 0;
  return Math.min(Math.max(value, min), max ?? Number.MAX_SAFE_INTEGER);
}
