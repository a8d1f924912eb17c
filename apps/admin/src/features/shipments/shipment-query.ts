import { CARRIER_NAMES, type CarrierKey } from '@gacha/contract/draws';
import { CUSTOMS_DECLARED_VALUES, type CustomsCategory } from '@gacha/contract/customs';

export const SHIPMENTS_KEY = ['admin', 'shipments'] as const;

/** The carrier's name in the staff member's language. */
export function carrierName(key: CarrierKey | null, lang: string): string {
  if (!key) return '—';
  return CARRIER_NAMES[key][lang === 'ja' ? 'ja' : 'en'];
}

/** The §9 category's name (the guide's words). */
export function categoryName(category: CustomsCategory, lang: string): string {
  return CUSTOMS_DECLARED_VALUES[category].label[lang === 'ja' ? 'ja' : 'en'];
}

export function yen(n: number, lang: string): string {
  return `¥${n.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US')}`;
}
