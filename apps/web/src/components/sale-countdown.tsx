import type { PackSummary } from '@gacha/contract/packs';
import { formatCountdown } from '../lib/format.ts';
import { msUntilSaleStart } from '../lib/pack-phase.ts';
import { useClock } from '../lib/use-now.ts';

/**
 * HH.MM.SS until a pack's sale starts (spec §4), ticking every second by itself: the page around it renders
 * again only when the sale's phase changes.
 */
export function SaleCountdown({ pack }: { pack: Pick<PackSummary, 'start_at' | 'start_date'> }) {
  return <>{useClock((now) => formatCountdown(msUntilSaleStart(pack, now)))}</>;
}
