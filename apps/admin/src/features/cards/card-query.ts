import type { adminCardListSchema } from '@gacha/contract/admin';
import { cardDetailRoute } from '@gacha/contract/routes/admin-catalogue';
import type { z } from 'zod';
import { call, unwrap } from '../../lib/api.ts';

export type CardRow = z.infer<typeof adminCardListSchema>['list'][number];

/** One card by id (GET /api/admin/cards/{id}); null when there is none. */
export async function findCard(id: number): Promise<CardRow | null> {
  const res = await call(cardDetailRoute, { params: { id } });
  if (res.state === 404) return null;
  return unwrap(res).card;
}
