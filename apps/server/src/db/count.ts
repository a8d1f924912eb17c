import type { SelectQueryBuilder } from 'kysely';

/** How many rows a query's FROM and WHERE give: `select count(*)` over it (it should select nothing yet). */
export async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>) {
  // the selection's type cannot be resolved for a generic DB: the row is `{ n }` whatever the query
  const row = (await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as {
    n: number | string;
  };
  return Number(row.n);
}
