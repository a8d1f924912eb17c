import { announce, onAnnounce } from '../../cluster/bus.ts';
import type { Db } from '../../db/index.ts';
import type { PackVideo } from '@gacha/contract/packs';
import { findSaleRow, packPrizes, packVideos, type PackRow, type PrizeRow } from './repo.ts';

/**
 * In-memory copy of what a purchase (the draws module's buy path) reads about a pack that is on sale: the pack
 * row (every column but sold_count is fixed once the sale has started: ARCHITECTURE.md / DOMAIN.md), its prizes
 * with their cards and its own opening videos (the buy-pack result carries them; no query per buy).
 * sold_count is NOT trusted from here: the buy's conditional UPDATE answers the live one, and any refusal is
 * decided again on a fresh read. Entries are per database handle (tests open many), kept only for published
 * packs whose sale has started. `forgetPack` drops one at once in this process and, through the cache bus
 * (cluster/bus.ts: Redis pub/sub or PostgreSQL LISTEN/NOTIFY), in every other server process on the same
 * database within milliseconds; PACK_CACHE_TTL_MS bounds the age of an entry should a message be lost.
 */
export const PACK_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 1_000;

export interface CachedPack {
  pack: PackRow;
  prizes: PrizeRow[];
  byId: Map<number, PrizeRow>;
  lastOne: PrizeRow[];
  videos: PackVideo[];
  loadedAt: number;
}

interface PackCache {
  entries: Map<number, CachedPack>;
  /** The reads under way: the buyers who miss together (a sale's start, an entry's expiry) share one. */
  loading: Map<number, Promise<CachedPack | undefined>>;
  /** Bumped by every drop: a load that began before a drop does not store what it read. */
  generation: number;
}

const caches = new WeakMap<Db, PackCache>();
const TOPIC = 'pack';

function cacheOf(db: Db): PackCache {
  let c = caches.get(db);
  if (!c) {
    const cache: PackCache = { entries: new Map(), loading: new Map(), generation: 0 };
    onAnnounce(db, TOPIC, (payload) => {
      cache.generation++;
      // a read under way may predate the change: later callers read again
      if (payload === '*') {
        cache.entries.clear();
        cache.loading.clear();
      } else {
        cache.entries.delete(Number(payload));
        cache.loading.delete(Number(payload));
      }
    });
    caches.set(db, (c = cache));
  }
  return c;
}

/** The pack and its prizes, from memory when fresh enough; undefined when there is no such pack. */
export async function cachedPack(db: Db, packId: number, now: Date): Promise<CachedPack | undefined> {
  const c = cacheOf(db);
  const cache = c.entries;
  const hit = cache.get(packId);
  const t = Date.now();
  if (hit && t - hit.loadedAt < PACK_CACHE_TTL_MS) return hit;
  const loading = c.loading.get(packId);
  if (loading) return loading;
  const load = loadPack(c, db, packId, now, t).finally(() => {
    if (c.loading.get(packId) === load) c.loading.delete(packId);
  });
  c.loading.set(packId, load);
  return load;
}

async function loadPack(
  c: PackCache,
  db: Db,
  packId: number,
  now: Date,
  t: number,
): Promise<CachedPack | undefined> {
  const cache = c.entries;
  const generation = c.generation;
  const pack = await findSaleRow(db, packId);
  if (!pack) {
    cache.delete(packId);
    return undefined;
  }
  const [prizes, videos] = await Promise.all([packPrizes(db, packId), packVideos(db, packId)]);
  const entry: CachedPack = {
    pack,
    prizes,
    byId: new Map(prizes.map((x) => [x.id, x])),
    lastOne: prizes.filter((x) => x.is_last_one),
    videos,
    loadedAt: t,
  };
  // only a published pack on sale is frozen; anything else is read afresh every time
  if (pack.seed && pack.start_at <= now.toISOString() && generation === c.generation) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(packId, entry);
  } else {
    cache.delete(packId);
  }
  return entry;
}

/**
 * Drops a pack from the cache of one database handle (after an edit of the pack, its prizes or cards), in this
 * process and in every other one on the same database.
 */
export function forgetPack(db: Db, packId: number): void {
  announce(db, TOPIC, String(packId));
}
