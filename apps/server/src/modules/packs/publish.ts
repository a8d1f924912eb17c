import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/api-error.ts';
import type { AuditEntry, StaffWrite } from '../admin/service.ts';
import { buildDisclosure } from './disclosure.ts';
import { newSeed, planLots, type SeedSource } from './fairness.ts';
import { forgetPack } from './pack-cache.ts';
import * as repo from './repo.ts';

/** A publication by staff: the write it runs in, and its audit row (appended only when this call published). */
export interface StaffPublication {
  write: StaffWrite;
  entry: (commitment: string) => AuditEntry;
}

/**
 * Publishes a pack's lot sequence (DOMAIN.md Packs and lots): a fresh secret 32-byte seed, the commitment
 * sha256(seed ‖ ':' ‖ canonical list) and the Fisher–Yates sequence driven by the seed, stored as `pack_lots`;
 * beside the commitment, in the same statement, the odds disclosure (disclosure.ts: every prize and quantity).
 * Idempotent: a published pack is never reshuffled (the seed is set with a conditional `WHERE seed IS NULL`,
 * in the same transaction as the lots, so two publishers at once store one sequence).
 * The lots must add up to the pack's total_pack_count. The buy path's cached copy of the pack is dropped.
 */
export async function publishPack(
  db: Db,
  packId: number,
  seedSource: SeedSource = newSeed,
  /** Staff publishing (staff.ts publishReadyPack): the transaction is theirs, with its audit row. */
  by?: StaffPublication,
  /** When the disclosure says it was fixed (the demo loader publishes its packs as of their creation). */
  publishedAt: Date = new Date(),
): Promise<{ commitment: string; published: boolean }> {
  const pack = await repo.findPublishState(db, packId);
  if (!pack) throw new Error(`pack ${packId} does not exist`);
  if (pack.seed && pack.commitment) return { commitment: pack.commitment, published: false };
  const prizes = await repo.packPrizes(db, packId);
  const plan = planLots(prizes, seedSource);
  const disclosure = JSON.stringify(buildDisclosure(prizes, publishedAt));
  if (plan.canonical.length !== pack.total_pack_count) {
    throw new Error(
      `pack ${packId}: its prizes hold ${plan.canonical.length} lots but total_pack_count is ${pack.total_pack_count}`,
    );
  }
  const store = async (tx: Transaction<Database>) => {
    if (!(await repo.setSeedOnce(tx, packId, { ...plan, disclosure }))) {
      return { commitment: (await repo.findCommitment(tx, packId))!, published: false };
    }
    await repo.insertLots(tx, packId, plan.sequence);
    return { commitment: plan.commitment, published: true };
  };
  const published = by
    ? await by.write(async (tx, audit) => {
        const r = await store(tx);
        if (r.published) await audit(by.entry(r.commitment));
        return r;
      })
    : await db.transaction().execute(store);
  forgetPack(db, packId);
  return published;
}

/**
 * What publishing will sell: lots per rarity, the full-sale revenue, the conversion value (payout ratio) and the
 * expected prize value of a play against its price, with a warning above the shop's threshold.
 */
export async function publishSummary(db: Db, packId: number, warnAbove: number) {
  const p = await repo.findPack(db, packId);
  if (!p) throw notFound('pack_not_found');
  const prizes = await repo.prizesWithSold(db, packId);
  const lotted = prizes.filter((x) => !x.is_last_one);
  const lots = lotted.reduce((n, x) => n + x.quantity, 0);
  const byRarity = new Map<number, number>();
  for (const x of lotted) byRarity.set(x.rarity, (byRarity.get(x.rarity) ?? 0) + x.quantity);
  const fullSale = p.point * p.total_pack_count;
  const conversion = prizes.reduce((n, x) => n + x.buy_point * x.quantity, 0);
  const payout =
    p.payment_method === 1 && fullSale > 0 ? Math.round((conversion / fullSale) * 10_000) / 10_000 : 0;
  return {
    lots,
    lots_per_rarity: [...byRarity].sort((a, b) => b[0] - a[0]).map(([rarity, n]) => ({ rarity, lots: n })),
    last_one: prizes.filter((x) => x.is_last_one).reduce((n, x) => n + x.quantity, 0),
    full_sale: fullSale,
    conversion_value: conversion,
    payout_ratio: payout,
    value_per_play: lots > 0 ? Math.round((conversion / lots) * 100) / 100 : 0,
    price: p.point,
    payout_warning_ratio: warnAbove,
    payout_warning: payout > warnAbove,
    ready: lots === p.total_pack_count && lots > 0,
  };
}
