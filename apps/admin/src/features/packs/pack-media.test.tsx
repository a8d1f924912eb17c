import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';
import { cardTypes } from '../../test/card-type-fixture.ts';
import { adminPack } from '../../test/pack-fixture.ts';

/**
 * A pack's pictures and opening videos on /admin/packs/{id} (pack-pictures.tsx, pack-videos.tsx): the carousel
 * saved in the order shown (kept pictures by path, new ones as data URLs), the server's refusal of one picture
 * shown on it, a video the server would refuse refused before it is sent, and nothing a viewer can press.
 */

const detail = {
  pack: adminPack({
    id: 7,
    name_en: 'Picture Pack',
    name_ja: '画像パック',
    total_pack_count: 5,
    sold_count: 1,
    detail_en: '<p>Hi</p>',
    movie_style: 3,
  }),
  prizes: [],
};

const STORED = [
  '/media/uploads/packs/7/a.webp',
  '/media/uploads/packs/7/b.webp',
  '/media/uploads/packs/7/c.webp',
];
const BANNER = '/media/uploads/packs/7/banner.webp';

const videos = [
  {
    id: 3,
    rarity: 7,
    movie_style: null,
    url: '/media/packs/7/videos/3.mp4',
    content_type: 'video/mp4',
    byte_size: 3 * 1024 * 1024,
  },
  {
    id: 4,
    rarity: null,
    movie_style: 2,
    url: '/media/packs/7/videos/4.webm',
    content_type: 'video/webm',
    byte_size: 800 * 1024,
  },
];

function api(role: 'owner' | 'viewer', images = STORED) {
  return fakeApi({
    'GET admin/me': () => meAs(role),
    'GET admin/packs/7': () => ({ ...detail, pack: { ...detail.pack, images, banner_image: BANNER } }),
    'GET admin/card-types': () => cardTypes(),
    'GET admin/packs/7/videos': () => ({ list: videos }),
  });
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], name, {
    type: 'image/png',
  });

const shown = (region: HTMLElement) =>
  within(region)
    .getAllByTestId('pack-picture')
    .map((li) => li.querySelector('img')!.getAttribute('src'));

