import { describe, expect, it } from 'vitest';
import { artWebpUrl, isArtWidth } from './art-images.ts';

describe('the WebP pictures of the drawn artwork', () => {
  it('names one for the drawn card and pack pictures and the static banners', () => {
    expect(artWebpUrl('/media/cards/12.svg', 320)).toBe('/media/cards/12.webp?w=320');
    expect(artWebpUrl('/media/packs/3/banner.svg', 960)).toBe('/media/packs/3/banner.webp?w=960');
    expect(artWebpUrl('/media/packs/3/2.svg', 640)).toBe('/media/packs/3/2.webp?w=640');
    expect(artWebpUrl('/banners/banner1-sp.svg', 640)).toBe('/banners/banner1-sp-640.webp');
  });

  it('names none for an upload or anything else', () => {
    for (const url of [
      '/media/uploads/cards/ab12.webp',
      '/media/packs/3/videos/1.mp4',
      'https://cdn.example.com/a.svg',
      '/media/cards/../x.svg',
      '/banners/../secret.svg',
      '',
    ])
      expect(artWebpUrl(url, 640)).toBeNull();
  });

  it('knows its widths', () => {
    expect(isArtWidth(640)).toBe(true);
    expect(isArtWidth(641)).toBe(false);
  });
});
