import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';
import { paymentDetail, paymentRow, refundOf } from '../../test/payment-fixture.ts';

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the refund dialog', () => {
  it('shows the purchase’s gems, the unspent and spent parts and the amount per reason, and refunds once on a double click', async () => {
    let refunded: ReturnType<typeof refundOf> | null = null;
    const api = fakeApi({
      'GET admin/me': () => meAs('operator'),
      'GET admin/payments/5': () =>
        refunded
          ? paymentDetail({
              payment: {
                ...paymentDetail().payment,
                refund: { status: 'succeeded', amount_yen: 1800, gems_reclaimed: 1800 },
              },
              refund: refunded,
              refund_options: null,
            })
          : paymentDetail(),
      'POST admin/payments/5/refund': (p) => {
        refunded = refundOf(p?.reason_kind as 'legal_unused', String(p?.reason));
        return { changed: true, refund: refunded };
      },
    });
    await renderConsole('/payments/5');
    expect(await screen.findByRole('heading', { name: 'Payment #5' })).toBeTruthy();
    expect(screen.getByText('payment.succeeded')).toBeTruthy(); // its provider events
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('refund-gems').textContent).toBe('3,000');
    expect(within(dialog).getByTestId('refund-unspent').textContent).toBe('1,800');
    expect(within(dialog).getByTestId('refund-spent').textContent).toBe('1,200');
    // no reason kind yet: no amount, and the refund cannot be sent
    expect(within(dialog).getByTestId('refund-amount').textContent).toBe('choose a reason');
    expect((within(dialog).getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(dialog).getByLabelText(/The shop's fault/));
    expect(within(dialog).getByTestId('refund-amount').textContent).toBe('¥3,000');
    await user.click(within(dialog).getByLabelText(/Unused balance/));
    expect(within(dialog).getByTestId('refund-amount').textContent).toBe('¥1,800');

    // the reason is required
    await user.click(within(dialog).getByRole('button', { name: 'Refund ¥1,800' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(posts(api)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Service ends');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund ¥1,800' }));
    expect(
      await screen.findByText('Payment #5: ¥1,800 refunded, 1,800 gems taken back (Refunded).'),
    ).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.payload).toEqual({ reason_kind: 'legal_unused', reason: 'Service ends' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the page read the payment again: refunded, no Refund button any more
    expect(await screen.findByRole('heading', { name: 'Refund' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('shows the server’s refusal in the staff member’s language', async () => {
    fakeApi({
      'GET admin/me': () => meAs('owner'),
      'GET admin/payments/5': () => paymentDetail(),
      'POST admin/payments/5/refund': () => ({
        state: 409,
        message: 'この購入のジェムはすべて使用済みのため、未使用分の返金はできません。',
      }),
    });
    await renderConsole('/payments/5', 'ja');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '返金' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/未使用残高/));
    await user.type(within(dialog).getByLabelText('理由'), 'サービス終了');
    await user.click(within(dialog).getByRole('button', { name: '¥1,800を返金する' }));
    expect(
      await within(dialog).findByText('この購入のジェムはすべて使用済みのため、未使用分の返金はできません。'),
    ).toBeTruthy();
  });
});

describe('matching a bank transfer by hand', () => {
  it('asks for a confirmation before crediting, and sends the statement’s figures', async () => {
    const pending = paymentRow({
      id: 8,
      method: 'bank',
      status: 'pending',
      amount_yen: 5000,
      gems: 5000,
      settled_at: null,
    });
    const api = fakeApi({
      'GET admin/me': () => meAs('support'),
      'GET admin/payments/8': () =>
        paymentDetail({
          payment: { ...pending, point_price_id: 3, pack_id: null, combini_code: null },
          credit: null,
          refund_options: null,
          events: [],
        }),
      'POST admin/payments/8/match': () => ({
        changed: true,
        gems: 5000,
        payment: { ...pending, status: 'succeeded', matched_by_hand: true },
      }),
    });
    await renderConsole('/payments/8');
    const user = userEvent.setup();
    // support matches but does not refund
    await user.click(await screen.findByRole('button', { name: 'Match bank transfer' }));
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Member #'), '42');
    await user.type(within(dialog).getByLabelText('Amount received (yen)'), '5,000');
    await user.type(within(dialog).getByLabelText('Name on the transfer'), 'ヤマダ タロウ');
    await user.type(within(dialog).getByLabelText('Reason'), 'Statement of 3 March');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(
      await within(dialog).findByText(
        'Credit 5,000 gems to member #42 for the ¥5,000 received? This cannot be undone.',
      ),
    ).toBeTruthy();
    expect(posts(api)).toHaveLength(0);
    await user.dblClick(within(dialog).getByRole('button', { name: 'Match and credit' }));
    expect(await screen.findByText('Payment #8 matched: 5,000 gems credited to member #42.')).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.payload).toEqual({
      user_id: 42,
      amount_yen: 5000,
      holder_name: 'ヤマダ タロウ',
      reason: 'Statement of 3 March',
    });
  });
});
