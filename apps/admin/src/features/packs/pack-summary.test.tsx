import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';
import { adminPack } from '../../test/pack-fixture.ts';

/**
 * A draft's economics: the page shows what the pack pays out against its price, warns when
 * the payout is above the shop's threshold, and the publish dialog repeats it.
 */
const pack = adminPack({
  name_en: 'Generous Pack',
  name_ja: '太っ腹パック',
  status: 'draft',
  phase: 'before',
  commitment: null,
});
const summary = (payout: number) => ({
  lots: 10,
  lots_per_rarity: [{ rarity: 7, lots: 10 }],
  last_one: 0,
  full_sale: 1000,
  conversion_value: payout * 1000,
  payout_ratio: payout,
  value_per_play: payout * 100,
  price: 100,
  payout_warning_ratio: 1,
  payout_warning: payout > 1,
  ready: true,
});

function shop(payout: number) {
  return fakeApi({
    'GET admin/me': () => meAs('owner'),
    'GET admin/packs/9': () => ({ pack, prizes: [] }),
    'GET admin/packs/9/summary': () => summary(payout),
    'GET admin/packs/9/videos': () => ({ list: [] }),
    'GET admin/cards': () => ({ list: [], page: 1, all_page: 1, per_page: 50, total: 0 }),
    'GET admin/card-types': () => ({ list: [] }),
  });
}

describe('a draft’s economics', () => {
  it('warns when the prizes pay out more than the shop’s threshold, on the page and in the publish dialog', async () => {
    shop(3.19);
    await renderConsole('/packs/9');
    const panel = await screen.findByRole('region', { name: /Before publishing/ });
    expect(await within(panel).findByTestId('summary-payout')).toHaveProperty('textContent', '319.0%');
    expect(within(panel).getByTestId('summary-per-play').textContent).toBe('319 gems for a price of 100');
    expect(within(panel).getByTestId('payout-warning').textContent).toContain("above the shop's 100.0%");
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this pack?' });
    expect((await within(dialog).findByTestId('payout-warning')).textContent).toContain('319.0%');
  });

  it('says nothing more under it', async () => {
    shop(0.6);
    await renderConsole('/packs/9');
    const panel = await screen.findByRole('region', { name: /Before publishing/ });
    expect((await within(panel).findByTestId('summary-payout')).textContent).toBe('60.0%');
    expect(within(panel).queryByTestId('payout-warning')).toBeNull();
  });
});