describe('a pack’s pictures', () => {
  it('saves the carousel in the order shown: kept pictures by path, a new one as its data URL', async () => {
    const fake = api('owner');
    fake.set('POST admin/packs/7/images', () => ({ id: 7 }));
    await renderConsole('/packs/7');
    const region = await screen.findByRole('region', { name: 'Pictures' });
    await waitFor(() => expect(shown(region)).toEqual(STORED));
    const save = within(region).getByRole('button', { name: 'Save pictures' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    const user = userEvent.setup();
    await user.upload(within(region).getByLabelText('Add pictures'), png('new.png'));
    await waitFor(() => expect(shown(region)).toHaveLength(4));
    const added = shown(region)[3]!;
    expect(added).toMatch(/^data:image\/png;base64,/);
    expect(within(region).getAllByText('New, not saved')).toHaveLength(1);

    // the new one to second place, the first to the end, the (now) third removed
    await user.click(within(region).getByRole('button', { name: 'Move picture 4 earlier' }));
    await user.click(within(region).getByRole('button', { name: 'Move picture 3 earlier' }));
    await user.click(within(region).getByRole('button', { name: 'Move picture 1 later' }));
    expect(shown(region)).toEqual([added, STORED[0], STORED[1], STORED[2]]);
    await user.click(within(region).getByRole('button', { name: 'Move picture 2 later' }));
    await user.click(within(region).getByRole('button', { name: 'Move picture 3 later' }));
    await user.click(within(region).getByRole('button', { name: 'Remove picture 2' }));
    expect(shown(region)).toEqual([added, STORED[2], STORED[0]]);

    await user.click(save);
    await waitFor(() => expect(fake.callsTo('POST admin/packs/7/images')).toHaveLength(1));
    const sent = fake.callsTo('POST admin/packs/7/images')[0]!;
    expect(sent.payload).toEqual({ images: [added, STORED[2], STORED[0]], banner_image: BANNER });

    expect(await within(region).findByText('Pictures saved. The shop shows them now.')).toBeTruthy();
    // read again from the server
    await waitFor(() => expect(fake.callsTo('GET admin/packs/7').length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal of one picture on that picture, in the staff member’s language', async () => {
    const fake = api('owner');
    fake.set('POST admin/packs/7/images', () => ({
      state: 400,
      message: '入力内容が正しくありません。',
      errors: { image3: ['読み込めない画像です（JPEG・PNG・WebP・GIFに対応）。'] },
    }));
    await renderConsole('/packs/7', 'ja');
    const region = await screen.findByRole('region', { name: '画像' });
    await waitFor(() => expect(shown(region)).toEqual(STORED));
    const user = userEvent.setup();
    await user.upload(within(region).getByLabelText('画像を追加'), png('broken.png'));
    await waitFor(() => expect(shown(region)).toHaveLength(4));
    // the new picture goes to third place: the server's image3
    await user.click(within(region).getByRole('button', { name: '画像 4 を前へ移動' }));
    await user.click(within(region).getByRole('button', { name: '画像を保存' }));

    const items = await waitFor(() => {
      const list = within(region).getAllByTestId('pack-picture');
      expect(list[2]!.textContent).toContain('読み込めない画像です');
      return list;
    });
    expect(items[2]!.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/png/);
    for (const i of [0, 1, 3]) expect(items[i]!.querySelector('.field-error')).toBeNull();
    const describedBy = items[2]!.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(
      '読み込めない画像です（JPEG・PNG・WebP・GIFに対応）。',
    );
    expect(document.activeElement).toBe(items[2]);
    expect(within(region).getByRole('alert').textContent).toContain('1枚の画像が受け付けられませんでした');

    // moved elsewhere, the message goes with its picture
    await user.click(within(region).getByRole('button', { name: '画像 3 を前へ移動' }));
    expect(within(region).getAllByTestId('pack-picture')[1]!.textContent).toContain('読み込めない画像です');
  });

  it('shows the server’s refusal of the banner on the banner', async () => {
    const fake = api('owner');
    fake.set('POST admin/packs/7/images', () => ({
      state: 400,
      message: 'Please check the form.',
      errors: { banner_image: ['This image is too large in pixels (at most 40 megapixels).'] },
    }));
    await renderConsole('/packs/7');
    const region = await screen.findByRole('region', { name: 'Pictures' });
    const user = userEvent.setup();
    await user.upload(await within(region).findByLabelText('Replace the banner'), png('huge.png'));
    expect(await within(region).findByAltText('New banner, not saved')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Save pictures' }));
    const input = within(region).getByLabelText('Replace the banner');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This image is too large in pixels (at most 40 megapixels).',
    );
    expect(fake.callsTo('POST admin/packs/7/images')[0]!.payload).toMatchObject({
      images: STORED,
      banner_image: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(
      within(region)
        .getAllByTestId('pack-picture')
        .some((li) => li.querySelector('.field-error')),
    ).toBe(false);
  });

  it('takes at most 8 pictures', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => `/media/uploads/packs/7/${i}.webp`);
    api('owner', seven);
    await renderConsole('/packs/7');
    const region = await screen.findByRole('region', { name: 'Pictures' });
    await waitFor(() => expect(shown(region)).toHaveLength(7));
    const user = userEvent.setup();
    await user.upload(within(region).getByLabelText('Add pictures'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(shown(region)).toHaveLength(8));
    expect(within(region).getByText('1 file was not added: the carousel holds 8 pictures.')).toBeTruthy();
    expect((within(region).getByLabelText('Add pictures') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('a pack’s opening videos', () => {
  it('lists them with rarity, style, type, size and a player', async () => {
    api('owner');
    await renderConsole('/packs/7');
    const region = await screen.findByRole('region', { name: 'Opening videos' });
    const [, ...rows] = await within(region).findAllByRole('row');
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['R7', 'Any', 'video/mp4', '3 MB', '', 'Remove…'],
      ['Any', '2', 'video/webm', '800 KB', '', 'Remove…'],
    ]);
    expect(rows[0]!.querySelector('video')?.getAttribute('src')).toBe('/media/packs/7/videos/3.mp4');
  });

  it('refuses a video over 20 MB before sending it', async () => {
    const fake = api('owner');
    fake.set('POST admin/packs/7/videos', () => ({ id: 9 }));
    await renderConsole('/packs/7');
    const region = await screen.findByRole('region', { name: 'Opening videos' });
    const big = new File([new Uint8Array(16)], 'opening.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    const user = userEvent.setup();
    const input = await within(region).findByLabelText('Video file');
    await user.upload(input, big);
    expect(await within(region).findByText('The video can be at most 20 MB.')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Upload video' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(fake.callsTo('POST admin/packs/7/videos')).toHaveLength(0);

    // a file that is no video is refused too (picked with the chooser's "All files")
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(region).getByRole('button', { name: 'Upload video' }));
    expect(await within(region).findByText('Choose an MP4 or WebM video.')).toBeTruthy();
    expect(fake.callsTo('POST admin/packs/7/videos')).toHaveLength(0);
  });

  it('uploads a video for a rarity and any style, and removes one after a confirmation', async () => {
    const fake = api('owner');
    fake.set('POST admin/packs/7/videos', () => ({ id: 9 }));
    fake.set('POST admin/pack-videos/4/delete', () => ({}));
    await renderConsole('/packs/7');
    const region = await screen.findByRole('region', { name: 'Opening videos' });
    const user = userEvent.setup();
    await user.selectOptions(await within(region).findByLabelText('Rarity'), '6');
    const mp4 = new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], 'open.mp4', {
      type: 'video/mp4',
    });
    await user.upload(within(region).getByLabelText('Video file'), mp4);
    await user.click(within(region).getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(fake.callsTo('POST admin/packs/7/videos')).toHaveLength(1));
    expect(fake.callsTo('POST admin/packs/7/videos')[0]!.payload).toEqual({
      rarity: 6,
      movie_style: null,
      video: 'data:video/mp4;base64,AAAAGGZ0eXA=',
    });
    expect(await within(region).findByText('Video added.')).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Remove video #4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this opening video?' });
    expect(dialog.textContent).toContain('rarity Any, animation style 2');
    expect(fake.callsTo('POST admin/pack-videos/4/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove video' }));
    await waitFor(() => expect(fake.callsTo('POST admin/pack-videos/4/delete')).toHaveLength(1));
    expect(await within(region).findByText('Video removed.')).toBeTruthy();
  });
});

describe('a viewer', () => {
  it('sees the pictures and videos with no write control', async () => {
    const fake = api('viewer');
    await renderConsole('/packs/7');
    const pictures = await screen.findByRole('region', { name: 'Pictures' });
    const videoRegion = await screen.findByRole('region', { name: 'Opening videos' });
    await waitFor(() => expect(shown(pictures)).toEqual(STORED));
    await within(videoRegion).findAllByRole('row');
    expect(within(pictures).getByAltText('Current banner').getAttribute('src')).toBe(BANNER);
    for (const region of [pictures, videoRegion]) {
      const enabled = within(region)
        .queryAllByRole('button')
        .filter((b) => !(b as HTMLButtonElement).disabled);
      expect(enabled.map((b) => b.textContent)).toEqual([]);
      expect(region.querySelectorAll('input, select, textarea')).toHaveLength(0);
    }
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
