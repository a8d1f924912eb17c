import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { loadI18n, renderAt } from '../../../test/render.tsx';
import { BuyProductHistoryPage } from './buy-product-history-page.tsx';

/** /buy-product-history: the cards exchanged for coins beside the pack purchases. */

const exchange = (
  id: number,
  name: string,
  send_state: 'not_yet_shipped' | 'shipped',
  delivery_code: string | null,
) => ({
  id,
  created: '26/12/28',
  card_id: id + 100,
  name,
  model_number: `SV9a-0${id}`,
  rarity: 2,
  rarity_label: 'U',
  image: id === 1 ? '/media/cards/x.svg' : '',
  sub_coin: 30,
  send_state,
  delivery_code,
});

const answers = {
  'GET user/exchange_history/1': {
    page: 1,
    all_page: 1,
    pages: [1],
    list: [
      exchange(2, 'Voltmouse', 'not_yet_shipped', null),
      exchange(1, 'Glimmerwing', 'shipped', 'EJ123456789JP'),
    ],
  },
  'POST user/history/list/1': { page: 1, all_page: 1, pages: [1], list: [] },
};
const routes = { '/buy-product-history': <BuyProductHistoryPage /> };

describe('buying history: card exchanges', () => {
  beforeAll(() => {
    // the tabs scroll the chosen tab into view; jsdom lays nothing out
    Element.prototype.scrollIntoView ??= () => {};
    return loadI18n('en');
  });

  it('switches to the exchanges with the keyboard and lists each card with its coins, day and shipping', async () => {
    const api = fakeApi(answers);
    const user = userEvent.setup();
    const { router } = renderAt('/buy-product-history', routes);
    expect(await screen.findByText('There is no product purchase history.')).toBeTruthy();
    const packs = screen.getByRole('tab', { name: 'Pack purchases' });
    expect(packs.getAttribute('aria-selected')).toBe('true');
    packs.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Card exchanges' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('?view=exchanges');

    const table = await screen.findByRole('table', { name: 'Cards you exchanged for coins' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '28 Dec 2026VoltmouseUSV9a-02Not yet shipped30coins',
      '28 Dec 2026GlimmerwingUSV9a-01ShippedTracking no. EJ123456789JP30coins',
    ]);
    expect(rows[1]!.querySelector('img')?.getAttribute('src')).toBe('/media/cards/x.svg');
    expect(rows[0]!.querySelector('img')).toBeNull(); // no picture: an empty frame
    expect(api.callsTo('GET user/exchange_history/1')).toHaveLength(1);
  });

  it('says when nothing was exchanged and leads to the counter', async () => {
    fakeApi({ 'GET user/exchange_history/1': { page: 1, all_page: 1, pages: [1], list: [] } });
    renderAt('/buy-product-history?view=exchanges', routes);
    expect(await screen.findByText('You have not exchanged any cards yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the exchange counter' }).getAttribute('href')).toBe(
      '/exchange-card',
    );
  });

  describe('in Japanese', () => {
    beforeAll(() => loadI18n('ja'));
    afterAll(() => loadI18n('en'));

    it('names the states and the day in Japanese', async () => {
      fakeApi(answers);
      renderAt('/buy-product-history?view=exchanges', routes);
      const table = await screen.findByRole('table', { name: 'コインで交換したカード' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows[0]!.textContent).toContain('2026/12/28');
      expect(rows[0]!.textContent).toContain('未発送');
      expect(rows[1]!.textContent).toContain('発送済み');
      expect(rows[1]!.textContent).toContain('追跡番号 EJ123456789JP');
      expect(screen.getByRole('tab', { name: 'カード交換' }).getAttribute('aria-selected')).toBe('true');
    });
  });
});
