import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ME_SIGNED_OUT, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';
import { dashboardAnswer } from '../../test/dashboard-fixture.ts';

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-ef01-23${String(i).padStart(2, '0')}`);

describe('signing in', () => {
  it('password → enrolment (QR as an image, the key as text) → the ten recovery codes once → the console', async () => {
    const user = userEvent.setup();
    let me: Record<string, unknown> = ME_SIGNED_OUT;
    const api = fakeApi({
      'GET admin/me': () => me,
      'POST admin/login': (p) =>
        p?.password === 'right-password-1'
          ? ((me = { ...ME_SIGNED_OUT, signed_in: true, email: 'new@shop.example', role: 'owner' }),
            { next: 'enrol' })
          : { state: 400, errors: { password: ['Email address or password do not match.'] } },
      'POST admin/totp/start': () => ({
        otpauth_url: 'otpauth://totp/x',
        secret: 'JBSWY3DPEHPK3PXP',
        qr_svg: QR,
      }),
      'POST admin/totp/confirm': (p) => {
        if (p?.code !== '654321') return { state: 400, errors: { code: ['The code is not valid.'] } };
        me = meAs('owner');
        return { recovery_codes: CODES };
      },
      'GET admin/packs': () => ({ list: [], page: 1, all_page: 1, per_page: 50, total: 0 }),
      'GET admin/card-types': () => ({ list: [] }),
    });
    const { router } = await renderConsole('/packs');

    // a guest is sent to the sign-in, and comes back after it
    const email = await screen.findByLabelText('Email address');
    expect(router.state.location.pathname).toBe('/login');
    await user.type(email, 'new@shop.example');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email address or password do not match.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // the QR code is an image of the server's SVG (nothing of it in the page's DOM), the key is text
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR)}`);
    expect(document.querySelector('svg')).toBeNull();
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(screen.getByText('Setup key:')).toBeTruthy();
    expect(api.callsTo('POST admin/totp/start')).toHaveLength(1); // one secret, not one per render

    // a code that is not 6 digits is refused before sending; a wrong one by the server
    const code = screen.getByLabelText('6-digit code');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByText('The code is not valid.')).toBeTruthy();
    expect(api.callsTo('POST admin/totp/confirm')).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    await waitFor(() => expect(api.callsTo('POST admin/totp/confirm')).toHaveLength(1));
    expect(await screen.findByText('The code is not valid.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

    // the ten codes, then the console
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: 'I have saved them — continue' }));
    expect(await screen.findByRole('heading', { name: 'Packs' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/packs');
    expect(screen.getByTestId('staff-identity').textContent).toContain('owner@shop.example');
    // every POST carried the csrf pair of the answer before it
    for (const call of api.calls.filter((c) => c.method === 'POST')) expect(call.csrf).toMatch(/^pair-\d+$/);
  });

  it('an enrolled member gives a code, or switches to a recovery code; errors in Japanese', async () => {
    const user = userEvent.setup();
    let me: Record<string, unknown> = {
      ...ME_SIGNED_OUT,
      signed_in: true,
      enrolled: true,
      email: 'a@b.c',
      role: 'viewer',
    };
    const api = fakeApi({
      'GET admin/me': () => me,
      'POST admin/totp/verify': (p) => {
        if (p?.recovery_code === 'aaaa-bbbb-cccc') {
          me = meAs('viewer');
          return {};
        }
        return p?.recovery_code !== undefined
          ? { state: 400, errors: { recovery_code: ['コードが正しくありません。'] } }
          : { state: 400, errors: { code: ['コードが正しくありません。'] } };
      },
      'GET admin/dashboard': () => ({ ...dashboardAnswer() }),
    });
    await renderConsole('/login', 'ja');

    expect(await screen.findByRole('heading', { name: '2段階認証' })).toBeTruthy();
    await user.type(screen.getByLabelText('6桁のコード'), 'abc');
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByText('コードが正しくありません。')).toBeTruthy();
    expect(api.callsTo('POST admin/totp/verify')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'リカバリーコードを使う' }));
    const recovery = screen.getByLabelText('リカバリーコード');
    expect(document.activeElement).toBe(recovery);
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByText('リカバリーコードを入力してください。')).toBeTruthy();
    await user.type(recovery, 'zzzz');
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(await screen.findByText('コードが正しくありません。')).toBeTruthy();
    expect(api.callsTo('POST admin/totp/verify').at(-1)?.payload).toEqual({ recovery_code: 'zzzz' });
    await user.clear(recovery);
    await user.type(recovery, 'aaaa-bbbb-cccc');
    await user.click(screen.getByRole('button', { name: '確認する' }));
    // the home page of a role with dashboard.read
    expect(await screen.findByRole('heading', { name: 'ダッシュボード' })).toBeTruthy();
  });

  it('too many wrong codes: the session is void, the password step comes back with the reason', async () => {
    const user = userEvent.setup();
    let me: Record<string, unknown> = {
      ...ME_SIGNED_OUT,
      signed_in: true,
      enrolled: true,
      email: 'a@b.c',
      role: 'owner',
    };
    const locked = 'Too many wrong codes. Sign in again with your password in 15 minutes.';
    const api = fakeApi({
      'GET admin/me': () => me,
      'POST admin/totp/verify': () => {
        me = ME_SIGNED_OUT;
        return { state: 429, message: locked };
      },
    });
    await renderConsole('/login');
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(locked)).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    expect(api.callsTo('POST admin/totp/verify')).toHaveLength(1);
  });
});
