#!/usr/bin/env node
/* global console, fetch, process, URL, AbortSignal */
// An independent verifier of a pack's lots (docs/fairness.md). It imports nothing from the shop's
// code, only Node's built-ins (node:crypto, fetch) and the shuffle written from the document
// (fairness-shuffle.mjs), so that it checks the shop rather than agreeing with it:
//
//   node tools/verify-pack.mjs <packId> <shop URL>          e.g. node tools/verify-pack.mjs 7 http://localhost:3000
//
// It downloads the odds disclosure, the commitment and revealed seed, and the public draw record through the
// shop's public API, rebuilds the canonical lot list from the disclosed prizes, checks the commitment, recomputes
// the lot sequence and compares every sold position of the record with it. Exit status: 0 everything agrees,
// 1 something does not (each mismatch is printed), 2 it cannot be checked yet (the seed is still sealed) or the
// shop could not be read.
import { createHash } from 'node:crypto';
import { shuffle } from './fairness-shuffle.mjs';

const [packArg, shopArg] = process.argv.slice(2);
if (!/^\d{1,9}$/.test(packArg ?? '') || !shopArg) {
  console.error('usage: node tools/verify-pack.mjs <packId> <shop URL>');
  process.exit(2);
}
const packId = Number(packArg);
const base = new URL('/api/', shopArg);

/** GET a public API answer; anything but state 200 stops the check (exit 2). */
async function get(path) {
  const url = new URL(path, base);
  let res;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    cannot(`could not reach ${url}: ${err.message}`);
  }
  let body;
  try {
    body = await res.json();
  } catch {
    cannot(`${url} did not answer JSON (HTTP ${res.status})`);
  }
  if (body.state !== 200) cannot(`${url}: state ${body.state}${body.message ? ` (${body.message})` : ''}`);
  return body;
}

function cannot(why) {
  console.log(`CANNOT VERIFY: ${why}`);
  process.exit(2);
}

const problems = [];
const lines = [];
function check(ok, good, bad) {
  lines.push(`  ${ok ? '✓' : '✗'} ${ok ? good : bad}`);
  if (!ok) problems.push(bad);
  return ok;
}

// --- the algorithm of docs/fairness.md, written again from the document ---

/** The canonical lot list: one prize id per lot, the prizes in ascending id order. */
function canonicalLots(prizes) {
  const out = [];
  for (const p of [...prizes].sort((a, b) => a.prize_id - b.prize_id)) {
    for (let i = 0; i < p.quantity; i++) out.push(p.prize_id);
  }
  return out;
}

/** commitment = lowercase hex SHA-256 of the UTF-8 text `<seed hex>:<canonical list as JSON>`. */
function commitmentOf(seedHex, lots) {
  return createHash('sha256')
    .update(`${seedHex.toLowerCase()}:${JSON.stringify(lots)}`, 'utf8')
    .digest('hex');
}

// --- the shop's public answers ---

const disclosure = await get(`user/pack/disclosure/${packId}`);
const fairness = await get(`user/pack/fairness/${packId}`);
const record = [];
for (let page = 1; ; page++) {
  const r = await get(`user/pack/record/${packId}/${page}?size=1000`);
  record.push(...r.list);
  if (page >= r.all_page) break;
}

console.log(`Pack ${packId} at ${new URL('/', base).href}: ${disclosure.name}`);

// 1. the disclosure adds up
const total = disclosure.total;
const disclosedLots = disclosure.prizes.reduce((n, p) => n + p.quantity, 0);
const tiersAddUp = disclosure.tiers.every(
  (t) =>
    t.quantity ===
      disclosure.prizes.filter((p) => p.rarity === t.rarity).reduce((n, p) => n + p.quantity, 0) &&
    Math.abs(t.probability - t.quantity / total) < 1e-12,
);
check(
  disclosedLots === total &&
    tiersAddUp &&
    disclosure.prizes.every((p) => Math.abs(p.probability - p.quantity / total) < 1e-12),
  `disclosure (fixed ${disclosure.fixed_at}): ${total} lots in ${disclosure.prizes.length} prizes and ${disclosure.tiers.length} tiers; quantities and probabilities add up`,
  `disclosure: the prizes hold ${disclosedLots} lots for a total of ${total}, or a tier's quantity or probability does not add up`,
);

