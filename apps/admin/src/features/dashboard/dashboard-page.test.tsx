import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardAnswer } from '../../test/dashboard-fixture.ts';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent?.trim()));

describe('the dashboard', () => {
  it('is the home page after sign-in and renders its figures as text and tables', async () => {
    fakeApi({
      'GET admin/me': () => meAs('viewer'),
      'GET admin/dashboard': () => ({ ...dashboardAnswer() }),
    });
    const { router } = await renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(
      await screen.findByText('Figures as of 2026/11/20 12:00 JST, read again every minute.'),
    ).toBeTruthy();

    // what waits on staff, with links to the pages the role may read
    expect(screen.getByTestId('waiting-shipments').textContent).toBe('6 batches');
    expect(screen.getByText('1 waiting over 14 days: past the terms’ promise')).toBeTruthy();
    expect(screen.getByTestId('waiting-bank').textContent).toBe('2 transfers');
    expect(screen.getByText(/¥10,000 for 10,000 gems/)).toBeTruthy();
    expect(screen.getByTestId('waiting-posts').textContent).toBe('4 posts');
    expect(screen.getByRole('link', { name: 'Open shipments →' }).getAttribute('href')).toBe(
      '/shipments?status=open',
    );
    // a viewer does not moderate the board: no link to it
    expect(screen.queryByRole('link', { name: 'Board moderation →' })).toBeNull();

    // today and this month
    const today = screen.getByTestId('kpis-today');
    expect(within(today).getByText('¥35,000')).toBeTruthy();
    expect(within(today).getByText('12,500')).toBeTruthy();
    expect(within(today).getByText('12.5')).toBeTruthy();
    expect(rows(screen.getByTestId('totals-table'))).toEqual([
      ['Figure', 'Today (2026/11/20)', 'This month (2026/11)'],
      ['Gem sales (yen)', '¥35,000', '¥350,000'],
      ['Refunds (yen)', '¥2,100', '¥21,000'],
      ['Net sales (yen)', '¥32,900', '¥329,000'],
      ['Gems sold', '35,000', '350,000'],
      ['Gem payments', '4', '40'],
      ['Gems spent on packs', '12,500', '125,000'],
      ['Coins spent on coin packs', '40', '400'],
      ['Pack purchases', '9', '90'],
      ['Plays', '25', '250'],
      ['Coins issued', '12.5', '125.0'],
    ]);

    // by payment method, with the month's totals
    const methods = rows(screen.getByTestId('methods-table'));
    expect(methods.slice(2)).toEqual([
      ['Card30 payments this month', '30,000', '¥30,000', '300,000', '¥300,000'],
      ['Bank transfer10 payments this month', '5,000', '¥5,000', '50,000', '¥50,000'],
      ['Total', '35,000', '¥35,000', '350,000', '¥350,000'],
    ]);

    // the packs on sale, with sold and remaining lots
    const packs = rows(screen.getByTestId('packs-table'));
    expect(packs[1]).toEqual([
      'Dragon Pack',
      '500 gems',
      '150 / 40037.5%',
      '250',
      '12',
      '90',
      '2026/12/31 23:59',
    ]);
    expect(packs[2]).toEqual(['Coin Pack Paused', '30 coins', '99 / 10099.0%', '1', '0', '4', 'No end']);
    expect(screen.getByRole('link', { name: 'Dragon Pack' }).getAttribute('href')).toBe('/packs/7');

    // shipments by age
    expect(rows(screen.getByTestId('ages-table')).slice(1)).toEqual([
      ['Under 7 days', '3', '5'],
      ['7–14 days', '2', '6'],
      ['Over 14 days', '1', '3'],
      ['Total', '6', '14'],
    ]);

    // the day-by-day figures as a table too
    expect(screen.getByText('The days as a table')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '2026/11/20' })).toBeTruthy();
  });

  it('in Japanese, with the board link for a role that moderates', async () => {
    fakeApi({
      'GET admin/me': () => meAs('support'),
      'GET admin/dashboard': () => ({
        ...dashboardAnswer({ packs_selling: [], posts_pending: { count: 0, oldest_at: null } }),
      }),
    });
    await renderConsole('/dashboard', 'ja');
    expect(await screen.findByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('waiting-posts')).textContent).toBe('0件');
    expect(screen.getByText('対応待ちはありません')).toBeTruthy();
    expect(screen.getByRole('link', { name: '掲示板の審査へ →' }).getAttribute('href')).toBe('/board');
    expect(screen.getByText('現在販売中のパックはありません。')).toBeTruthy();
    expect(within(screen.getByTestId('kpis-month')).getByText('¥350,000')).toBeTruthy();
  });
});
