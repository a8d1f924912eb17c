import type { CampaignInfo } from '@gacha/contract/payments';
import { parseJstDateTime } from '../../lib/format.ts';

/**
 * Whether the campaign note shows on Buy gems: only inside the campaign's window, read as Japan time (or while
 * the server says the discount applies). A campaign that has ended or not begun says nothing: an expired note
 * ("Ended", 2025) only misleads.
 */
export function isCampaignOn(data: CampaignInfo, now: Date): boolean {
  if (data.campaign === '1') return true;
  const start = parseJstDateTime(data.campaign_start);
  const end = parseJstDateTime(data.campaign_end);
  return !!start && !!end && now.getTime() >= start.getTime() && now.getTime() < end.getTime();
}
