import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { loadI18n, renderAt } from '../../../test/render.tsx';
import { CoinHistoryPage } from './coin-history-page.tsx';

/** /coin-history (spec §2 Histories): 'COIN HISTORY', date, content and +granted / −used coins, a pager, empty text. */

const member = {
  is_login: '1',
  point: 0,
  coin: 640,
  coin_tenths: 6400,
  rank: 3,
  rank_name: 'Silver',
  lang: 'en',
};
const row = (id: number, bonusCoin: number, money: number, memo: string) => ({
  id,
  bonusCoin,
  money,
  created: '26/11/24',
  memo,
  history_id: null,
});

beforeAll(() => loadI18n('en'));

describe('coin history', () => {
  it('lists each change with its sign, newest first, and pages', async () => {
    const api = fakeApi({
      'GET user/point': member,
      'GET user/coin_history/1': {
        page: 1,
        all_page: 2,
        pages: [1, 2],
        list: [
          row(4, 0, 250, 'Exchange: Blazewing Drake ex'),
          row(3, 0, 500, 'Rank Silver kept for 2026-12'),
          row(2, 0.9, 0, 'Earned on Starfall Premium Pack'),
          row(1, 1200, 0, 'Granted by the shop'),
        ],
      },
      'GET user/coin_history/2': { page: 2, all_page: 2, pages: [1, 2], list: [row(0, 5, 0, 'Older')] },
    });
    const user = userEvent.setup();
    renderAt('/coin-history', { '/coin-history': <CoinHistoryPage /> });
    expect(await screen.findByRole('heading', { name: 'COIN HISTORY' })).toBeTruthy();
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '24 Nov 2026Exchange: Blazewing Drake ex−250250 coins used',
      '24 Nov 2026Rank Silver kept for 2026-12−500500 coins used',
      '24 Nov 2026Earned on Starfall Premium Pack+0.90.9 coins granted',
      '24 Nov 2026Granted by the shop+1,2001,200 coins granted',
    ]);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Older')).toBeTruthy();
    expect(api.callsTo('GET user/coin_history/2')).toHaveLength(1);
  });

  it('says when there is no coin history', async () => {
    fakeApi({
      'GET user/point': member,
      'GET user/coin_history/1': { page: 1, all_page: 1, pages: [1], list: [] },
    });
    renderAt('/coin-history', { '/coin-history': <CoinHistoryPage /> });
    expect(await screen.findByText('There is no coin history.')).toBeTruthy();
  });
});
