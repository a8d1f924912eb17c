import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { addressDefaults, saveAddressToConfirm } from '../../../lib/append-address.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { ConfirmUserAddressPage } from './confirm-user-address-page.tsx';
import { UserAddressPage } from './user-address-page.tsx';

/**
 * The address form (components/use-address-form.ts) as /user-address shows it, and /confirm-user-address, which
 * shows what will be saved and saves it, against a fake API.
 */

const routes = {
  '/user-address': <UserAddressPage />,
  '/confirm-user-address': <ConfirmUserAddressPage />,
  '/': <Landing name="top" />,
};

/** GET /user/detail of a member who gave a phone number at registration and no address yet. */
const detail = {
  id: 1,
  lastName: 'Yamada',
  middleName: '',
  firstName: 'Taro',
  tel: '+81 90 1234 5678',
  mail: 'taro@example.com',
  zipcode: '',
  country: '',
  pref_id: null,
  shiku: '',
  address: '',
  building: '',
  country_id: null,
  country_name: '',
  availablePoint: 0,
  remaining_point: 50_001,
  end_sms: '0',
  has_password: '1',
  referral_code: 'ABCD1234',
  rank: 1,
  rank_name: 'White',
  rank_coin: 0,
  rank_max_price: 50_000,
  rank_current_price: 0,
  is_rank_maintained: false,
  next_month_name: 'White',
  next_month: 1,
};

function shop(append: object = { state: 200 }) {
  return fakeApi({
    'GET user/country/check': { is_login: '1', is_country: '0' },
    'GET user/detail': detail,
    'GET user/country': {
      list: [
        { id: 392, name: 'Japan' },
        { id: 840, name: 'United States' },
      ],
    },
    'POST user/append_address': append,
  });
}

beforeAll(() => loadI18n('en'));
beforeEach(() => sessionStorage.clear());

