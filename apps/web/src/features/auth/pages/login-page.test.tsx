import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fakeApi } from '../../../test/fake-api.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { LoginPage } from './login-page.tsx';

/** The login form (spec §2, §5) on react-hook-form + the contract's loginSchema, against a fake API. */

const routes = {
  '/login': <LoginPage />,
  '/': <Landing name="top" />,
  '/pack-detail': <Landing name="pack" />,
};
const guest = { is_login: '0', point: 0, coin: 0, coin_tenths: 0, rank: 1, rank_name: '', lang: 'en' };

beforeAll(() => loadI18n('en'));

const mail = () => screen.getByLabelText(/Email address/) as HTMLInputElement;
const pass = () => screen.getByLabelText(/^Password/, { selector: 'input' }) as HTMLInputElement;

describe('login form', () => {
  it('sent empty: "required" under both fields, the email focused, nothing sent', async () => {
    const api = fakeApi({ 'GET user/point': guest });
    const user = userEvent.setup();
    renderAt('/login', routes);
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(document.activeElement).toBe(mail());
    expect(api.callsTo('POST user/login')).toHaveLength(0);
  });

  it("puts the server's field error under its field and focuses it; Remember me sends save_cookie 1", async () => {
    const api = fakeApi({
      'GET user/point': guest,
      'POST user/login': { state: 400, errors: { pass: ['Email address or password do not match.'] } },
    });
    const user = userEvent.setup();
    renderAt('/login', routes);
    await user.type(await screen.findByLabelText(/Email address/), ' taro@example.com ');
    await user.type(pass(), 'secret12');
    await user.click(screen.getByLabelText('Remember me'));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Email address or password do not match.')).toBeTruthy();
    expect(pass().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(pass());
    expect(api.callsTo('POST user/login').map((c) => c.payload)).toEqual([
      { mail: 'taro@example.com', pass: 'secret12', save_cookie: '1' },
    ]);
  });

  it('a refusal naming no field (a throttle) shows its message under the email', async () => {
    fakeApi({
      'GET user/point': guest,
      'POST user/login': { state: 429, message: 'Too many attempts. Please wait.' },
    });
    const user = userEvent.setup();
    renderAt('/login', routes);
    await user.type(await screen.findByLabelText(/Email address/), 'taro@example.com');
    await user.type(pass(), 'secret12{Enter}');
    expect(await screen.findByText('Too many attempts. Please wait.')).toBeTruthy();
    expect(mail().getAttribute('aria-invalid')).toBe('true');
  });

  it('a double submit logs in once, then goes back to the pack', async () => {
    const answer = deferred<object>();
    const api = fakeApi({ 'GET user/point': guest, 'POST user/login': () => answer.promise } as never);
    const user = userEvent.setup();
    renderAt('/login?packId=7', routes);
    await user.type(await screen.findByLabelText(/Email address/), 'taro@example.com');
    await user.type(pass(), 'secret12');
    const form = mail().closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(api.callsTo('POST user/login')).toHaveLength(1));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(true),
    );
    fireEvent.submit(form);
    answer.resolve({ ...guest, is_login: '1', point: 500 });
    expect((await screen.findByTestId('landing')).textContent).toContain('pack ?packId=7');
    expect(api.callsTo('POST user/login')).toHaveLength(1);
  });

  it('the redirect flags of a social sign-in show their message: 1 mismatch, 2 not registered, 3 suspended', async () => {
    fakeApi({ 'GET user/point': guest });
    for (const [flag, text] of [
      ['1', /could not be matched/i],
      ['2', /no account is registered/i],
      ['3', /suspended/i],
    ] as const) {
      const view = renderAt(`/login?login_error=${flag}`, routes);
      expect(await screen.findByText(text)).toBeTruthy();
      view.unmount();
    }
  });
});

describe('login form on the served page', () => {
  /** The page as the server sends it, typed into before the app runs, then hydrated. */
  async function servedAndTyped() {
    fakeApi({ 'GET user/point': guest, 'POST user/login': { ...guest, is_login: '1' } });
    const tree = () => (
      <QueryClientProvider client={queryClient}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
            initialEntries: ['/login'],
          })}
        />
      </QueryClientProvider>
    );
    queryClient.clear();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(tree());
    const served = container.querySelector('button[type=submit]') as HTMLButtonElement;
    // before the app runs, Login cannot send the form (the browser would post it to the server)
    expect(served.disabled).toBe(true);
    (container.querySelector('input[name=mail]') as HTMLInputElement).value = 'taro@example.com';
    (container.querySelector('input[name=pass]') as HTMLInputElement).value = 'secret12';
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container, tree(), { onRecoverableError: mismatch });
    });
    return { container, mismatch };
  }

  it('keeps Login disabled until the app runs, and keeps what was typed meanwhile', async () => {
    const { container, mismatch } = await servedAndTyped();
    await waitFor(() =>
      expect((container.querySelector('button[type=submit]') as HTMLButtonElement).disabled).toBe(false),
    );
    expect((container.querySelector('input[name=mail]') as HTMLInputElement).value).toBe('taro@example.com');
    expect((container.querySelector('input[name=pass]') as HTMLInputElement).value).toBe('secret12');
    expect(mismatch).not.toHaveBeenCalled();
    container.remove();
  });
});
