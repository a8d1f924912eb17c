import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Route } from '@gacha/contract/route';
import { createTestApp } from './helpers.ts';

/** The contract's route tables (packages/contract/src/routes): every route is served as it says. */
const t = await createTestApp();
const dir = new URL('../../../packages/contract/src/routes/', import.meta.url);
const tables = await Promise.all(
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map(async (f) => [f, (await import(new URL(f, dir).href)) as Record<string, Route>] as const),
);
const routes = tables.flatMap(([file, table]) =>
  Object.entries(table).map(([name, r]) => ({ file, name, r })),
);

describe('the route tables of the contract', () => {
  it('hold routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
  });

  it.each(routes.map((x) => [`${x.file} ${x.name}`, x.r] as const))(
    '%s is served at its path and every alias, to whom it names',
    async (_, route) => {
      for (const path of [route.path, ...(route.aliases ?? [])]) {
        const served = t.app.apiRoutes.find((a) => a.method === route.method && a.url === `/api${path}`);
        expect(served, `${route.method} ${path}`).toBeDefined();
        if (route.access === 'member') expect(served!.auth).toBe(true);
        else if (route.access === 'guest') expect([served!.auth, served!.staff]).toEqual([false, undefined]);
        else expect(served!.staff).toBe(route.access.slice('staff:'.length));
      }
      const schemas = await route.schemas();
      expect(schemas.answer).toBeDefined();
    },
  );
});
