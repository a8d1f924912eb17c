import { describe, expect, it } from 'vitest';
import {
  bestRarity,
  introDuration,
  packVideoFor,
  parseVideoMap,
  rarityTier,
  sceneFor,
  videoFor,
} from './opening.ts';

describe('opening choice (spec §2)', () => {
  it('maps rarities to tiers', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(rarityTier)).toEqual([
      'common',
      'common',
      'glow',
      'glow',
      'gold',
      'rainbow',
      'legendary',
    ]);
    expect(rarityTier(0)).toBe('common');
    expect(rarityTier(99)).toBe('legendary');
  });

  it('takes the best rarity of the purchase', () => {
    expect(bestRarity([{ rarity: 2 }, { rarity: 6 }, { rarity: 1 }])).toBe(6);
    expect(bestRarity([])).toBe(1);
  });

  it('has a scene per movie_style 1–8 and 10–13, else the default round style', () => {
    for (const s of [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13]) expect(sceneFor(s).style).toBe(s);
    for (const s of [0, 9, 14, -1, 200]) expect(sceneFor(s)).toEqual({ style: 0, shape: 'round', hue: 255 });
  });

  it('runs longer for better tiers, short when motion is reduced', () => {
    expect(introDuration('legendary', false)).toBeGreaterThan(introDuration('common', false));
    expect(introDuration('legendary', true)).toBeLessThan(1000);
  });

  it('finds a configured video, most specific first', () => {
    const map = parseVideoMap(
      JSON.stringify({ '7:1': '/v/a.mp4', '7': '/v/b.mp4', '*:3': '/v/c.mp4', bad: 'javascript:x' }),
    );
    expect(map.bad).toBeUndefined();
    expect(videoFor(7, 1, [], map)).toBe('/v/a.mp4');
    expect(videoFor(7, 2, [], map)).toBe('/v/b.mp4');
    expect(videoFor(2, 3, [], map)).toBe('/v/c.mp4');
    expect(videoFor(2, 4, [], map)).toBeUndefined();
    expect(parseVideoMap('not json')).toEqual({});
  });

  it("prefers the pack's own uploaded video, then the build-time map, else none (the built-in animation)", () => {
    const map = parseVideoMap(JSON.stringify({ '7:1': '/v/site-7-1.mp4', '7': '/v/site-7.mp4' }));
    const pack = [
      { rarity: null, movie_style: null, url: '/media/packs/4/videos/1.mp4' },
      { rarity: 7, movie_style: null, url: '/media/packs/4/videos/2.mp4' },
      { rarity: 7, movie_style: 1, url: '/media/packs/4/videos/3.webm' },
      { rarity: null, movie_style: 2, url: '/media/packs/4/videos/4.mp4' },
    ];
    // the pack's video wins over the build-time map, most specific first
    expect(videoFor(7, 1, pack, map)).toBe('/media/packs/4/videos/3.webm');
    expect(videoFor(7, 5, pack, map)).toBe('/media/packs/4/videos/2.mp4');
    expect(videoFor(3, 2, pack, map)).toBe('/media/packs/4/videos/4.mp4');
    expect(videoFor(3, 5, pack, map)).toBe('/media/packs/4/videos/1.mp4');
    // a pack video for another rarity does not fit: the map's, else nothing
    const onlyRare = [{ rarity: 6, movie_style: null, url: '/media/packs/4/videos/5.mp4' }];
    expect(videoFor(7, 1, onlyRare, map)).toBe('/v/site-7-1.mp4');
    expect(videoFor(2, 1, onlyRare, map)).toBeUndefined();
    expect(videoFor(6, 9, onlyRare, {})).toBe('/media/packs/4/videos/5.mp4');
    // a url the page could not play safely is skipped
    expect(
      packVideoFor(7, 1, [{ rarity: null, movie_style: null, url: 'javascript:alert(1)' }]),
    ).toBeUndefined();
    expect(
      packVideoFor(7, 1, [{ rarity: null, movie_style: null, url: '//evil.example/x.mp4' }]),
    ).toBeUndefined();
    expect(packVideoFor(7, 1, undefined)).toBeUndefined();
  });
});
