import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PointHistoryItem } from '@gacha/contract/payments';
import { fakeApi } from '../../../test/fake-api.ts';
import { loadI18n, renderAt } from '../../../test/render.tsx';
import { BuyPointHistoryPage } from './buy-point-history-page.tsx';

/** /buy-point-history (spec §2 Histories): Date, About, Amount, Gems, newest first, a pager and the empty text. */

const row = (id: number, bonusPoint: number, money: number, memo: string): PointHistoryItem => ({
  id,
  bonusPoint,
  money,
  created: '25/10/01',
  memo,
  history_id: null,
  balance: 0,
});

beforeAll(() => loadI18n('en'));

describe('gems history', () => {
  it('lists each change with its amount and signed gems, and pages', async () => {
    const api = fakeApi({
      'GET user/point/list/1': {
        page: 1,
        all_page: 2,
        pages: [1, 2],
        list: [row(2, -500, 0, 'Starfall Premium Pack'), row(1, 1000, 1000, 'Gem purchase')],
      },
      'GET user/point/list/2': { page: 2, all_page: 2, pages: [1, 2], list: [row(0, 300, 300, 'Older')] },
    });
    const user = userEvent.setup();
    renderAt('/buy-point-history', { '/buy-point-history': <BuyPointHistoryPage /> });
    const table = await screen.findByRole('table', { name: 'Gem history, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'About', 'Amount', 'Gems']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Starfall Premium Pack', '—', '-500'],
      ['Gem purchase', '¥1,000', '+1,000'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Older')).toBeTruthy();
    expect(api.callsTo('GET user/point/list/2')).toHaveLength(1);
  });

  it('says when there is no history', async () => {
    fakeApi({ 'GET user/point/list/1': { page: 1, all_page: 1, pages: [1], list: [] } });
    renderAt('/buy-point-history', { '/buy-point-history': <BuyPointHistoryPage /> });
    expect(await screen.findByText('No purchase history.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
