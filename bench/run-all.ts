import { run as buy } from './buy.bench.ts';
import { run as cards } from './cards.bench.ts';
import { run as envelope } from './envelope.bench.ts';
import { run as odds } from './odds.bench.ts';
import { run as rollover } from './rollover.bench.ts';
import { run as storm } from './storm.bench.ts';
import { run as room } from './room.bench.ts';

const benches: Record<string, () => Promise<unknown>> = { envelope, buy, odds, rollover, storm, cards, room };
const only = process.argv[2];
for (const [name, fn] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n## ${name}`);
  await fn();
}
process.exit(process.exitCode ?? 0);
