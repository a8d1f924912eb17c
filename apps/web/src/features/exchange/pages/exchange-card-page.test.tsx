import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExchangeCard, ExchangeCheckResult, ExchangeResult } from '@gacha/contract/exchange';
import { catalogue } from '../../../lib/i18n.ts';
import { deferred, fakeApi, type Handler } from '../../../test/fake-api.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { ExchangeCardPage } from './exchange-card-page.tsx';

/**
 * The exchange counter of spec §2 and §4 against a fake API behind lib/api.ts: Exchange checks the card, 'Use
 * coin' shows the coins held and after, Confirm exchange exchanges it once and shows 'Card has been exchanged.'
 * with the user and the list reloaded; refusals open an OK modal titled as spec §8 says; no shipping address
 * sends the member to the address form first and back; a guest goes to /login.
 */

const member = {
  is_login: '1',
  point: 50000,
  coin: 1200,
  coin_tenths: 12000,
  rank: 3,
  rank_name: 'Silver',
  lang: 'en',
};

const drake: ExchangeCard = {
  id: 3,
  name: 'Blazewing Drake ex',
  model_number: 'SV9a-104',
  rarity: 4,
  rarity_label: 'RR',
  image: '/media/cards/9.svg',
  card_name: 'Pokémon',
  sub_coin: 250,
  stock: 8,
  change_num: 1,
};
const mouse: ExchangeCard = { ...drake, id: 1, name: 'Voltmouse', model_number: 'SV9a-041', sub_coin: 30 };
const page = (list: ExchangeCard[]) => ({ page: 1, all_page: 1, pages: [1], list });

const checked: ExchangeCheckResult = {
  result: '1',
  card_id: 3,
  change_num: 1,
  sub_coin: 250,
  coin: 1200,
  coin_after: 950,
};
const exchanged: ExchangeResult = { result: '1', exchange_id: 41, card: { ...drake, stock: 7 }, coin: 950 };

const userDetail = {
  id: 2,
  lastName: 'Demo',
  middleName: '',
  firstName: 'Hanako',
  tel: '+1 213-555-0142',
  mail: 'silver@example.com',
  zipcode: '',
  country: '',
  pref_id: null,
  shiku: '',
  address: '',
  building: '',
  country_id: null,
  country_name: '',
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

/** The card types as staff set them: Pokémon and ONE PIECE at the counter, Yu-Gi-Oh! on Top only. */
const cardTypes = {
  list: [
    { id: 2, name: 'Pokémon', top_tab: true, exchange_tab: true },
    { id: 1, name: 'Yu-Gi-Oh!', top_tab: true, exchange_tab: false },
    { id: 5, name: 'ONE PIECE', top_tab: true, exchange_tab: true },
  ],
};

function shop(extra: Record<string, Handler | object> = {}) {
  return fakeApi({
    'GET user/card_type': cardTypes,
    'GET user/point': member,
    'POST user/exchange_card/list/1': page([drake, mouse]),
    'POST user/exchange_card/check': checked,
    'POST user/exchange_card/exchange': exchanged,
    ...extra,
  });
}

const routes = { '/exchange-card': <ExchangeCardPage />, '/login': <Landing name="login" /> };

beforeAll(() => loadI18n('en'));

async function exchangeDrake() {
  const user = userEvent.setup();
  renderAt('/exchange-card', routes);
  await user.click(await screen.findByRole('button', { name: 'Exchange Blazewing Drake ex for 250 coins' }));
  return user;
}

describe('exchange counter: Exchange, Use coin, Confirm exchange', () => {
  it('checks, shows the coins held and after, exchanges and shows the card; reloads the user and the list', async () => {
    const api = shop();
    const user = await exchangeDrake();

    const confirm = await screen.findByRole('dialog', { name: 'Use coin' });
    expect(api.callsTo('POST user/exchange_card/check').map((c) => c.payload)).toEqual([
      { card_id: 3, change_num: 1 },
    ]);
    const modal = within(confirm);
    expect(modal.getByText('Blazewing Drake ex')).toBeTruthy();
    expect(modal.getByText('Coins held').nextElementSibling?.textContent).toBe('1,200');
    expect(modal.getByText('Coins after').nextElementSibling?.textContent).toBe('950');
    expect(modal.getByText('We will try to ship within 3-14 days')).toBeTruthy();
    expect(api.callsTo('POST user/exchange_card/exchange')).toHaveLength(0);

    const listCalls = api.callsTo('POST user/exchange_card/list/1').length;
    const userCalls = api.callsTo('GET user/point').length;
    await user.click(modal.getByRole('button', { name: 'Confirm exchange' }));

    const done = within(await screen.findByRole('dialog', { name: 'Card has been exchanged.' }));
    expect(done.getByText('Blazewing Drake ex')).toBeTruthy();
    expect(done.getByText('SV9a-104')).toBeTruthy();
    expect(done.getByText('RR')).toBeTruthy();
    expect(api.callsTo('POST user/exchange_card/exchange').map((c) => c.payload)).toEqual([
      { card_id: 3, change_num: 1 },
    ]);
    await waitFor(() => {
      expect(api.callsTo('POST user/exchange_card/list/1').length).toBeGreaterThan(listCalls);
      expect(api.callsTo('GET user/point').length).toBeGreaterThan(userCalls);
    });
  });

  it('No closes the modal without exchanging', async () => {
    const api = shop();
    const user = await exchangeDrake();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Use coin' })).getByRole('button', { name: 'No' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST user/exchange_card/exchange')).toHaveLength(0);
  });

  it('a double click on Confirm exchange exchanges once', async () => {
    const answer = deferred<object>();
    const api = shop({ 'POST user/exchange_card/exchange': () => answer.promise });
    await exchangeDrake();
    const button = within(await screen.findByRole('dialog', { name: 'Use coin' })).getByRole('button', {
      name: 'Confirm exchange',
    });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo('POST user/exchange_card/exchange')).toHaveLength(1));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(exchanged);
    await screen.findByRole('dialog', { name: 'Card has been exchanged.' });
    expect(api.callsTo('POST user/exchange_card/exchange')).toHaveLength(1);
  });
});

