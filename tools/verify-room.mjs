#!/usr/bin/env node
/* global console, fetch, process, AbortSignal */
// An independent verifier of a release room's order of entry (docs/fairness.md § 10). Like verify-pack.mjs it
// imports nothing from the shop's code, only Node's built-ins and the shuffle written from the document
// (fairness-shuffle.mjs), so that it checks the shop rather than agreeing with it:
//
//   node tools/verify-room.mjs <room record: a JSON file, or the URL of the shop's answer>
//
// The record is a closed room's public record: its `commitment`, its revealed `seed`, and its `entries`, each
// with its `arrival` number, its 1-based `place` and whether it was in the room at the start (`at_start`). The
// verifier checks that the seed opens the commitment, that the places are 1…n once each, and that every place
// holds the arrival the seed's shuffle puts there. Exit status: 0 everything agrees, 1 something does not (each
// mismatch is printed), 2 it cannot be checked (the seed is still sealed, or the record could not be read).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { shuffle } from './fairness-shuffle.mjs';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: node tools/verify-room.mjs <room record JSON file or URL>');
  process.exit(2);
}

function cannot(why) {
  console.log(`CANNOT VERIFY: ${why}`);
  process.exit(2);
}

async function readRecord() {
  let text;
  if (/^https?:\/\//.test(source)) {
    try {
      const res = await fetch(source, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(30_000),
      });
      text = await res.text();
    } catch (err) {
      cannot(`could not reach ${source}: ${err.message}`);
    }
  } else {
    try {
      text = await readFile(source, 'utf8');
    } catch (err) {
      cannot(`could not read ${source}: ${err.message}`);
    }
  }
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    cannot(`${source} is not JSON`);
  }
  if (body.state !== undefined && body.state !== 200) cannot(`${source}: state ${body.state}`);
  if (typeof body.commitment !== 'string' || !Array.isArray(body.entries))
    cannot(`${source} is not a room record`);
  return body;
}

// --- the check of docs/fairness.md § 10 (the shuffle of § 3.3–3.5 is fairness-shuffle.mjs) ---

const record = await readRecord();
const entries = record.entries;
const problems = [];
const lines = [];
function check(ok, good, bad) {
  lines.push(`  ${ok ? '✓' : '✗'} ${ok ? good : bad}`);
  if (!ok) problems.push(bad);
  return ok;
}

const arrivals = entries.map((e) => e.arrival);
check(
  new Set(arrivals).size === arrivals.length && arrivals.every((a) => Number.isInteger(a) && a > 0),
  `entries: ${entries.length} members, each arrival number once`,
  'entries: an arrival number appears twice, or is not a positive whole number',
);
const places = entries.map((e) => e.place).sort((a, b) => a - b);
check(
  places.every((p, i) => p === i + 1),
  `places: 1 to ${entries.length}, each once`,
  'places: not 1…n each once',
);

if (!record.seed) {
  for (const l of lines) console.log(l);
  console.log('  … the seed is sealed until the room closes; the order can be checked then');
  console.log(problems.length ? 'RESULT: MISMATCH' : 'RESULT: NOT YET VERIFIABLE (nothing disagrees so far)');
  process.exit(problems.length ? 1 : 2);
}

const seed = String(record.seed).toLowerCase();
const opened = createHash('sha256').update(`room:${seed}`, 'utf8').digest('hex');
check(
  /^[0-9a-f]{64}$/.test(seed) && opened === record.commitment.toLowerCase(),
  `seed ${seed} opens the commitment: sha256("room:" seed) matches`,
  `seed ${seed} does not open the commitment: sha256("room:" seed) = ${opened}`,
);

const drawn = shuffle(
  seed,
  entries
    .filter((e) => e.at_start)
    .map((e) => e.arrival)
    .sort((a, b) => a - b),
);
const later = entries
  .filter((e) => !e.at_start)
  .map((e) => e.arrival)
  .sort((a, b) => a - b);
const order = [...drawn, ...later];
const wrong = entries.filter((e) => order[e.place - 1] !== e.arrival);
for (const e of wrong.slice(0, 10)) {
  problems.push(
    `place ${e.place} shows arrival ${e.arrival} but the seed's order puts arrival ${order[e.place - 1]} there`,
  );
}
check(
  wrong.length === 0,
  `order: the ${drawn.length} members in the room at the start are in the seed's shuffle, the ${later.length} later ones in arrival order`,
  `order: ${wrong.length} of ${entries.length} places differ from the seed's order`,
);

for (const l of lines) console.log(l);
for (const p of problems.filter((p) => !lines.some((l) => l.endsWith(p)))) console.log(`    ${p}`);
console.log(problems.length ? 'RESULT: MISMATCH' : 'RESULT: EVERYTHING AGREES');
process.exit(problems.length ? 1 : 0);
