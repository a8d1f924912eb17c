import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminBannerRow } from '@gacha/contract/admin-shop';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';

const banner: AdminBannerRow = {
  id: 7,
  kind: 'top',
  slot: 1,
  sort: 1,
  image_url: '/banners/banner1-pc.svg',
  sp_image_url: '/banners/banner1-sp.svg',
  link_url: '/?tab=2',
  tone: 'gold',
  title_en: 'Winter packs',
  title_ja: '冬のパック',
  text_en: 'New cards every week',
  text_ja: '毎週新しいカード',
  cta_en: 'See packs',
  cta_ja: 'パックを見る',
  starts_at: '2026-12-01T03:00:00.000Z',
  ends_at: null,
  enabled: 1,
  live: true,
};

describe('the banner form', () => {
  it('shows the server’s field error on its field, in the staff member’s language, and focuses it', async () => {
    const api = fakeApi({
      'GET admin/me': () => meAs('owner'),
      'GET admin/banners/7': () => ({ banner }),
      'POST admin/banners/7': () => ({
        state: 400,
        message: '入力内容が正しくありません。',
        errors: { link_url: ['入力内容が正しくありません。'] },
      }),
    });
    await renderConsole('/banners/7', 'ja');
    const link = await screen.findByLabelText('リンク先');
    expect(link).toHaveProperty('value', '/?tab=2');
    // the window is shown in JST
    expect(screen.getByLabelText('開始（日本時間）')).toHaveProperty('value', '2026-12-01T12:00');

    const user = userEvent.setup();
    await user.clear(link);
    await user.type(link, '/pack-detail?id=3');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    const described = link.getAttribute('aria-describedby') ?? '';
    const error = described
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((el) => el?.classList.contains('field-error'));
    expect(error?.textContent).toBe('入力内容が正しくありません。');
    expect(document.activeElement).toBe(link);
    // the edit sent the fields as the API takes them: no picture (none chosen), times as instants
    const sent = api.callsTo('POST admin/banners/7');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toMatchObject({
      link_url: '/pack-detail?id=3',
      starts_at: '2026-12-01T03:00:00.000Z',
      ends_at: null,
      enabled: 1,
      slot: 1,
    });
    expect(sent[0]!.payload).not.toHaveProperty('image');
  });

  it('refuses a window that ends before it starts, a link to another site and a Top banner without its picture, without sending', async () => {
    const api = fakeApi({
      'GET admin/me': () => meAs('owner'),
      'GET admin/banners': () => ({ list: [], page: 1, all_page: 1, per_page: 50, total: 0 }),
    });
    await renderConsole('/banners/new?kind=top');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title (English)'), 'Spring');
    await user.type(screen.getByLabelText('Link'), 'https://evil.example/');
    await user.type(screen.getByLabelText('Starts (JST)'), '2026-12-02T10:00');
    await user.type(screen.getByLabelText('Ends (JST)'), '2026-12-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The end must be after the start.')).toBeTruthy();
    expect(screen.getByLabelText('Link').getAttribute('aria-invalid')).toBe('true');
    // a new Top banner needs its desktop picture
    expect(screen.getByLabelText('Desktop picture').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose the desktop picture of the banner.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('previews the words as typed, in either language', async () => {
    fakeApi({ 'GET admin/me': () => meAs('owner'), 'GET admin/banners/7': () => ({ banner }) });
    await renderConsole('/banners/7');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview.textContent).toContain('Winter packs');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Button (English)'), '!');
    expect(preview.textContent).toContain('See packs!');
    await user.click(within(preview).getByRole('button', { name: '日本語' }));
    expect(preview.textContent).toContain('冬のパック');
    expect(preview.textContent).toContain('パックを見る');
  });
});