describe('exchange counter: refusals', () => {
  it("result '-3' opens 'Exchange limit exceeded' with the first count message", async () => {
    const api = shop({
      'POST user/exchange_card/check': {
        state: 409,
        result: '-3',
        errors: { count: ['You can exchange this card up to 1 times.', 'second'] },
      },
    });
    const user = await exchangeDrake();
    const alert = await screen.findByRole('alertdialog', { name: 'Exchange limit exceeded' });
    expect(within(alert).getByText('You can exchange this card up to 1 times.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Use coin' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST user/exchange_card/exchange')).toHaveLength(0);
  });

  it("a coin shortage opens 'Coin shortage'", async () => {
    shop({
      'POST user/exchange_card/check': { state: 400, result: '-1', errors: { count: ['Not enough coins.'] } },
    });
    await exchangeDrake();
    const alert = await screen.findByRole('alertdialog', { name: 'Coin shortage' });
    expect(within(alert).getByText('Not enough coins.')).toBeTruthy();
  });

  it('an exchange refused after the check (the last one taken) says so and exchanges nothing', async () => {
    shop({
      'POST user/exchange_card/exchange': {
        state: 409,
        result: '-3',
        errors: { count: ['This card is out of stock.'] },
      },
    });
    const user = await exchangeDrake();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Use coin' })).getByRole('button', {
        name: 'Confirm exchange',
      }),
    );
    const alert = await screen.findByRole('alertdialog', { name: 'Exchange limit exceeded' });
    expect(within(alert).getByText('This card is out of stock.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Card has been exchanged.' })).toBeNull();
  });

  it('no shipping address: the address form first, then the check again and Use coin', async () => {
    let checks = 0;
    const api = shop({
      'POST user/exchange_card/check': () =>
        ++checks === 1
          ? { state: 400, errors: { address: ['Please register your shipping address.'] } }
          : checked,
      'GET user/detail': userDetail,
      'GET user/country': { list: [{ id: 840, name: 'United States' }] },
      'POST user/append_address': { state: 200 },
    });
    const user = await exchangeDrake();

    expect(
      await screen.findByText('Please register your shipping address to exchange “Blazewing Drake ex”.'),
    ).toBeTruthy();
    await screen.findByRole('option', { name: 'United States' });
    await user.selectOptions(screen.getByLabelText(/^Country/), '840');
    await user.type(screen.getByLabelText(/^City/), 'Los Angeles');
    await user.type(screen.getByLabelText(/^Address 1/), '200 N Spring St');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await screen.findByRole('dialog', { name: 'Use coin' });
    expect(api.callsTo('POST user/append_address')[0]?.payload).toMatchObject({
      country_id: 840,
      shiku: 'Los Angeles',
      address: '200 N Spring St',
    });
    expect(api.callsTo('POST user/exchange_card/check')).toHaveLength(2);
  });

  it('an address in Japan is not shipped to: its message, no address form', async () => {
    // the server sends the catalogue's text in the member's language; the page tells Japan by it
    shop({
      'POST user/exchange_card/check': { state: 400, errors: { address: [catalogue('shipping_to_japan')] } },
    });
    await exchangeDrake();
    const alert = await screen.findByRole('alertdialog', { name: 'Exchange failed' });
    expect(within(alert).getByText(catalogue('shipping_to_japan'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
  });

  it('a guest goes to /login without a check', async () => {
    const api = shop({ 'GET user/point': { ...member, is_login: '0', coin: 0, coin_tenths: 0, rank: 0 } });
    await exchangeDrake();
    expect((await screen.findByTestId('landing')).textContent).toContain('login');
    expect(api.callsTo('POST user/exchange_card/check')).toHaveLength(0);
  });

  it('a session that ended before the check goes to /login', async () => {
    shop({ 'POST user/exchange_card/check': { state: 401, message: 'Please log in.' } });
    await exchangeDrake();
    expect((await screen.findByTestId('landing')).textContent).toContain('login');
  });
});

describe('exchange counter: search, sort, tabs', () => {
  it('searches the text on Search and sorts at once; the ONE PIECE tab asks for type 5, keeping the sort', async () => {
    const api = shop({
      'POST user/exchange_card/list/1': (call) =>
        page((call.payload as { searchText: string }).searchText ? [mouse] : [drake, mouse]),
    });
    const user = userEvent.setup();
    renderAt('/exchange-card', routes);
    await screen.findByText('Blazewing Drake ex');
    expect(api.callsTo('POST user/exchange_card/list/1')[0]?.payload).toEqual({
      type: 2,
      searchText: '',
      sort: 'new',
    });

    await user.type(screen.getByRole('searchbox', { name: 'Card name, rarity, and model number' }), ' volt ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Blazewing Drake ex')).toBeNull());
    expect(api.callsTo('POST user/exchange_card/list/1').at(-1)?.payload).toEqual({
      type: 2,
      searchText: 'volt',
      sort: 'new',
    });

    await user.click(screen.getByRole('radio', { name: 'Most coins' }));
    await waitFor(() =>
      expect(api.callsTo('POST user/exchange_card/list/1').at(-1)?.payload).toEqual({
        type: 2,
        searchText: 'volt',
        sort: 'coin_desc',
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'ONE PIECE' }));
    await waitFor(() =>
      expect(api.callsTo('POST user/exchange_card/list/1').at(-1)?.payload).toEqual({
        type: 5,
        searchText: '',
        sort: 'coin_desc',
      }),
    );
  });

  it('the tabs are the card types staff show at the counter, in their order, then Coin Gacha', async () => {
    const api = shop({
      'GET user/card_type': {
        list: [
          { id: 77, name: 'Digimon', top_tab: false, exchange_tab: true },
          ...cardTypes.list.map((x) => ({ ...x, exchange_tab: x.id === 5 })),
        ],
      },
    });
    renderAt('/exchange-card?tab=2', routes);
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((x) => x.textContent)).toEqual([
        'Digimon',
        'ONE PIECE',
        'Coin Gacha',
      ]),
    );
    // a tab no longer at the counter falls back to the first one
    expect(screen.getByRole('tab', { name: 'Digimon' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(api.callsTo('POST user/exchange_card/list/1').at(-1)?.payload).toMatchObject({ type: 77 }),
    );
  });

  it('says when there is no exchange card', async () => {
    shop({ 'POST user/exchange_card/list/1': page([]) });
    renderAt('/exchange-card', routes);
    expect(await screen.findByText('There is no exchange card.')).toBeTruthy();
  });

  it('the Coin Gacha tab lists the coin packs', async () => {
    const api = shop({ 'POST user/pack/list': { list: [] } });
    const user = userEvent.setup();
    renderAt('/exchange-card', routes);
    await user.click(await screen.findByRole('tab', { name: 'Coin Gacha' }));
    expect(await screen.findByText('There is no coin gacha right now.')).toBeTruthy();
    expect(api.callsTo('POST user/pack/list').map((c) => c.payload)).toEqual([{ payment_method: 2 }]);
  });
});