// 2. the canonical list is the disclosed prizes, and the commitment is the one published
const canonical = canonicalLots(disclosure.prizes);
check(
  JSON.stringify(canonical) === JSON.stringify(fairness.canonical) && fairness.total === total,
  `canonical lot list: rebuilt from the disclosed prizes (${canonical.length} lots), the same as the shop's`,
  `canonical lot list: rebuilt from the disclosed prizes it differs from the one the shop gives`,
);
check(
  disclosure.commitment === fairness.commitment,
  `commitment: ${fairness.commitment}`,
  `commitment: the disclosure says ${disclosure.commitment}, the fairness panel ${fairness.commitment}`,
);

// 3. the record: sold positions, each once
const sold = fairness.sold;
const seen = new Map();
for (const row of record) {
  if (seen.has(row.position)) problems.push(`record: position ${row.position} appears twice`);
  seen.set(row.position, row);
}
const missing = [];
for (let p = 0; p < sold; p++) if (!seen.has(p)) missing.push(p);
check(
  record.length === sold && missing.length === 0 && record.every((r) => r.position >= 0 && r.position < sold),
  `record: ${record.length} sold positions of ${total}, each once`,
  `record: ${record.length} rows for ${sold} sold lots${missing.length ? `; missing positions ${missing.slice(0, 10).join(', ')}` : ''}`,
);
const byPrize = new Map(disclosure.prizes.map((p) => [p.prize_id, p]));
const badTier = record.filter((r) => byPrize.get(r.prize_id)?.rarity !== r.rarity);
check(
  badTier.length === 0,
  'record: every row shows its prize’s disclosed tier',
  `record: ${badTier.length} rows show a tier other than their prize’s (first at position ${badTier[0]?.position})`,
);

if (!fairness.seed) {
  for (const l of lines) console.log(l);
  console.log(
    `  … the seed is sealed until the pack sells out or its sale ends (${sold} of ${total} sold); the sequence can be checked then`,
  );
  console.log(problems.length ? 'RESULT: MISMATCH' : 'RESULT: NOT YET VERIFIABLE (nothing disagrees so far)');
  process.exit(problems.length ? 1 : 2);
}

// 4. the seed opens the commitment; the sequence it drives is the record
const seed = fairness.seed;
check(
  /^[0-9a-f]{64}$/.test(seed) && commitmentOf(seed, canonical) === disclosure.commitment,
  `seed ${seed} opens the commitment: sha256(seed ":" canonical list) matches`,
  `seed ${seed} does not open the commitment: sha256(seed ":" canonical list) = ${commitmentOf(seed, canonical)}`,
);
const sequence = shuffle(seed, canonical);
const wrong = record.filter((r) => sequence[r.position] !== r.prize_id);
for (const r of wrong.slice(0, 10)) {
  const held = byPrize.get(sequence[r.position]);
  problems.push(
    `record: position ${r.position} (#${r.position + 1}) shows prize ${r.prize_id} (${r.rarity_label} ${r.name}) but the sequence holds prize ${sequence[r.position]} (${held?.rarity_label ?? '?'} ${held?.name ?? '?'})`,
  );
}
check(
  wrong.length === 0,
  `sequence: recomputed ${sequence.length} positions; all ${record.length} sold positions of the record hold the prize the seed put there`,
  `sequence: ${wrong.length} of ${record.length} sold positions of the record differ from the recomputed sequence`,
);
if (sold === total) {
  check(
    record.length === total,
    'sold out: the record covers the whole sequence',
    'sold out, but the record does not cover every lot',
  );
}

for (const l of lines) console.log(l);
for (const p of problems.filter((p) => !lines.some((l) => l.endsWith(p)))) console.log(`    ${p}`);
console.log(problems.length ? 'RESULT: MISMATCH' : 'RESULT: EVERYTHING AGREES');
process.exit(problems.length ? 1 : 0);
