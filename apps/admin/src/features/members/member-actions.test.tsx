import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { memberDetail } from '../../test/member-fixture.ts';
import { renderConsole } from '../../test/render.tsx';

/** The member page of #42 as support (members.write) with a live gem balance the grant and deduct change. */
function memberApi() {
  let gems = 1500;
  let coinTenths = 125;
  const api = fakeApi({
    'GET admin/me': () => meAs('support'),
    'GET admin/members/42': () => ({ ...memberDetail({ gems, coinTenths }) }),
    'POST admin/members/42/gems/grant': (p) => {
      gems += Number(p?.amount);
      return { applied: true, balance: gems };
    },
    'POST admin/members/42/gems/deduct': (p) =>
      Number(p?.amount) > gems
        ? {
            state: 409,
            message: '残高は1500です。残高がマイナスになる減算はできません。',
            errors: { amount: ['残高は1500です。残高がマイナスになる減算はできません。'] },
          }
        : { applied: true, balance: (gems -= Number(p?.amount)) },
    'POST admin/members/42/coins/deduct': (p) =>
      Number(p?.tenths) > coinTenths
        ? {
            state: 409,
            message: `The balance is ${coinTenths}: a deduction cannot take it below zero.`,
            errors: { tenths: [`The balance is ${coinTenths}: a deduction cannot take it below zero.`] },
          }
        : { applied: true, balance: (coinTenths -= Number(p?.tenths)) },
    'POST admin/members/42/coins/grant': (p) => {
      coinTenths += Number(p?.tenths);
      return { applied: true, balance: coinTenths };
    },
  });
  return api;
}

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST');

async function openDialog(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('the member page’s actions', () => {
  it('the gem grant needs a reason; a double submit sends one request with one request id', async () => {
    const api = memberApi();
    await renderConsole('/members/42');
    expect((await screen.findByTestId('member-gems')).textContent).toBe('1,500');
    const { user, dialog } = await openDialog('Grant gems');
    expect(within(dialog).getByRole('heading', { name: 'Grant gems to member #42' })).toBeTruthy();

    // no reason: refused before sending, the reason field says why and has the focus
    await user.type(within(dialog).getByLabelText('Gems'), '1,000');
    await user.click(within(dialog).getByRole('button', { name: 'Grant gems' }));
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    // spaces are no reason either
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Grant gems' }));
    expect(posts(api)).toHaveLength(0);

    await user.type(reason, 'Apology for the outage');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Grant gems' }));
    expect(await screen.findByText('1,000 gems granted to member #42. Balance: 2,500 gems.')).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
    const sent = posts(api)[0]!;
    expect(sent.path).toBe('admin/members/42/gems/grant');
    expect(sent.payload).toEqual({
      amount: 1000,
      reason: 'Apology for the outage',
      request_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    // the dialog closed and the page read the member again
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('member-gems').textContent).toBe('2,500'));

    // a new opening of the dialog is a new request
    const again = await openDialog('Grant gems');
    await again.user.type(within(again.dialog).getByLabelText('Gems'), '5');
    await again.user.type(within(again.dialog).getByLabelText('Reason'), 'Second grant');
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Grant gems' }));
    await waitFor(() => expect(posts(api)).toHaveLength(2));
    expect(posts(api)[1]!.payload?.request_id).not.toBe(sent.payload?.request_id);
  });

  it('a retry after a lost answer sends the same request id again', async () => {
    const api = memberApi();
    let lost = true;
    api.set('POST admin/members/42/gems/grant', () => {
      if (lost) {
        lost = false;
        throw new Error('connection reset');
      }
      return { applied: false, balance: 2500 };
    });
    await renderConsole('/members/42');
    const { user, dialog } = await openDialog('Grant gems');
    await user.type(within(dialog).getByLabelText('Gems'), '1000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Grant gems' }));
    expect(await within(dialog).findByText('Something went wrong. Please try again later.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Grant gems' }));
    expect(
      await screen.findByText(
        'That request was applied already; nothing changed this time. Member #42 has 2,500 gems.',
      ),
    ).toBeTruthy();
    const ids = posts(api).map((c) => c.payload?.request_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('a deduction past the balance: the server’s refusal under the amount, in Japanese', async () => {
    const api = memberApi();
    await renderConsole('/members/42', 'ja');
    const { user, dialog } = await openDialog('ジェムを減算');
    await user.type(within(dialog).getByLabelText('ジェム'), '2000');
    await user.type(within(dialog).getByLabelText('理由'), '誤付与の訂正');
    await user.click(within(dialog).getByRole('button', { name: 'ジェムを減算' }));
    // the server's bare integer read as the page shows the balance
    expect(
      await within(dialog).findByText('残高は1,500です。残高がマイナスになる減算はできません。'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('ジェム').getAttribute('aria-invalid')).toBe('true');
    expect(posts(api)).toHaveLength(1);
    // the dialog stays open for a smaller amount
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('coins are entered with one decimal and sent in tenths; shown with one decimal', async () => {
    const api = memberApi();
    await renderConsole('/members/42');
    expect((await screen.findByTestId('member-coins')).textContent).toBe('12.5');
    const { user, dialog } = await openDialog('Grant coins');
    const amount = within(dialog).getByLabelText(/^Coins/);
    await user.type(amount, '2.55');
    await user.type(within(dialog).getByLabelText('Reason'), 'Rank bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Grant coins' }));
    expect(
      await within(dialog).findByText('Enter coins from 0.1 to 1,000,000, with at most one decimal.'),
    ).toBeTruthy();
    expect(posts(api)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Grant coins' }));
    expect(await screen.findByText('2.5 coins granted to member #42. Balance: 15.0 coins.')).toBeTruthy();
    expect(posts(api)[0]!.payload).toMatchObject({ tenths: 25, reason: 'Rank bonus' });
  });

  it('a coin deduction past the balance: the refusal names the balance in coins, under the amount', async () => {
    const api = memberApi();
    await renderConsole('/members/42');
    const { user, dialog } = await openDialog('Deduct coins');
    await user.type(within(dialog).getByLabelText(/^Coins/), '20');
    await user.type(within(dialog).getByLabelText('Reason'), 'Correction');
    await user.click(within(dialog).getByRole('button', { name: 'Deduct coins' }));
    expect(
      await within(dialog).findByText('The balance is 12.5: a deduction cannot take it below zero.'),
    ).toBeTruthy();
    expect(posts(api)[0]!.payload).toMatchObject({ tenths: 200 });
  });
});
