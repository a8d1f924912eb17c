/** Page info (spec §3): paging starts at 1. */
export interface PageInfo {
  page: number;
  all_page: number;
  pages: number[];
}

export function pageInfo(page: number, total: number, perPage: number, window = 5): PageInfo {
  const allPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), allPage);
  const start = Math.max(1, Math.min(current - Math.floor(window / 2), allPage - window + 1));
  const pages: number[] = [];
  for (let p = start; p <= Math.min(allPage, start + window - 1); p++) pages.push(p);
  return { page: current, all_page: allPage, pages };
}
