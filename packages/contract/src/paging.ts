import { z } from 'zod';

/** Page info (spec §3): paging starts at 1. `pages` is the window of page links around the current page. */
export const pageInfoSchema = z.object({
  page: z.number().int(),
  all_page: z.number().int(),
  pages: z.array(z.number().int()),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export function pageInfo(page: number, total: number, perPage: number, window = 5): PageInfo {
  const allPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), allPage);
  const start = Math.max(1, Math.min(current - Math.floor(window / 2), allPage - window + 1));
  const pages: number[] = [];
  for (let p = start; p <= Math.min(allPage, start + window - 1); p++) pages.push(p);
  return { page: current, all_page: allPage, pages };
}
