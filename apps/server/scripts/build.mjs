/* global console */
// The server's production build: `npm run build -w apps/server` → apps/server/dist, run with plain node (no tsx,
// no TypeScript at run time). esbuild bundles the server's own code and the workspace packages (@gacha/contract,
// @gacha/sqlite-engine, which ship TypeScript sources); every other package stays an import from node_modules,
// so the image needs the production dependencies only.
//
// The modules that are started by file name get entry points of their own, all in the top folder so that the
// URLs the code makes from import.meta.url point at them (chunks, shared by the entries, land there too):
//   main.js (main.ts), primary.js (cluster/primary.ts; forks ./main.js), thread.js (the SQLite write worker's
//   thread, started through bootstrap.mjs) and draws-purchase.js (a procedure module the write worker loads:
//   modules/index.ts). Code splitting keeps one copy of each module across them: the worker's procedure registry
//   is the one its procedure module registers in.
// Next to them: bootstrap.mjs and data/zipcodes.json.gz (read by the address module at run time).
// dist sits as deep in the tree as src, so config.ts finds the repository root the same way.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(server, '../..');
const out = resolve(server, 'dist');

const STAFF_SCRIPTS = [
  'backup',
  'board',
  'coupon',
  'exchange',
  'inactivity',
  'pack-video',
  'payments',
  'ranks',
  'shipping',
  'staff',
  'sweep',
];

rmSync(out, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [
    { in: resolve(server, 'src/main.ts'), out: 'main' },
    { in: resolve(server, 'src/cluster/primary.ts'), out: 'primary' },
    { in: resolve(server, 'src/modules/draws/purchase.ts'), out: 'draws-purchase' },
    { in: resolve(root, 'packages/sqlite-engine/src/write-worker/thread.ts'), out: 'thread' },
    // the staff commands (README "Shop staff commands"): `node apps/server/dist/scripts/<name>.js …`
    ...STAFF_SCRIPTS.map((name) => ({ in: resolve(server, `scripts/${name}.ts`), out: `scripts/${name}` })),
  ],
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
  plugins: [
    {
      // every package but the workspace's own stays external: node_modules holds it at run time
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@gacha/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
copyFileSync(
  resolve(root, 'packages/sqlite-engine/src/write-worker/bootstrap.mjs'),
  resolve(out, 'bootstrap.mjs'),
);
mkdirSync(resolve(out, 'data'));
copyFileSync(
  resolve(server, 'src/modules/address/data/zipcodes.json.gz'),
  resolve(out, 'data/zipcodes.json.gz'),
);
console.log(`server built into ${out} in ${Date.now() - started} ms`);
