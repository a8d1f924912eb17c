import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransferStatus } from '@gacha/contract/transfer';
import { deferred, fakeApi, type Handler } from '../test/fake-api.ts';
import { loadI18n, renderAt } from '../test/render.tsx';
import { PointTransfer } from './point-transfer.tsx';

/**
 * Point transfer (spec §1, §7) against a fake API: linking through the partner's login (errors.login_id on its
 * field), the balance there, an amount checked with the contract's schema, a confirmation whose request_id is
 * sent with the transfer (a double click is one request), '1' credited and '2' pending, errors.point.
 */

const unlinked: TransferStatus = {
  linked: '0',
  partner_name: 'Sandbox Partner',
  account_name: '',
  point: 0,
  gems_per_point: 1,
  transfers: [],
};
const linked: TransferStatus = {
  ...unlinked,
  linked: '1',
  account_name: 'Hanako Partner',
  point: 20000,
};
const transfer = {
  id: 5,
  point: 1000,
  gems: 1000,
  status: 'succeeded' as const,
  created: '2026-11-24 16:07:31',
};

function shop(status: TransferStatus, extra: Record<string, Handler | object> = {}) {
  return fakeApi({
    'GET user/point': {
      is_login: '1',
      point: 0,
      coin: 0,
      coin_tenths: 0,
      rank: 1,
      rank_name: 'White',
      lang: 'en',
    },
    'GET user/transfer/point': status,
    ...extra,
  });
}

const routes = { '/buy-point': <PointTransfer /> };

beforeAll(() => loadI18n('en'));

describe('point transfer: linking', () => {
  it("the partner's refusal goes under the login ID; a good login shows the balance there", async () => {
    let tries = 0;
    const api = shop(unlinked, {
      'POST user/transfer/login': () =>
        ++tries === 1
          ? {
              state: 400,
              errors: { login_id: ['The partner site did not accept this login ID or password.'] },
            }
          : linked,
    });
    const user = userEvent.setup();
    renderAt('/buy-point', routes);
    await user.type(await screen.findByLabelText(/^Sandbox Partner login ID/), 'partner@example.com');
    await user.type(screen.getByLabelText(/^Sandbox Partner password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Link account' }));
    expect(
      await screen.findByText('The partner site did not accept this login ID or password.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Sandbox Partner login ID/));

    await user.clear(screen.getByLabelText(/^Sandbox Partner password/));
    await user.type(screen.getByLabelText(/^Sandbox Partner password/), 'partner1234');
    await user.click(screen.getByRole('button', { name: 'Link account' }));
    expect((await screen.findByTestId('partner-points')).textContent).toBe('20,000 pt');
    expect(api.callsTo('POST user/transfer/login').map((c) => c.payload)).toEqual([
      { login_id: 'partner@example.com', password: 'nope' },
      { login_id: 'partner@example.com', password: 'partner1234' },
    ]);
  });

  it('nothing is shown when the shop offers no transfer', async () => {
    shop(unlinked, {
      'GET user/transfer/point': { state: 404, message: 'Point transfer is not available.' },
    });
    const { container } = renderAt('/buy-point', routes);
    await waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Point transfer' })).toBeNull();
  });
});

describe('point transfer: moving points', () => {
  it('checks the amount, confirms, sends it with a request id once, and says the gems were added', async () => {
    const answer = deferred<object>();
    const api = shop(linked, { 'POST user/transfer/point': () => answer.promise });
    const user = userEvent.setup();
    renderAt('/buy-point', routes);
    const amount = await screen.findByLabelText(/^Points to move/);

    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Move points' }));
    expect(await screen.findByText('Enter a whole number of points from 1 to 50,000.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '30000');
    await user.click(screen.getByRole('button', { name: 'Move points' }));
    expect(await screen.findByText('Your partner site account does not hold that many points.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(screen.getByRole('button', { name: 'Move points' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Move points into gems' }));
    expect(modal.getByText('+1,000')).toBeTruthy();
    const confirm = modal.getByRole('button', { name: 'Move points' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('POST user/transfer/point')).toHaveLength(1));
    const sent = api.callsTo('POST user/transfer/point')[0]?.payload as { point: number; request_id: string };
    expect(sent.point).toBe(1000);
    expect(sent.request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    answer.resolve({ result: '1', transfer, point: 19000 });
    const done = within(await screen.findByRole('alertdialog', { name: 'Points moved' }));
    expect(done.getByText('1,000 gems have been added to your balance.')).toBeTruthy();
    expect(api.callsTo('POST user/transfer/point')).toHaveLength(1);
  });

  it('each confirmation has its own request id', async () => {
    const api = shop(linked, { 'POST user/transfer/point': { result: '1', transfer, point: 19000 } });
    const user = userEvent.setup();
    renderAt('/buy-point', routes);
    for (let i = 0; i < 2; i++) {
      await user.type(await screen.findByLabelText(/^Points to move/), '1000');
      await user.click(screen.getByRole('button', { name: 'Move points' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Move points into gems' })).getByRole('button', {
          name: 'Move points',
        }),
      );
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    }
    const ids = api
      .callsTo('POST user/transfer/point')
      .map((c) => (c.payload as { request_id: string }).request_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("'2': the gems come once the partner confirms; errors.point goes under the amount", async () => {
    let n = 0;
    shop(linked, {
      'POST user/transfer/point': () =>
        ++n === 1
          ? { result: '2', transfer: { ...transfer, status: 'pending' }, point: 19000 }
          : { state: 400, errors: { point: ['The partner site refused this transfer.'] } },
    });
    const user = userEvent.setup();
    renderAt('/buy-point', routes);
    const move = async () => {
      await user.type(await screen.findByLabelText(/^Points to move/), '1000');
      await user.click(screen.getByRole('button', { name: 'Move points' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Move points into gems' })).getByRole('button', {
          name: 'Move points',
        }),
      );
    };
    await move();
    const pending = within(await screen.findByRole('alertdialog', { name: 'Transfer requested' }));
    expect(
      pending.getByText(
        'Your transfer of 1,000 points is waiting for Sandbox Partner. The gems are credited once the partner confirms.',
      ),
    ).toBeTruthy();
    await user.click(pending.getByRole('button', { name: 'OK' }));
    await move();
    expect(await screen.findByText('The partner site refused this transfer.')).toBeTruthy();
  });
});