describe('address registration', () => {
  it('sent empty: the messages of the contract schema, the country (first field shown) focused', async () => {
    const api = shop();
    const user = userEvent.setup();
    renderAt('/user-address', routes);
    await user.click(await screen.findByRole('button', { name: 'Check input info' }));
    expect(await screen.findByText('Please choose a country.')).toBeTruthy();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2); // city, address 1
    expect(screen.getByText('Please agree to the terms of service')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Country/));
    expect(api.callsTo('POST user/append_address')).toHaveLength(0);
  });

  async function fillAndCheck(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByRole('option', { name: 'United States' });
    await user.selectOptions(screen.getByLabelText(/^Country/), '840');
    await user.type(screen.getByLabelText(/^City/), 'San Francisco');
    await user.type(screen.getByLabelText(/^Address 1/), '1 Market St');
    await user.type(screen.getByLabelText(/^Referral Code/), 'FRIEND01');
    await user.click(screen.getByLabelText('Agree to the terms of use and register as a member'));
    await user.click(screen.getByRole('button', { name: 'Check input info' }));
    await screen.findByRole('heading', { name: 'Confirm your address' });
  }

  it('the confirm page shows what will be saved and sends nothing until Register', async () => {
    const api = shop();
    const user = userEvent.setup();
    const { router } = renderAt('/user-address', routes);
    await fillAndCheck(user);
    expect(router.state.location.pathname).toBe('/confirm-user-address');
    expect(router.state.location.search).toBe(''); // the address and the phone stay out of the address bar
    const summary = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(await screen.findByText('United States')).toBeTruthy();
    expect(summary('City')).toBe('San Francisco');
    expect(summary('Address 1')).toBe('1 Market St');
    expect(summary('Phone number')).toBe('+81 90 1234 5678');
    expect(summary('Referral Code')).toBe('FRIEND01');
    expect(summary('Address 2 (building, room)')).toBe('Not entered');
    expect(api.callsTo('POST user/append_address')).toHaveLength(0);
  });

  it('Back returns to the form with the values, the agreement still ticked', async () => {
    shop();
    const user = userEvent.setup();
    renderAt('/user-address', routes);
    await fillAndCheck(user);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByLabelText(/^City/)).toHaveProperty('value', 'San Francisco');
    expect(screen.getByLabelText(/^Address 1/)).toHaveProperty('value', '1 Market St');
    expect(screen.getByLabelText(/^Referral Code/)).toHaveProperty('value', 'FRIEND01');
    expect(screen.getByLabelText('Agree to the terms of use and register as a member')).toHaveProperty(
      'checked',
      true,
    );
    await waitFor(() => expect(screen.getByLabelText(/^Country/)).toHaveProperty('value', '840'));
  });

  it("Register sends the values; the server's refusals are listed by field", async () => {
    const api = shop({ state: 400, errors: { tel: ['Bad number.'], shiku: ['Bad city.'] } });
    const user = userEvent.setup();
    renderAt('/user-address', routes);
    await fillAndCheck(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Phone number: Bad number.');
    expect(alert.textContent).toContain('City: Bad city.');
    expect(api.callsTo('POST user/append_address')[0]?.payload).toMatchObject({
      country_id: 840,
      shiku: 'San Francisco',
      address: '1 Market St',
      tel: '+81 90 1234 5678',
      pref_id: 99,
      referralCode: 'FRIEND01',
    });
  });

  it('saved: goes to Top', async () => {
    const api = shop();
    const user = userEvent.setup();
    renderAt('/user-address', routes);
    await fillAndCheck(user);
    const register = screen.getByRole('button', { name: 'Register' });
    await user.dblClick(register);
    await waitFor(() => expect(screen.getByTestId('landing').textContent).toContain('top'));
    expect(api.callsTo('POST user/append_address')).toHaveLength(1);
  });

  it('choosing Japan says politely, next to the country, that gems cannot be bought; 150-0001 goes as 1500001', async () => {
    const api = fakeApi({
      'GET user/country/check': { is_login: '1', is_country: '0' },
      'GET user/detail': detail,
      'GET user/country': {
        list: [
          { id: 392, name: 'Japan' },
          { id: 840, name: 'United States' },
        ],
      },
      'POST address/zipcode': {
        result: [
          {
            prefcode: '13',
            address1: '東京都',
            address2: '渋谷区',
            address3: '神宮前',
            address1_en: 'Tokyo',
            address2_en: 'Shibuya-ku',
          },
        ],
      },
      'POST user/append_address': { state: 200 },
    });
    const user = userEvent.setup();
    renderAt('/user-address', routes);
    await screen.findByRole('option', { name: 'Japan' });
    const country = screen.getByLabelText(/^Country/);
    const region = country.closest('div')!.parentElement!.nextElementSibling!;
    expect(region.getAttribute('role')).toBe('status'); // there before the choice, so the choice is announced
    expect(region.textContent).toBe('');

    await user.selectOptions(country, '392');
    expect(region.textContent).toContain('Gems cannot be bought with an address in Japan.');
    expect(region.textContent).toContain(
      'Shipping to Japan is not available, so please do not make a deposit.',
    );
    await user.selectOptions(country, '840');
    expect(region.textContent).toBe('');
    await user.selectOptions(country, '392');
    expect(region.textContent).toContain('Shipping to Japan is not available');

    await user.type(screen.getByLabelText(/^Zip code/), '150-0001');
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveProperty('value', 'Shibuya-ku'));
    expect(api.callsTo('POST address/zipcode')[0]?.payload).toEqual({ zipcode: '1500001' });
    await user.type(screen.getByLabelText(/^Address 1/), '1-2-3');
    await user.click(screen.getByLabelText('Agree to the terms of use and register as a member'));
    await user.click(screen.getByRole('button', { name: 'Check input info' }));
    await screen.findByRole('heading', { name: 'Confirm your address' });
    expect(screen.getByText('Zip code').nextElementSibling?.textContent).toBe('1500001');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.callsTo('POST user/append_address')).toHaveLength(1));
    expect(api.callsTo('POST user/append_address')[0]?.payload).toMatchObject({
      country_id: 392,
      zipcode: '1500001',
    });
  });

  it('a confirm page opened with nothing kept goes to the form', async () => {
    shop();
    const { router } = renderAt('/confirm-user-address', routes);
    expect(await screen.findByRole('button', { name: 'Check input info' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user-address');
  });

  it('a confirm page opened with values the form would refuse goes back to the form', async () => {
    shop();
    saveAddressToConfirm({ ...addressDefaults(null), country_id: '840', shiku: 'Somewhere' });
    renderAt('/confirm-user-address', routes);
    expect(await screen.findByRole('button', { name: 'Check input info' })).toBeTruthy();
    expect(screen.getByLabelText(/^City/)).toHaveProperty('value', 'Somewhere');
  });
});
