import { describe, expect, it } from 'vitest';
import { bestRarity, introDuration, parseVideoMap, rarityTier, sceneFor, videoFor } from './opening.ts';

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
    expect(videoFor(7, 1, map)).toBe('/v/a.mp4');
    expect(videoFor(7, 2, map)).toBe('/v/b.mp4');
    expect(videoFor(2, 3, map)).toBe('/v/c.mp4');
    expect(videoFor(2, 4, map)).toBeUndefined();
    expect(parseVideoMap('not json')).toEqual({});
  });
});
