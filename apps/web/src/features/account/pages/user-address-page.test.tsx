import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { UserAddressPage } from './user-address-page.tsx';

/** The address form (components/use-address-form.ts) as /user-address shows it, against a fake API. */

const routes = { '/user-address': <UserAddressPage />, '/': <Landing name="top" /> };

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

describe('address registration', () => {
  it('sent empty: the messages of the contract schema, the country (first field shown) focused', async () => {
    const api = shop();
    const user = userEvent.setup();
    renderAt('/user-address', routes);
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please choose a country.')).toBeTruthy();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2); // city, address 1
    expect(screen.getByText('Please agree to the terms of service')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Country/));
    expect(api.callsTo('POST user/append_address')).toHaveLength(0);
  });

  it("puts the server's errors on their fields, focusing the first in the order shown", async () => {
    const api = shop({ state: 400, errors: { tel: ['Bad number.'], shiku: ['Bad city.'] } });
    const user = userEvent.setup();
    renderAt('/user-address', routes);
    await screen.findByRole('option', { name: 'United States' });
    await user.selectOptions(screen.getByLabelText(/^Country/), '840');
    await user.type(screen.getByLabelText(/^City/), 'San Francisco');
    await user.type(screen.getByLabelText(/^Address 1/), '1 Market St');
    await user.click(screen.getByLabelText('Agree to the terms of use and register as a member'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Bad city.')).toBeTruthy();
    expect(screen.getByText('Bad number.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^City/));
    expect(api.callsTo('POST user/append_address')[0]?.payload).toMatchObject({
      country_id: 840,
      shiku: 'San Francisco',
      address: '1 Market St',
      tel: '+81 90 1234 5678',
      pref_id: 99,
      referralCode: '',
    });
  });

  it('saved: goes to Top', async () => {
    shop();
    const user = userEvent.setup();
    renderAt('/user-address', routes);
    await screen.findByRole('option', { name: 'United States' });
    await user.selectOptions(screen.getByLabelText(/^Country/), '840');
    await user.type(screen.getByLabelText(/^City/), 'San Francisco');
    await user.type(screen.getByLabelText(/^Address 1/), '1 Market St');
    await user.click(screen.getByLabelText('Agree to the terms of use and register as a member'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByTestId('landing').textContent).toContain('top'));
  });
});
