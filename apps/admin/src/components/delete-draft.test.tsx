import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cardTypes } from '../test/card-type-fixture.ts';
import { fakeApi, meAs } from '../test/fake-api.ts';
import { renderConsole } from '../test/render.tsx';

const card = {
  id: 41,
  card_type_id: 2,
  name_en: 'Spare card',
  name_ja: '予備のカード',
  model_number: 'SP-41',
  rarity: 1,
  rarity_label: 'C',
  image_url: '/media/cards/41.svg',
  conversion_value: 10,
  ship_only: 0,
  customs_category: 'cards',
};
const list = { list: [], page: 1, all_page: 1, per_page: 50, total: 0 };

describe('deleting a draft', () => {
  it('asks first, deletes, and opens the list with a notice', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET admin/me': () => meAs('owner'),
      'GET admin/card-types': () => cardTypes(),
      'GET admin/cards/41': () => ({ card }),
      'GET admin/cards': () => list,
      'POST admin/cards/41/delete': () => ({}),
    });
    const { router } = await renderConsole('/cards/41');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete #41 Spare card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cards'));
    expect(await screen.findByText('#41 Spare card deleted.')).toBeTruthy();
    expect(api.callsTo('POST admin/cards/41/delete')).toHaveLength(1);
  });

  it('shows the refusal in the dialog, in Japanese, and stays', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET admin/me': () => meAs('owner'),
      'GET admin/card-types': () => cardTypes(),
      'GET admin/cards/41': () => ({ card }),
      'POST admin/cards/41/delete': () => ({
        state: 409,
        errors: {
          card: [
            'このカードはパックの賞品・会員の獲得アイテム・交換所のいずれかで使われているため削除できません。',
          ],
        },
      }),
    });
    const { router } = await renderConsole('/cards/41', 'ja');
    await user.click(await screen.findByRole('button', { name: '削除' }));
    await user.click(screen.getByRole('button', { name: '削除する' }));
    expect(
      await screen.findByText(
        'このカードはパックの賞品・会員の獲得アイテム・交換所のいずれかで使われているため削除できません。',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cards/41');
  });

  it('a viewer has no Delete', async () => {
    fakeApi({
      'GET admin/me': () => meAs('viewer'),
      'GET admin/card-types': () => cardTypes(),
      'GET admin/cards/41': () => ({ card }),
    });
    await renderConsole('/cards/41');
    await screen.findByDisplayValue('Spare card');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
