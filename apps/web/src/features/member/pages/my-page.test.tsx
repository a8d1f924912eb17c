import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetail } from '@gacha/contract/user';
import { deferred, fakeApi, type Handler } from '../../../test/fake-api.ts';
import { loadI18n, renderAt } from '../../../test/render.tsx';
import { MyPage } from './my-page.tsx';

/**
 * Rank maintenance on My page (spec §2, §4, §8): the button shows while is_rank_maintained is set; with fewer
 * coins than rank_coin it alerts 'Not enough coins' and asks nothing; otherwise the confirm modal, whose Use
 * coins sends POST /user/buy_rank {coin: rank_coin, next_month_rank: the current rank} once; a refusal alerts
 * errors.count.
 */

const silver: UserDetail = {
  id: 2,
  lastName: 'Demo',
  middleName: '',
  firstName: 'Hanako',
  tel: '+1 213-555-0142',
  mail: 'silver@example.com',
  zipcode: '90012',
  country: 'California',
  pref_id: 99,
  shiku: 'Los Angeles',
  address: '200 N Spring St',
  building: '',
  country_id: 840,
  country_name: 'United States',
  availablePoint: 50000,
  remaining_point: 50001,
  end_sms: '0',
  has_password: '1',
  referral_code: 'DEMOHANAKO',
  rank: 3,
  rank_name: 'Silver',
  rank_coin: 500,
  rank_max_price: 500000,
  rank_current_price: 0,
  is_rank_maintained: true,
  next_month_name: 'White',
  next_month: 1,
};

const user = (coinTenths: number) => ({
  is_login: '1',
  point: 50000,
  coin: coinTenths / 10,
  coin_tenths: coinTenths,
  rank: 3,
  rank_name: 'Silver',
  lang: 'en',
});

const kept = { result: '1', next_month: 3, next_month_name: 'Silver', coin: 700 };

function shop(coinTenths: number, extra: Record<string, Handler | object> = {}) {
  return fakeApi({
    'GET user/point': user(coinTenths),
    'GET user/detail': silver,
    'GET user/transfer/point': { state: 404, message: 'Point transfer is not available.' },
    'POST user/buy_rank': kept,
    ...extra,
  });
}

const routes = { '/my-page': <MyPage /> };

beforeAll(() => loadI18n('en'));

describe('my page: rank maintenance', () => {
  it('shows the rank bar and the button while maintenance is offered', async () => {
    shop(12000);
    renderAt('/my-page', routes);
    const bar = await screen.findByRole('progressbar', { name: 'Gems spent this month' });
    expect(bar.getAttribute('aria-valuetext')).toBe('0 / 500,000');
    expect(screen.getByText('50,001 more gems this month for Bronze next month')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep my rank for 500 coins' })).toBeTruthy();
  });

  it('no button when the rank needs no maintenance', async () => {
    shop(12000, {
      'GET user/detail': { ...silver, is_rank_maintained: false, next_month: 3, next_month_name: 'Silver' },
    });
    renderAt('/my-page', routes);
    await screen.findByRole('progressbar');
    expect(screen.queryByRole('button', { name: /Keep my rank/ })).toBeNull();
  });

  it('fewer coins than rank_coin: the alert, no modal and no request', async () => {
    const api = shop(4999); // 499.9 coins
    const u = userEvent.setup();
    renderAt('/my-page', routes);
    await u.click(await screen.findByRole('button', { name: 'Keep my rank for 500 coins' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Not enough coins')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Keep your rank' })).toBeNull();
    expect(api.callsTo('POST user/buy_rank')).toHaveLength(0);
  });

  it('enough coins: the modal, then POST /user/buy_rank with rank_coin and the current rank, once', async () => {
    const answer = deferred<object>();
    const api = shop(12000, { 'POST user/buy_rank': () => answer.promise });
    const u = userEvent.setup();
    renderAt('/my-page', routes);
    await u.click(await screen.findByRole('button', { name: 'Keep my rank for 500 coins' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Keep your rank' }));
    expect(modal.getByText('Use 500 coins to keep the Silver rank next month?')).toBeTruthy();
    expect(modal.getByText('Coins held').nextElementSibling?.textContent).toBe('1,200');
    expect(modal.getByText('Coins after').nextElementSibling?.textContent).toBe('700');

    const use = modal.getByRole('button', { name: 'Use coins' });
    fireEvent.click(use);
    fireEvent.click(use);
    await waitFor(() => expect(api.callsTo('POST user/buy_rank')).toHaveLength(1));
    expect(api.callsTo('POST user/buy_rank')[0]?.payload).toEqual({ coin: 500, next_month_rank: 3 });
    answer.resolve(kept);
    const done = await screen.findByRole('alertdialog');
    expect(within(done).getByText('Your rank will be kept next month.')).toBeTruthy();
    expect(api.callsTo('POST user/buy_rank')).toHaveLength(1);
  });

  it('a refusal alerts the first message of errors.count', async () => {
    shop(12000, {
      'POST user/buy_rank': { state: 400, errors: { count: ['Your rank has changed.', 'second'] } },
    });
    const u = userEvent.setup();
    renderAt('/my-page', routes);
    await u.click(await screen.findByRole('button', { name: 'Keep my rank for 500 coins' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Keep your rank' })).getByRole('button', {
        name: 'Use coins',
      }),
    );
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Your rank has changed.')).toBeTruthy();
  });
});
