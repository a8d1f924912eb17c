/**
 * Provably fair lot sequences (DOMAIN.md: Packs and lots). Pure, synchronous and dependency-free so that the
 * server (which publishes a pack) and the browser (the verify page) run exactly the same code.
 *
 * - canonical lot list: the pack's prizes except the last-one prize, one entry per lot, sorted by prize id,
 *   written as a JSON array of prize ids, e.g. `[3,3,3,7,9]`;
 * - commitment: lowercase hex SHA-256 of the UTF-8 text `seedHex + ':' + canonicalJson`;
 * - sequence: Fisher–Yates over the canonical list (i from n−1 down to 1, swap a[i] with a[j], j uniform in
 *   0..i), the randomness being the stream of HMAC-SHA256(key = the 32 seed bytes, message = counter as 4-byte
 *   big-endian) blocks for counter 0, 1, 2, …, read as big-endian unsigned 32-bit words. A uniform index below k
 *   takes the next word u and rejects it while u ≥ 2^32 − (2^32 mod k) (no modulo bias), then answers u mod k.
 *   Position p (0-based) of the pack is sequence[p].
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** SHA-256 of bytes (FIPS 180-4). */
export function sha256(data: Uint8Array): Uint8Array {
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const bitLen = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 0x100000000));
  view.setUint32(padded.length - 4, bitLen >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]!);
  return out;
}

/** HMAC-SHA256 (RFC 2104). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36;
    outer[i] = block[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error('not a hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

export const SEED_BYTES = 32;

export interface PrizeLots {
  id: number;
  quantity: number;
  is_last_one?: number | boolean;
}

/** The canonical lot list: one prize id per lot, last-one prizes excluded, sorted by prize id. */
export function canonicalLots(prizes: readonly PrizeLots[]): number[] {
  const out: number[] = [];
  const sorted = prizes.filter((p) => !p.is_last_one).sort((a, b) => a.id - b.id);
  for (const p of sorted) for (let i = 0; i < p.quantity; i++) out.push(p.id);
  return out;
}

export function canonicalJson(lots: readonly number[]): string {
  return JSON.stringify(lots);
}

/** sha256(seedHex ‖ ':' ‖ canonical JSON), lowercase hex. */
export function commitmentOf(seedHex: string, lots: readonly number[]): string {
  return toHex(sha256(utf8(`${seedHex.toLowerCase()}:${canonicalJson(lots)}`)));
}

/** The deterministic random stream of a seed: HMAC-SHA256(seed, counter) blocks. */
export class SeedStream {
  private readonly key: Uint8Array;
  private counter = 0;
  private words: Uint32Array = new Uint32Array(0);
  private next = 0;

  constructor(seedHex: string) {
    this.key = fromHex(seedHex);
    if (this.key.length !== SEED_BYTES) throw new Error(`the seed must be ${SEED_BYTES} bytes`);
  }

  /** The next unsigned 32-bit word. */
  uint32(): number {
    if (this.next >= this.words.length) {
      const msg = new Uint8Array(4);
      new DataView(msg.buffer).setUint32(0, this.counter++);
      const block = hmacSha256(this.key, msg);
      const view = new DataView(block.buffer);
      this.words = new Uint32Array(8);
      for (let i = 0; i < 8; i++) this.words[i] = view.getUint32(i * 4);
      this.next = 0;
    }
    return this.words[this.next++]!;
  }

  /** A uniform integer in [0, k), by rejection sampling. */
  below(k: number): number {
    if (!Number.isInteger(k) || k < 1 || k > 0x100000000) throw new Error('bad range');
    const limit = 0x100000000 - (0x100000000 % k);
    for (;;) {
      const u = this.uint32();
      if (u < limit) return u % k;
    }
  }
}

/** The lot sequence of a pack: sequence[position] = prize id. */
export function lotSequence(seedHex: string, lots: readonly number[]): number[] {
  const a = lots.slice();
  const rng = new SeedStream(seedHex);
  for (let i = a.length - 1; i >= 1; i--) {
    const j = rng.below(i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
}

/**
 * `count` lots drawn without replacement from `lots` with the stream of a seed (a practice draw): the
 * Fisher–Yates of lotSequence run only as far as needed, taking a[n−1], a[n−2], … as each is fixed. The same as
 * the last `count` entries of lotSequence(seedHex, lots), read from the end.
 */
export function drawLots(seedHex: string, lots: readonly number[], count: number): number[] {
  const a = lots.slice();
  const rng = new SeedStream(seedHex);
  const out: number[] = [];
  for (let i = a.length - 1; i >= 0 && out.length < count; i--) {
    const j = rng.below(i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
    out.push(a[i]!);
  }
  return out;
}

export interface VerifyInput {
  seed: string;
  commitment: string;
  canonical: readonly number[];
  /** Positions to check, with the prize the member received there. */
  draws?: readonly { position: number; prize_id: number }[];
}

export interface VerifyOutcome {
  commitmentMatches: boolean;
  sequence: number[];
  /** Per draw: whether the recomputed sequence holds the same prize at that position. */
  draws: { position: number; prize_id: number; expected: number | undefined; matches: boolean }[];
  allMatch: boolean;
}

/** What the verify page does: recompute the commitment and the whole sequence, and compare the draws. */
export function verifyPack(input: VerifyInput): VerifyOutcome {
  const commitmentMatches = commitmentOf(input.seed, input.canonical) === input.commitment.toLowerCase();
  const sequence = lotSequence(input.seed, input.canonical);
  const draws = (input.draws ?? []).map((d) => {
    const expected = sequence[d.position];
    return { ...d, expected, matches: expected === d.prize_id };
  });
  return { commitmentMatches, sequence, draws, allMatch: commitmentMatches && draws.every((d) => d.matches) };
}
