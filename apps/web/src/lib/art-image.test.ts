import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ART_WIDTHS } from '@gacha/contract/art-images';
import { artImage, SIZES } from './art-image.ts';

describe('artImage', () => {
  it("names every WebP width of a drawing, with the place's sizes, the drawing kept as src", () => {
    expect(artImage('/media/packs/4/1.svg', SIZES.packImage)).toEqual({
      src: '/media/packs/4/1.svg',
      srcSet:
        '/media/packs/4/1.webp?w=320 320w, /media/packs/4/1.webp?w=640 640w, /media/packs/4/1.webp?w=960 960w, /media/packs/4/1.webp?w=1280 1280w',
      sizes: SIZES.packImage,
    });
    expect(artImage('/banners/banner1-sp.svg', SIZES.banner).srcSet).toContain(
      '/banners/banner1-sp-320.webp 320w',
    );
  });

  it('leaves an upload as it is', () => {
    expect(artImage('/media/uploads/cards/9f.webp', SIZES.card)).toEqual({
      src: '/media/uploads/cards/9f.webp',
    });
  });

  it('asks for the widths the build draws the static banners at', () => {
    const script = readFileSync(new URL('../../scripts/raster-banners.mjs', import.meta.url), 'utf8');
    const widths = /const WIDTHS = \[([^\]]*)\]/.exec(script)?.[1]?.split(',').map(Number);
    expect(widths).toEqual([...ART_WIDTHS]);
  });
});
