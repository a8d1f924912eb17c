import { adminCardListSchema } from '@gacha/contract/admin';
import type { z } from 'zod';
import { api, query, unwrap } from '../../lib/api.ts';

export type CardRow = z.infer<typeof adminCardListSchema>['list'][number];

export const cardsKey = (type: string, page: number) => ['admin', 'cards', type, page] as const;

/**
 * One card by id. The API lists cards a page at a time and has no single-card call: the list row comes along
 * with the link (router state); after a reload the pages are read until it turns up.
 */
export async function findCard(id: number): Promise<CardRow | null> {
  for (let page = 1, last = 1; page <= last && page <= 200; page++) {
    const res = unwrap(await api.get(`admin/cards${query({ page })}`, adminCardListSchema));
    const hit = res.list.find((c) => c.id === id);
    if (hit) return hit;
    last = res.all_page;
  }
  return null;
}
