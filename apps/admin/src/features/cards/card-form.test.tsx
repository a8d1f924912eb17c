import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '../../lib/i18n.ts';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { CardForm } from './card-edit-page.tsx';
import { cardTypes } from '../../test/card-type-fixture.ts';

async function renderForm(lang: 'en' | 'ja' = 'en') {
  await setupI18n(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/cards/new', element: <CardForm card={null} /> },
      { path: '/cards', element: <p>card list</p> },
    ],
    { initialEntries: ['/cards/new'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const TYPES = cardTypes({ cards: 0, packs: 0 });
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'card.png', { type: 'image/png' });

describe('the card form shows its errors', () => {
  it("checks with the contract's schema first (messages under their fields, the first focused), nothing sent", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET admin/me': () => meAs('owner'), 'GET admin/card-types': () => TYPES });
    await renderForm();
    await screen.findByRole('option', { name: 'Pokémon' });
    // the fields open once the staff member's role is known (GET admin/me)
    await waitFor(() =>
      expect(screen.getByLabelText('Conversion value (gems)').matches(':disabled')).toBe(false),
    );
    await user.clear(screen.getByLabelText('Conversion value (gems)'));
    await user.type(screen.getByLabelText('Conversion value (gems)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const type = screen.getByLabelText('Card type');
    await waitFor(() => expect(document.activeElement).toBe(type));
    expect(type.getAttribute('aria-invalid')).toBe('true');
    const described = (el: HTMLElement) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(described(type)).toContain('This field is required.');
    expect(described(screen.getByLabelText('Name (English)'))).toContain('This field is required.');
    expect(described(screen.getByLabelText('Rarity label'))).toContain('This field is required.');
    expect(described(screen.getByLabelText('Conversion value (gems)'))).toContain(
      'Enter a whole number from 0 to 10,000,000.',
    );
    expect(api.callsTo('POST admin/cards')).toHaveLength(0);
  });

  it("puts the server's field errors on their fields, and a refusal without one above the form (Japanese)", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET admin/me': () => meAs('owner'),
      'GET admin/card-types': () => TYPES,
      'POST admin/cards': () => ({ state: 400, errors: { image: ['画像として読み込めません。'] } }),
    });
    await renderForm('ja');
    await screen.findByRole('option', { name: 'ポケモン' });
    await user.selectOptions(screen.getByLabelText('カード種別'), '2');
    await user.type(screen.getByLabelText('名前（英語）'), 'Blue');
    await user.type(screen.getByLabelText('名前（日本語）'), 'ブルー');
    await user.type(screen.getByLabelText('レアリティ表記'), 'SR');
    await user.upload(screen.getByLabelText('画像'), PNG);
    expect(await screen.findByRole('img', { name: '新しい画像のプレビュー' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('画像として読み込めません。')).toBeTruthy();
    const file = screen.getByLabelText('画像');
    expect(document.activeElement).toBe(file);
    const sent = api.callsTo('POST admin/cards')[0]?.payload;
    expect(sent).toMatchObject({
      card_type_id: 2,
      name_en: 'Blue',
      rarity: 1,
      rarity_label: 'SR',
      ship_only: 0,
    });
    expect(String(sent?.image)).toMatch(/^data:image\/png;base64,/);

    api.set('POST admin/cards', () => ({ state: 403, message: 'この操作の権限がありません。' }));
    await user.click(screen.getByRole('button', { name: '保存する' }));
    const alert = await screen.findByText('この操作の権限がありません。');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });

  it('refuses a file that is not a picture, or over 5 MB, before sending', async () => {
    fakeApi({ 'GET admin/me': () => meAs('owner'), 'GET admin/card-types': () => TYPES });
    await renderForm();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).matches(':disabled')).toBe(false),
    );
    // what a browser lets through when the picker is told "all files"
    const choose = (file: File) =>
      fireEvent.change(screen.getByLabelText('Picture'), { target: { files: [file] } });
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Choose a PNG, JPEG or WebP picture.')).toBeTruthy();
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The picture can be at most 5 MB.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Preview of the new picture' })).toBeNull();
  });
});
