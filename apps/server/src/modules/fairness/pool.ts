import type { DisclosedPrize, DisclosureRecord } from '@gacha/contract/pack-fairness';
import type { Db } from '../../db/index.ts';
import { packDisclosure } from '../packs/service.ts';
import { lotSequence } from './repo.ts';

/**
 * What never changes about a published pack, kept in memory per database handle: its odds disclosure and, per
 * prize, the positions of the lot sequence that hold it. With these, the remaining pool at any sold count is a
 * binary search per prize — no query over the lots. The purchase path knows nothing of it: whatever it sells shows
 * as a new sold_count, which the live odds read (one primary-key read) and key their memo on.
 */
export interface Pool {
  packId: number;
  commitment: string;
  disclosure: DisclosureRecord;
  /** The lotted prizes (the last-one prizes left out), by prize id. */
  prizes: Map<number, DisclosedPrize>;
  lastOne: DisclosedPrize[];
  /** Per lotted prize: the positions holding it, ascending. */
  positions: Map<number, Int32Array>;
  /** When the lots at top-prize positions were drawn, once looked up (a drawn lot stays drawn). */
  drawnAt: Map<number, string>;
  /** The last live-odds answers, per language, with the sold count and reveal they were computed for. */
  memo: Map<string, { sold: number; revealed: boolean; answer: unknown }>;
}

const MAX_POOLS = 500;
const pools = new WeakMap<Db, Map<number, Promise<Pool | undefined>>>();

function poolsOf(db: Db) {
  let m = pools.get(db);
  if (!m) pools.set(db, (m = new Map()));
  return m;
}

async function loadPool(db: Db, packId: number): Promise<Pool | undefined> {
  const fixed = await packDisclosure(db, packId);
  if (!fixed) return undefined;
  const { disclosure } = fixed;
  const sequence = await lotSequence(db, packId);
  if (sequence.length !== disclosure.total) {
    throw new Error(`pack ${packId}: ${sequence.length} lots but the disclosure says ${disclosure.total}`);
  }
  const lists = new Map<number, number[]>();
  sequence.forEach((prizeId, position) => {
    let l = lists.get(prizeId);
    if (!l) lists.set(prizeId, (l = []));
    l.push(position);
  });
  const prizes = new Map(disclosure.prizes.filter((p) => !p.is_last_one).map((p) => [p.prize_id, p]));
  for (const [prizeId, l] of lists) {
    if (prizes.get(prizeId)?.quantity !== l.length) {
      throw new Error(`pack ${packId}: prize ${prizeId} holds ${l.length} lots, not as disclosed`);
    }
  }
  return {
    packId,
    commitment: fixed.commitment,
    disclosure,
    prizes,
    lastOne: disclosure.prizes.filter((p) => p.is_last_one),
    positions: new Map([...lists].map(([id, l]) => [id, Int32Array.from(l)])),
    drawnAt: new Map(),
    memo: new Map(),
  };
}

/** The pool of a published pack (undefined for a draft or no pack), loaded once per database handle. */
export async function poolOf(db: Db, packId: number): Promise<Pool | undefined> {
  const m = poolsOf(db);
  let p = m.get(packId);
  if (!p) {
    if (m.size >= MAX_POOLS) m.clear();
    p = loadPool(db, packId);
    m.set(packId, p);
    // a draft (undefined) may be published later, and a failed load may succeed: keep neither
    p.then(
      (pool) => pool || m.delete(packId),
      () => m.delete(packId),
    );
  }
  return p;
}

/** How many of the sorted positions are below `sold`. */
function countBelow(positions: Int32Array, sold: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (positions[mid]! < sold) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The positions of a prize already sold when `sold` lots are, ascending. */
export function soldPositions(pool: Pool, prizeId: number, sold: number): Int32Array {
  const all = pool.positions.get(prizeId) ?? new Int32Array(0);
  return all.subarray(0, countBelow(all, sold));
}

/** Lots of a prize still in the pool when `sold` lots are sold. */
export function remainingOf(pool: Pool, prizeId: number, sold: number): number {
  const all = pool.positions.get(prizeId);
  return all ? all.length - countBelow(all, sold) : 0;
}

/**
 * The remaining pool as a canonical list (one prize id per lot, sorted by prize id): its contents, in an order
 * that says nothing about which lot comes next.
 */
export function remainingLots(pool: Pool, sold: number): number[] {
  const out: number[] = [];
  for (const id of [...pool.prizes.keys()].sort((a, b) => a - b)) {
    for (let n = remainingOf(pool, id, sold); n > 0; n--) out.push(id);
  }
  return out;
}
