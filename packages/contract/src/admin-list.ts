import { z } from 'zod';

/**
 * The console's lists, one shape for all of them: the server searches, filters, sorts and pages; the console
 * keeps the query in the address and shows one page. A query that names no known sort, a page that is no
 * number or a filter value that is not one of the list's falls back to the default rather than refusing: an
 * address typed or kept from an older console still opens the list.
 *
 * GET /api/admin/<resource>?q&sort&dir&page&per&<filters>, and GET …/export.csv with the same query (every
 * matching row, in the same order, no paging).
 */

/** A number in the query string, or undefined when it is none. */
export const queryInt = (digits: number) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}$`))
    .transform(Number)
    .optional()
    .catch(undefined);

/** One of a list's filter values, or undefined (every row) when the address names another. */
export const queryChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/** A day in Japan time (YYYY-MM-DD) of a list's date range, or undefined (no bound) when it is none. */
export const queryDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+09:00`)))
  .optional()
  .catch(undefined);

/** The rows a console list shows on a page unless it asks for 1 to 100. */
export const LIST_PER_PAGE = 50;
export const LIST_MAX_PER_PAGE = 100;

/** The query of a list that sorts by one of `sorts` (the first is the default) and filters by `filters`. */
export function listQuerySchema<const Sorts extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: Sorts,
  filters: F,
) {
  return z.object({
    /** Searched anywhere in the list's text columns, any case; `#12` names row 12. */
    q: z
      .string()
      .transform((v) => v.trim().slice(0, 100))
      .optional()
      .catch(undefined),
    sort: z.enum(sorts).optional().catch(undefined),
    dir: z.enum(['asc', 'desc']).optional().catch(undefined),
    page: queryInt(6),
    per: queryInt(3).pipe(z.number().int().min(1).max(LIST_MAX_PER_PAGE).optional().catch(undefined)),
    ...filters,
  });
}

/** What every list query carries besides its filters. */
export interface ListParams<Sort extends string = string> {
  q?: string | undefined;
  sort?: Sort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  per?: number | undefined;
}

/** One page of a list: its rows, where it is, and how many rows match on every page. */
export function listAnswerSchema<Row extends z.ZodType>(row: Row) {
  return z.object({
    list: z.array(row),
    page: z.number().int(),
    all_page: z.number().int(),
    per_page: z.number().int(),
    /** The rows that match, on every page. */
    total: z.number().int(),
  });
}
