import { describe, expect, it } from 'vitest';
import type { CampaignInfo } from '@gacha/contract/payments';
import { isCampaignOn } from './campaign.ts';

// spec §2: 10% off from 10 Oct 2025 04:00 to 11 Oct 2025 09:00 Japan time
const october: CampaignInfo = {
  campaign: '0',
  campaign_percent: 10,
  campaign_start: '2025-10-10 04:00:00',
  campaign_end: '2025-10-11 09:00:00',
};

describe('isCampaignOn (the Buy gems campaign note)', () => {
  it('shows only inside the window, read as Japan time', () => {
    expect(isCampaignOn(october, new Date('2025-10-09T18:59:59Z'))).toBe(false); // 03:59:59 JST
    expect(isCampaignOn(october, new Date('2025-10-09T19:00:00Z'))).toBe(true); // 04:00 JST
    expect(isCampaignOn(october, new Date('2025-10-10T23:59:59Z'))).toBe(true); // 08:59:59 JST
    expect(isCampaignOn(october, new Date('2025-10-11T00:00:00Z'))).toBe(false); // 09:00 JST: over
  });

  it('hides an expired campaign (the 2025 note a year later) and an unreadable window', () => {
    expect(isCampaignOn(october, new Date('2026-11-24T03:00:00Z'))).toBe(false);
    expect(
      isCampaignOn({ ...october, campaign_start: '', campaign_end: '' }, new Date('2025-10-10T00:00:00Z')),
    ).toBe(false);
  });

  it('shows while the server says the discount applies', () => {
    expect(isCampaignOn({ ...october, campaign: '1' }, new Date('2026-11-24T03:00:00Z'))).toBe(true);
  });
});
