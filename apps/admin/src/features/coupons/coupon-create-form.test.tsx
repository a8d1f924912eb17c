import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';

const courses = [
  {
    id: 1,
    point: 1000,
    price: 1000,
    rate: '0',
    coupon_only: 0,
    disabled: 0,
    sort: 0,
    modified: '2026-01-01T00:00:00.000Z',
    payments: 3,
  },
  {
    id: 9,
    point: 500,
    price: 500,
    rate: '100',
    coupon_only: 1,
    disabled: 0,
    sort: 9,
    modified: '2026-01-01T00:00:00.000Z',
    payments: 0,
  },
  {
    id: 10,
    point: 3000,
    price: 2500,
    rate: '0',
    coupon_only: 1,
    disabled: 0,
    sort: 10,
    modified: '2026-01-01T00:00:00.000Z',
    payments: 0,
  },
  {
    id: 11,
    point: 100,
    price: 100,
    rate: '0',
    coupon_only: 1,
    disabled: 1,
    sort: 11,
    modified: '2026-01-01T00:00:00.000Z',
    payments: 0,
  },
];

async function openForm() {
  const api = fakeApi({
    'GET admin/me': () => meAs('owner'),
    'GET admin/coupons': () => ({ list: [], page: 1, all_page: 1, per_page: 50, total: 0 }),
    'GET admin/point-prices': () => ({ list: courses }),
    'POST admin/coupons': () => ({ id: 5, code: 'WINTER-2026' }),
  });
  await renderConsole('/coupons');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New coupon' }));
  const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
  return { api, user, dialog: within(dialog) };
}

const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'))?.textContent;

describe('the coupon create form', () => {
  it('names every missing field at once and sends nothing', async () => {
    const { api, user, dialog } = await openForm();
    await user.click(dialog.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(errorOf(dialog.getByLabelText('Gems to give'))).toBe('This field is required.'),
    );
    expect(errorOf(dialog.getByLabelText('Starts (JST)'))).toBe('This field is required.');
    expect(errorOf(dialog.getByLabelText('Ends (JST)'))).toBe('This field is required.');
    expect(document.activeElement).toBe(dialog.getByLabelText('Gems to give'));
    expect(api.callsTo('POST admin/coupons')).toHaveLength(0);
  });

  it('checks the code, the window and, for an unlock coupon, that a hidden course is chosen', async () => {
    const { api, user, dialog } = await openForm();
    await user.type(dialog.getByLabelText('Code'), 'no spaces');
    await user.type(dialog.getByLabelText('Starts (JST)'), '2026-12-10T00:00');
    await user.type(dialog.getByLabelText('Ends (JST)'), '2026-12-01T00:00');
    await user.click(dialog.getByLabelText('Unlocks hidden price courses'));
    // only the hidden courses still offered can be unlocked
    const group = dialog.getByRole('group', { name: 'Courses it unlocks' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(dialog.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(errorOf(dialog.getByLabelText('Code'))).toBe('The value is invalid.'));
    expect(errorOf(dialog.getByLabelText('Ends (JST)'))).toBe('The end must be after the start.');
    expect(dialog.getByText('Choose at least one course.')).toBeTruthy();
    expect(api.callsTo('POST admin/coupons')).toHaveLength(0);
  });

  it('sends a right coupon with its times as instants from JST and shows the code made', async () => {
    const { api, user, dialog } = await openForm();
    await user.click(dialog.getByLabelText('Unlocks hidden price courses'));
    await user.click(dialog.getByLabelText(/#10: 3,000 gems/));
    await user.type(dialog.getByLabelText('Starts (JST)'), '2026-12-01T00:00');
    await user.type(dialog.getByLabelText('Ends (JST)'), '2026-12-31T23:59');
    await user.type(dialog.getByLabelText('Total uses allowed'), '100');
    await user.click(dialog.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(api.callsTo('POST admin/coupons')).toHaveLength(1));
    expect(api.callsTo('POST admin/coupons')[0]!.payload).toEqual({
      code: '',
      kind: 'unlock',
      gems: 0,
      starts_at: '2026-11-30T15:00:00.000Z',
      ends_at: '2026-12-31T14:59:00.000Z',
      max_uses: 100,
      note: '',
      point_price_ids: [10],
    });
    expect(await screen.findByText('WINTER-2026')).toBeTruthy();
  });
});
