import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { loadI18n, renderAt } from '../../../test/render.tsx';
import { TopPage } from './top-page.tsx';

/**
 * Top's tabs are the card types staff show there (GET /user/card_type): a type made in the console
 * gets a tab, a hidden one none, and `?tab=` opens any shown type.
 */
const types = {
  list: [
    { id: 77, name: 'Digimon', top_tab: true, exchange_tab: false },
    { id: 2, name: 'Pokémon', top_tab: true, exchange_tab: true },
    { id: 1, name: 'Yu-Gi-Oh!', top_tab: false, exchange_tab: false },
  ],
};
const emptyPage = (id: number, name: string) => ({
  list: [],
  page: 1,
  all_page: 1,
  pages: [1],
  total: 0,
  card_type: { id, name },
});

function shop() {
  return fakeApi({
    'GET user/card_type': types,
    'GET user/banners': { top: [], alerts: [] },
    'GET user/pack/all_list/77/1': emptyPage(77, 'Digimon'),
    'GET user/pack/all_list/2/1': emptyPage(2, 'Pokémon'),
  });
}

const routes = { '/': <TopPage /> };
const tabNames = () => screen.getAllByRole('tab').map((x) => x.textContent);

beforeAll(() => loadI18n('en'));

describe('Top tabs', () => {
  it('are the two fixed tabs and the shown card types in their order; Top opens on the first type', async () => {
    const api = shop();
    renderAt('/', routes);
    await waitFor(() =>
      expect(tabNames()).toEqual(['How to play', "Everyone's Record", 'Digimon', 'Pokémon']),
    );
    expect(screen.getByRole('tab', { name: 'Digimon' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(api.callsTo('GET user/pack/all_list/77/1')).toHaveLength(1));
  });

  it('?tab= opens a shown type', async () => {
    shop();
    renderAt('/?tab=2', routes);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Pokémon' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('?tab= of a hidden or unknown type opens the first', async () => {
    shop();
    renderAt('/?tab=1', routes);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Digimon' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('keeps the chosen tab in the address', async () => {
    const api = shop();
    const user = userEvent.setup();
    renderAt('/', routes);
    await user.click(await screen.findByRole('tab', { name: 'Pokémon' }));
    await waitFor(() => expect(api.callsTo('GET user/pack/all_list/2/1')).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'Pokémon' }).getAttribute('aria-selected')).toBe('true');
  });
});
