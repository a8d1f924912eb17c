import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { emptyRegisterForm, saveDraft, saveSecret, type RegisterFormValues } from '../registration.ts';
import { ConfirmRegisterPage } from './confirm-register-page.tsx';
import { RegisterPage } from './register-page.tsx';

/**
 * Registration's confirm step (spec §2) with the form's values in sessionStorage, never in an address: the form
 * goes to /confirm-user-register without a query, the summary shows every value (the prefecture too, by name),
 * Back returns to the form as it was, Confirm registers.
 */

const typed: RegisterFormValues = {
  ...emptyRegisterForm,
  lastName: 'Yamada',
  firstName: 'Taro',
  country_id: '392',
  zipcode: '1500001',
  pref_id: '13',
  country: '東京都',
  shiku: 'Shibuya-ku',
  address: 'Jingumae 1-2-3',
  tel: '09012345678',
  mail: 'taro@example.com',
  pass: 'secret12',
  confirmPass: 'secret12',
  agree: true,
};

const lookups = {
  'GET user/country': { list: [{ id: 392, name: 'Japan' }] },
  'GET user/pref_list': { list: [{ id: 13, name: 'Tokyo' }] },
};

const routes = {
  '/user-register': <RegisterPage />,
  '/confirm-user-register': <ConfirmRegisterPage />,
  '/complete-user-register': <Landing name="complete" />,
};

const path = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

beforeAll(() => loadI18n('en'));
beforeEach(() => sessionStorage.clear());

describe('registration confirm: nothing personal in an address', () => {
  it('the form goes to the confirm page without a query; it shows every value, the prefecture by name', async () => {
    saveDraft(typed);
    saveSecret(typed.pass, typed.confirmPass);
    const api = fakeApi({ ...lookups, 'POST user/confirm': {} });
    const user = userEvent.setup();
    const { router } = renderAt('/user-register', routes);
    await user.click(await screen.findByRole('button', { name: 'Check input info' }));

    await screen.findByRole('heading', { name: 'Confirm your registration' });
    expect(path(router)).toBe('/confirm-user-register');
    expect(api.callsTo('POST user/confirm')).toHaveLength(1);
    const summary = document.querySelector('dl') as HTMLElement;
    for (const text of ['Taro Yamada', 'taro@example.com', '09012345678', 'Jingumae 1-2-3', 'Japan'])
      expect(within(summary).getByText(text)).toBeTruthy();
    await waitFor(() => expect(within(summary).getByText('Tokyo')).toBeTruthy());
  });

  it('Back returns to the form as it was typed, by an address without a query', async () => {
    saveDraft(typed);
    saveSecret(typed.pass, typed.confirmPass);
    fakeApi(lookups);
    const user = userEvent.setup();
    const { router } = renderAt('/confirm-user-register', routes);
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    await waitFor(() => expect(path(router)).toBe('/user-register'));
    expect((await screen.findByLabelText(/^Email/)) as HTMLInputElement).toHaveProperty(
      'value',
      'taro@example.com',
    );
  });

  it('Register sends the kept values with the password and completes', async () => {
    saveDraft(typed);
    saveSecret(typed.pass, typed.confirmPass);
    const api = fakeApi({
      ...lookups,
      'POST user/append': {
        is_login: '1',
        point: 0,
        coin: 0,
        coin_tenths: 0,
        rank: 1,
        rank_name: '',
        lang: 'en',
      },
    });
    const user = userEvent.setup();
    renderAt('/confirm-user-register', routes);
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('landing')).textContent).toContain('complete');
    expect(api.callsTo('POST user/append')[0]?.payload).toMatchObject({
      mail: 'taro@example.com',
      pass: 'secret12',
      pref_id: 13,
      tel: '09012345678',
    });
    expect(sessionStorage.length).toBe(0); // the values go once registered
  });

  it('without values kept, the confirm page sends the member to the form', async () => {
    fakeApi(lookups);
    const { router } = renderAt('/confirm-user-register', routes);
    await waitFor(() => expect(path(router)).toBe('/user-register'));
  });
});
