import { describe, expect, it } from 'vitest';
import { POST_IMAGE_MAX_BYTES } from '@gacha/contract/board';
import { checkHeld, checkPicked, dataUrlBytes, formatBytes, type PickedImage } from './post-images.ts';

const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });

describe('the images of a post, before sending', () => {
  it('takes up to 3 images in all and says when more were chosen', () => {
    expect(checkPicked([file('a'), file('b')], 0)).toEqual({
      accepted: [file('a'), file('b')],
      refusal: null,
    });
    const r = checkPicked([file('a'), file('b'), file('c')], 1);
    expect(r.accepted.map((f) => f.name)).toEqual(['a', 'b']);
    expect(r.refusal).toBe('post_too_many_images');
    expect(checkPicked([file('a')], 3)).toEqual({ accepted: [], refusal: 'post_too_many_images' });
  });

  it('refuses a file above 5 MB and one that is not a JPEG, PNG, WebP or GIF; keeps the others', () => {
    const big = file('big', POST_IMAGE_MAX_BYTES + 1);
    const heic = file('photo.heic', 1000, 'image/heic');
    expect(checkPicked([big, file('ok')], 0)).toEqual({ accepted: [file('ok')], refusal: 'image_too_large' });
    expect(checkPicked([heic], 0)).toEqual({ accepted: [], refusal: 'image_invalid' });
    expect(checkPicked([file('edge', POST_IMAGE_MAX_BYTES)], 0).refusal).toBeNull();
    // a type the browser does not know is the server's to judge
    expect(checkPicked([file('x', 10, '')], 0).refusal).toBeNull();
  });

  it('counts the bytes of a data URL as the server does', () => {
    expect(dataUrlBytes('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,AAA=')).toBe(2);
    expect(dataUrlBytes('data:image/png;base64,AA==')).toBe(1);
  });

  it('checks what is held at sending time', () => {
    const img = (n: number): PickedImage => ({
      key: String(n),
      name: `${n}`,
      bytes: 3,
      dataUrl: 'data:image/png;base64,AAAA',
    });
    expect(checkHeld([img(1), img(2), img(3)])).toBeNull();
    expect(checkHeld([img(1), img(2), img(3), img(4)])).toBe('post_too_many_images');
    const huge = 'A'.repeat(Math.ceil((POST_IMAGE_MAX_BYTES + 3) / 3) * 4);
    expect(checkHeld([{ ...img(1), dataUrl: `data:image/png;base64,${huge}` }])).toBe('image_too_large');
  });

  it('sizes for people', () => {
    expect(formatBytes(1_258_291)).toBe('1.2 MB');
    expect(formatBytes(850_000)).toBe('830 KB');
    expect(formatBytes(10)).toBe('1 KB');
  });
});
