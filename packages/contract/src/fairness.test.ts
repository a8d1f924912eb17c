import { createHash, createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalLots,
  commitmentOf,
  drawLots,
  fromHex,
  hmacSha256,
  lotSequence,
  SeedStream,
  sha256,
  toHex,
  verifyPack,
} from './fairness.ts';

describe('pure SHA-256 and HMAC agree with node:crypto', () => {
  it('on the FIPS examples', () => {
    expect(toHex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('on random inputs of every length around the block boundaries', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 300 }),
        fc.uint8Array({ maxLength: 100 }),
        (m, k) => {
          expect(toHex(sha256(m))).toBe(createHash('sha256').update(m).digest('hex'));
          expect(toHex(hmacSha256(k, m))).toBe(createHmac('sha256', k).update(m).digest('hex'));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the lot sequence', () => {
  const seed = 'a'.repeat(64);

  it('builds the canonical list sorted by prize id without the last-one prize', () => {
    expect(
      canonicalLots([
        { id: 9, quantity: 2 },
        { id: 3, quantity: 1 },
        { id: 5, quantity: 1, is_last_one: 1 },
        { id: 4, quantity: 3 },
      ]),
    ).toEqual([3, 4, 4, 4, 9, 9]);
  });

  it('is a permutation of the canonical list and deterministic for a seed', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.array(fc.integer({ min: 1, max: 50 })),
        (s, lots) => {
          const hex = toHex(s);
          const seq = lotSequence(hex, lots);
          expect([...seq].sort((a, b) => a - b)).toEqual([...lots].sort((a, b) => a - b));
          expect(lotSequence(hex, lots)).toEqual(seq);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('follows the documented HMAC stream (an independent re-implementation with node:crypto)', () => {
    const lots = Array.from({ length: 500 }, (_, i) => i);
    const key = fromHex(seed);
    let counter = 0;
    let words: number[] = [];
    const word = () => {
      if (!words.length) {
        const msg = Buffer.alloc(4);
        msg.writeUInt32BE(counter++);
        const block = createHmac('sha256', key).update(msg).digest();
        words = Array.from({ length: 8 }, (_, i) => block.readUInt32BE(i * 4));
      }
      return words.shift()!;
    };
    const a = lots.slice();
    for (let i = a.length - 1; i >= 1; i--) {
      const k = i + 1;
      const limit = 2 ** 32 - (2 ** 32 % k);
      let u = word();
      while (u >= limit) u = word();
      const j = u % k;
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    expect(lotSequence(seed, lots)).toEqual(a);
  });

  it('draws uniform indices (chi-square sanity check over 60,000 draws)', () => {
    const rng = new SeedStream(toHex(randomBytes(32)));
    const k = 6;
    const counts = new Array(k).fill(0);
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[rng.below(k)]++;
    const expected = n / k;
    const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(25); // p ≈ 0.0001 for 5 degrees of freedom
  });

  it('verifies a commitment and the draws, and notices tampering', () => {
    const lots = canonicalLots([
      { id: 1, quantity: 5 },
      { id: 2, quantity: 3 },
    ]);
    const commitment = commitmentOf(seed, lots);
    expect(commitment).toBe(
      createHash('sha256')
        .update(`${seed}:${JSON.stringify(lots)}`)
        .digest('hex'),
    );
    const seq = lotSequence(seed, lots);
    const good = verifyPack({
      seed,
      commitment,
      canonical: lots,
      draws: seq.map((prize_id, position) => ({ position, prize_id })),
    });
    expect(good.allMatch).toBe(true);
    const badSeed = verifyPack({ seed: 'b'.repeat(64), commitment, canonical: lots });
    expect(badSeed.commitmentMatches).toBe(false);
    const i = seq.findIndex((p) => p !== seq[0]);
    const badDraw = verifyPack({
      seed,
      commitment,
      canonical: lots,
      draws: [{ position: i, prize_id: seq[0]! }],
    });
    expect(badDraw.allMatch).toBe(false);
  });

  it('is fast enough for the browser on a 20,000-lot pack', () => {
    const lots = Array.from({ length: 20_000 }, (_, i) => i % 37);
    const t0 = performance.now();
    lotSequence(seed, lots);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('drawLots (the practice draw)', () => {
  it('is the end of the sequence of the same seed, read backwards, without replacement', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 70 }),
        (seedBytes, raw, count) => {
          const seed = toHex(seedBytes);
          const lots = [...raw].sort((a, b) => a - b);
          const drawn = drawLots(seed, lots, count);
          expect(drawn).toHaveLength(Math.min(count, lots.length));
          expect(drawn).toEqual(lotSequence(seed, lots).slice(-drawn.length).reverse());
          // a multiset taken out of the pool
          const left = [...lots];
          for (const d of drawn) {
            expect(left).toContain(d);
            left.splice(left.indexOf(d), 1);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the worked example of docs/fairness.md § 4', () => {
  const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
  const canonical = canonicalLots([
    { id: 7, quantity: 3 },
    { id: 3, quantity: 2 },
    { id: 12, quantity: 1 },
    { id: 20, quantity: 1, is_last_one: true },
  ]);

  it('gives the values the document prints', () => {
    expect(JSON.stringify(canonical)).toBe('[3,3,7,7,7,12]');
    expect(commitmentOf(seed, canonical)).toBe(
      'f7080c5ab99048a42631fafd3000d0cfe4286172b5dba1902bca75b8b028b328',
    );
    expect(toHex(hmacSha256(fromHex(seed), new Uint8Array(4)))).toBe(
      'a86acbcbc29b8fa83c83582d56a892d0f06f0e487df5277680b0635c3927e3c5',
    );
    const stream = new SeedStream(seed);
    expect(Array.from({ length: 5 }, () => stream.uint32())).toEqual([
      2825571275, 3264974760, 1015240749, 1453888208, 4033809992,
    ]);
    expect(lotSequence(seed, canonical)).toEqual([7, 7, 7, 3, 3, 12]);
    expect(drawLots(seed, canonical, 2)).toEqual([12, 3]);
  });
});
