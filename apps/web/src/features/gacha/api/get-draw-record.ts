import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DrawRecord } from '@gacha/contract/pack-fairness';
import { drawRecordRoute } from '@gacha/contract/routes/fairness';
import { API_BASE, call, unwrap } from '../../../lib/api.ts';

/** Under ['gacha', 'fairness'], which a purchase marks stale (buy-packs.ts). */
export const drawRecordKey = (packId: string, page: number) =>
  ['gacha', 'fairness', 'record', packId, page] as const;

/** GET /user/pack/record/{packId}/{page}: sold positions newest first, the member's own marked. */
export async function fetchDrawRecord(packId: string, page: number, size?: number): Promise<DrawRecord> {
  const query = size ? { size: String(size) } : undefined;
  return unwrap(
    await call(drawRecordRoute, { params: { packId, page: String(page) }, query }, { background: true }),
  );
}

export function useDrawRecord(packId: string, page: number) {
  return useQuery({
    queryKey: drawRecordKey(packId, page),
    queryFn: () => fetchDrawRecord(packId, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled: packId !== '',
  });
}

/** Every row of the record (for the check against the revealed seed), 1,000 a call. */
export async function fetchWholeRecord(packId: string): Promise<DrawRecord['list']> {
  const rows: DrawRecord['list'] = [];
  for (let page = 1; ; page++) {
    const r = await fetchDrawRecord(packId, page, 1000);
    rows.push(...r.list);
    if (page >= r.all_page) return rows;
  }
}

/** The CSV download of the whole record (a plain link: the session cookie marks the member's own draws). */
export const drawRecordCsvUrl = (packId: string) =>
  `${API_BASE}/user/pack/record/${encodeURIComponent(packId)}/csv`;
