import { randomBytes } from 'node:crypto';
import {
  canonicalLots,
  commitmentOf,
  lotSequence,
  SEED_BYTES,
  toHex,
  type PrizeLots,
} from '@gacha/contract/fairness';

/**
 * Server side of the fairness scheme. The rules themselves (canonical list, commitment, the HMAC-driven
 * Fisher–Yates) live in `@gacha/contract/fairness` so that the browser's verify page runs the very same code;
 * the only node-specific part is where the secret seed comes from, injectable for tests.
 */

export type SeedSource = () => string;

/** A fresh secret seed: 32 random bytes from the operating system's CSPRNG, as lowercase hex. */
export const newSeed: SeedSource = () => toHex(randomBytes(SEED_BYTES));

export interface LotPlan {
  seed: string;
  commitment: string;
  canonical: number[];
  /** sequence[position] = prize id */
  sequence: number[];
}

/** Everything a publication stores: the seed, its commitment and the shuffled sequence. */
export function planLots(prizes: readonly PrizeLots[], seedSource: SeedSource = newSeed): LotPlan {
  const canonical = canonicalLots(prizes);
  const seed = seedSource();
  return {
    seed,
    commitment: commitmentOf(seed, canonical),
    canonical,
    sequence: lotSequence(seed, canonical),
  };
}

/** The seed is public once the pack is sold out or its sale has ended (DOMAIN.md Packs and lots). */
export function isRevealed(
  pack: { total_pack_count: number; sold_count: number; end_at: string | null },
  now: Date,
): boolean {
  return (
    pack.sold_count >= pack.total_pack_count || (pack.end_at !== null && pack.end_at <= now.toISOString())
  );
}
