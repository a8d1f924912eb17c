import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roomCommitment, roomOrder, verifyRoom, type RoomEntry } from './room-order.ts';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const VERIFIER = fileURLToPath(new URL('../../../tools/verify-room.mjs', import.meta.url));

/** A closed room's public record, as the shop would publish it, from who was in at the start and who came later. */
function record(seed: string, atStart: number[], later: number[] = []) {
  const order = roomOrder(seed, atStart, later);
  const entries: RoomEntry[] = order.map((arrival, i) => ({
    arrival,
    place: i + 1,
    at_start: atStart.includes(arrival),
  }));
  return { commitment: roomCommitment(seed), seed, entries };
}

describe('the order of entry (docs/fairness.md § 10)', () => {
  it('is the worked example of the document', () => {
    expect(roomCommitment(SEED)).toBe('39085b3d00d8739b4270ae9bd67f146db97f3c244c73fc356b2c70cfa9e4f8c5');
    // arrivals 3 and 6 left before the start; 8 and 9 came after it
    expect(roomOrder(SEED, [7, 1, 5, 2, 4], [9, 8])).toEqual([2, 4, 5, 7, 1, 8, 9]);
  });

  it('is a permutation of those in the room, the same for the same seed, whatever order they are given in', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: 300 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (arrivals, seedBytes) => {
          const seed = Buffer.from(seedBytes).toString('hex');
          const order = roomOrder(seed, arrivals);
          expect([...order].sort((a, b) => a - b)).toEqual([...arrivals].sort((a, b) => a - b));
          expect(roomOrder(seed, [...arrivals].reverse())).toEqual(order);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives every place to every member alike over many seeds (no position is favoured)', () => {
    const n = 5;
    const runs = 20_000;
    const firsts = new Map<number, number>();
    for (let r = 0; r < runs; r++) {
      const first = roomOrder(randomBytes(32).toString('hex'), [1, 2, 3, 4, 5])[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    // each arrival is first in 1/5 of the runs: 4,000 within 5 standard deviations (57 each)
    for (let a = 1; a <= n; a++) expect(Math.abs((firsts.get(a) ?? 0) - runs / n)).toBeLessThan(290);
  });

  it('verifyRoom agrees with a true record and finds a swapped place, a wrong seed and a missing place', () => {
    const good = record(SEED, [1, 2, 4, 5, 7], [8, 9]);
    expect(verifyRoom(good).allMatch).toBe(true);

    const swapped = structuredClone(good);
    [swapped.entries[0]!.place, swapped.entries[1]!.place] = [2, 1];
    expect(verifyRoom(swapped).mismatches).toHaveLength(2);

    const otherSeed = { ...good, seed: 'ff'.repeat(32) };
    expect(verifyRoom(otherSeed).commitmentMatches).toBe(false);
    expect(verifyRoom(otherSeed).allMatch).toBe(false);

    const gap = structuredClone(good);
    gap.entries[6]!.place = 9;
    expect(verifyRoom(gap).placesWhole).toBe(false);
  });
});

describe('tools/verify-room.mjs, which shares no code with the shop', () => {
  const run = async (body: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'room-'));
    const file = join(dir, 'room.json');
    writeFileSync(file, JSON.stringify(body));
    try {
      const out = await promisify(execFile)(process.execPath, [VERIFIER, file]).then(
        (r) => ({ code: 0, stdout: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
      return out;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('agrees with the contract on a true record of 2,000 members (exit 0)', async () => {
    const seed = randomBytes(32).toString('hex');
    const atStart = Array.from({ length: 1_800 }, (_, i) => i + 1).filter((a) => a % 7 !== 0);
    const later = Array.from({ length: 200 }, (_, i) => 1_801 + i);
    const r = await run({ state: 200, ...record(seed, atStart, later) });
    expect(r.stdout).toContain('RESULT: EVERYTHING AGREES');
    expect(r.code).toBe(0);
  });

  it('finds two members swapped (exit 1), and cannot check a sealed seed (exit 2)', async () => {
    const good = record(SEED, [1, 2, 4, 5, 7], [8, 9]);
    const swapped = structuredClone(good);
    [swapped.entries[2]!.arrival, swapped.entries[3]!.arrival] = [
      swapped.entries[3]!.arrival,
      swapped.entries[2]!.arrival,
    ];
    const bad = await run(swapped);
    expect(bad.stdout).toContain('RESULT: MISMATCH');
    expect(bad.code).toBe(1);

    const sealed = await run({ ...good, seed: null });
    expect(sealed.stdout).toContain('NOT YET VERIFIABLE');
    expect(sealed.code).toBe(2);
  });
});
