// The seeded shuffle of docs/fairness.md § 3.3–3.5, written again from the document for the independent verifiers
// (verify-pack.mjs for a pack's lots, verify-room.mjs for a release room's order). Like them it imports nothing
// from the shop's code, only Node's built-ins, so that they check the shop rather than agree with it.
import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';

/** The random words: HMAC-SHA256(key = seed bytes, message = 4-byte big-endian counter 0, 1, …), 8 words each. */
function wordStream(seedHex) {
  const key = Buffer.from(seedHex, 'hex');
  let counter = 0;
  let block = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at >= block.length) {
      const msg = Buffer.alloc(4);
      msg.writeUInt32BE(counter++);
      block = createHmac('sha256', key).update(msg).digest();
      at = 0;
    }
    const u = block.readUInt32BE(at);
    at += 4;
    return u;
  };
}

/** Fisher–Yates from the last index down, j uniform in 0..i by rejection (no modulo bias). */
export function shuffle(seedHex, list) {
  const a = list.slice();
  const next = wordStream(seedHex);
  const TWO32 = 2 ** 32;
  for (let i = a.length - 1; i >= 1; i--) {
    const k = i + 1;
    const limit = TWO32 - (TWO32 % k);
    let u;
    do u = next();
    while (u >= limit);
    const j = u % k;
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
