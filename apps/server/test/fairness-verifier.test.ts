import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/demo/load-demo.ts';
import { DEMO_PACKS } from '../src/demo/catalogue.ts';
import { createTestApp } from './helpers.ts';

/**
 * The standalone verifier (tools/verify-pack.mjs) against a running shop with the demo data. It
 * agrees for every demo pack whose seed is revealed, sold out or ended, and names the position when one lot of
 * the record is altered.
 */

const VERIFIER = fileURLToPath(new URL('../../../tools/verify-pack.mjs', import.meta.url));

function verify(packId: number, url: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    // asynchronous: the shop answering it runs in this process
    execFile(
      process.execPath,
      [VERIFIER, String(packId), url],
      { timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

describe('the independent verifier', async () => {
  const t = await createTestApp();
  expect(await loadDemoData(t.db, t.clock.now())).toBe(true);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const packs = await t.db
    .selectFrom('packs')
    .select(['id', 'name_en', 'sold_count', 'total_pack_count', 'end_at'])
    .orderBy('id')
    .execute();
  const now = t.clock.now().toISOString();
  const soldOut = packs.filter((p) => p.sold_count === p.total_pack_count);
  const ended = packs.filter(
    (p) => p.sold_count < p.total_pack_count && p.end_at !== null && p.end_at <= now,
  );

  it("imports nothing from the project: Node's built-ins and the shuffle beside it, which imports only those", () => {
    const importsOf = (file: string) => {
      const source = readFileSync(file, 'utf8');
      expect(source).not.toMatch(/\brequire\(|import\(/);
      return [...source.matchAll(/^\s*import\b[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    };
    const imports = importsOf(VERIFIER);
    expect(imports.filter((m) => !m.startsWith('node:'))).toEqual(['./fairness-shuffle.mjs']);
    const shuffle = fileURLToPath(new URL('../../../tools/fairness-shuffle.mjs', import.meta.url));
    expect(importsOf(shuffle).every((m) => m.startsWith('node:'))).toBe(true);
  });

  it('the demo sold its lots through real purchases: every sold position has its won item', async () => {
    for (const p of packs) {
      const demo = DEMO_PACKS.find((d) => d.en === p.name_en)!;
      expect(p.sold_count, p.name_en).toBe(Math.min(demo.sold, p.total_pack_count));
      const won = await t.db
        .selectFrom('won_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('pack_id', '=', p.id)
        .where('position', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(Number(won.n), p.name_en).toBe(p.sold_count);
      // published (its odds fixed) before its sale began, and so before any of its lots was drawn
      const d = (await t.client().get(`/user/pack/disclosure/${p.id}`)).body;
      const first = await t.db
        .selectFrom('won_items')
        .select((eb) => eb.fn.min('created_at').as('at'))
        .where('pack_id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(d.fixed_at <= d.start_at, p.name_en).toBe(true);
      if (first.at) expect(d.fixed_at < first.at, p.name_en).toBe(true);
    }
    expect(soldOut.length).toBeGreaterThan(0);
    expect(ended.length).toBeGreaterThan(0);
  });

  it('agrees for every sold-out and every ended demo pack', async () => {
    for (const p of [...soldOut, ...ended]) {
      const r = await verify(p.id, url);
      expect(r.out, p.name_en).toContain('RESULT: EVERYTHING AGREES');
      expect(r.code, r.out).toBe(0);
      expect(r.out).toContain(
        `all ${p.sold_count} sold positions of the record hold the prize the seed put there`,
      );
    }
  });

  it('says a pack on sale cannot be verified yet, without a mismatch', async () => {
    const onSale = packs.find(
      (p) => p.sold_count > 0 && p.sold_count < p.total_pack_count && !ended.includes(p),
    )!;
    const r = await verify(onSale.id, url);
    expect(r.out).toContain('RESULT: NOT YET VERIFIABLE');
    expect(r.code).toBe(2);
    const none = await verify(99999999, url);
    expect(none.out).toMatch(/CANNOT VERIFY: .*state 404/);
    expect(none.code).toBe(2);
  });

  it('reports a mismatch, naming the position, when one lot of the record is altered', async () => {
    const pack = soldOut[0]!;
    const position = 17;
    const lot = await t.db
      .selectFrom('won_items')
      .select(['id', 'prize_id'])
      .where('pack_id', '=', pack.id)
      .where('position', '=', position)
      .executeTakeFirstOrThrow();
    const other = await t.db
      .selectFrom('pack_prizes')
      .select('id')
      .where('pack_id', '=', pack.id)
      .where('is_last_one', '=', 0)
      .where('id', '<>', lot.prize_id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('won_items').set({ prize_id: other.id }).where('id', '=', lot.id).execute();
    try {
      const r = await verify(pack.id, url);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain('RESULT: MISMATCH');
      expect(r.out).toContain(`position ${position} (#${position + 1}) shows prize ${other.id}`);
      expect(r.out).toContain(`but the sequence holds prize ${lot.prize_id}`);
    } finally {
      await t.db.updateTable('won_items').set({ prize_id: lot.prize_id }).where('id', '=', lot.id).execute();
    }
    expect((await verify(pack.id, url)).code).toBe(0);
  });
});
