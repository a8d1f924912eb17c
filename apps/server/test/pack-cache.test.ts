import { describe, expect, it } from 'vitest';
import { cachedPack, forgetPack } from '../src/modules/packs/service.ts';
import { createPack } from './draw-factories.ts';
import { freshDb } from './helpers.ts';

/**
 * The pack cache of the purchase: buyers who miss together (a hot pack's start, an entry's expiry) share one read
 * instead of each reading the pack and its prizes; a change heard during that read is not served to later buyers.
 */
describe('the pack cache', () => {
  it('buyers who miss together share one read', async () => {
    const db = await freshDb();
    const { packId } = await createPack(db);
    forgetPack(db, packId);
    const now = new Date();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => cachedPack(db, packId, now)));
    expect(a).toBeDefined();
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('a buyer after a change heard during a read reads again', async () => {
    const db = await freshDb();
    const { packId } = await createPack(db);
    forgetPack(db, packId);
    const now = new Date();
    const during = cachedPack(db, packId, now);
    forgetPack(db, packId); // heard in this process at once
    const after = cachedPack(db, packId, now);
    expect(after).not.toBe(during);
    expect(await after).not.toBe(await during);
  });
});
