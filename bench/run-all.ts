import { run as envelope } from './envelope.bench.ts';

const benches: Record<string, () => Promise<unknown>> = { envelope };
const only = process.argv[2];
for (const [name, fn] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n## ${name}`);
  await fn();
}
process.exit(0);
