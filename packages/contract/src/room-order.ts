import { lotSequence, sha256, toHex } from './fairness.ts';

/**
 * The order of entry of a release room (docs/fairness.md § 10), drawn by the same committed-seed shuffle as a
 * pack's lots, so that anyone can check it afterwards from public data:
 *
 * - every member who joins gets the room's next **arrival number** (1, 2, 3, … in the order of joining);
 * - the **commitment** `sha256("room:" + seedHex)` is shown when the room opens, before anyone joins (the prefix
 *   keeps a room's commitment from ever being a pack's);
 * - at the start, the arrival numbers of everyone in the room, ascending, are shuffled by the seed's stream
 *   (fairness.ts lotSequence, the packs' Fisher–Yates): the result's first entry has place 1;
 * - those who join after the start follow, in arrival order;
 * - the seed is revealed when the room closes.
 */

/** sha256 of the UTF-8 text `room:<seed hex>`, lowercase hex. */
export function roomCommitment(seedHex: string): string {
  return toHex(sha256(new TextEncoder().encode(`room:${seedHex.toLowerCase()}`)));
}

/**
 * The arrival numbers in order of entry (index 0 is place 1): `atStart` (those in the room at the start, in any
 * order) drawn by the seed, then `later` in arrival order.
 */
export function roomOrder(
  seedHex: string,
  atStart: readonly number[],
  later: readonly number[] = [],
): number[] {
  const drawn = lotSequence(
    seedHex,
    [...atStart].sort((a, b) => a - b),
  );
  return [...drawn, ...[...later].sort((a, b) => a - b)];
}

/** One entry of a closed room's public record. */
export interface RoomEntry {
  arrival: number;
  /** 1-based place in the order of entry. */
  place: number;
  /** In the room when it started (drawn), or joined later (appended). */
  at_start: boolean;
}

export interface RoomCheck {
  commitmentMatches: boolean;
  /** The arrival numbers in the order the seed gives. */
  expected: number[];
  /** Entries whose place holds another arrival than the seed's order. */
  mismatches: { place: number; arrival: number; expected: number | undefined }[];
  /** Places that are not 1…n exactly once. */
  placesWhole: boolean;
  allMatch: boolean;
}

/** What tools/verify-room.mjs and the room's public page check: the seed opens the commitment and gives every place. */
export function verifyRoom(record: {
  commitment: string;
  seed: string;
  entries: readonly RoomEntry[];
}): RoomCheck {
  const commitmentMatches = roomCommitment(record.seed) === record.commitment.toLowerCase();
  const expected = roomOrder(
    record.seed,
    record.entries.filter((e) => e.at_start).map((e) => e.arrival),
    record.entries.filter((e) => !e.at_start).map((e) => e.arrival),
  );
  const places = record.entries.map((e) => e.place).sort((a, b) => a - b);
  const placesWhole = places.every((p, i) => p === i + 1);
  const mismatches = record.entries
    .filter((e) => expected[e.place - 1] !== e.arrival)
    .map((e) => ({ place: e.place, arrival: e.arrival, expected: expected[e.place - 1] }));
  return {
    commitmentMatches,
    expected,
    mismatches,
    placesWhole,
    allMatch: commitmentMatches && placesWhole && mismatches.length === 0,
  };
}
