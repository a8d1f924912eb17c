import type { Db } from '../db/index.ts';
import { announce, onAnnounce } from './bus.ts';

/**
 * A small table the shop reads on every visit (the banners, the card types), kept whole in memory per database
 * handle. `forget` drops the copy at once in every server process on the same database (the cache bus,
 * cluster/bus.ts); `ttlMs` bounds its age should a message be lost.
 */
export function cachedRows<Row>(topic: string, ttlMs: number, load: (db: Db) => Promise<Row[]>) {
  const cache = new WeakMap<Db, { rows: Row[]; at: number }>();
  /** Bumped by every drop: a read that began before a drop does not store what it read. */
  const generations = new WeakMap<Db, number>();

  async function read(db: Db): Promise<Row[]> {
    const hit = cache.get(db);
    if (hit && Date.now() - hit.at < ttlMs) return hit.rows;
    if (!generations.has(db)) {
      generations.set(db, 0);
      onAnnounce(db, topic, () => {
        generations.set(db, (generations.get(db) ?? 0) + 1);
        cache.delete(db);
      });
    }
    const generation = generations.get(db);
    const rows = await load(db);
    if (generation === generations.get(db)) cache.set(db, { rows, at: Date.now() });
    return rows;
  }

  return { read, forget: (db: Db) => announce(db, topic, '*') };
}
