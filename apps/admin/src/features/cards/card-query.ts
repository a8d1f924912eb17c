import type { adminCardListSchema } from '@gacha/contract/admin';
import { adminCardAnswerSchema } from '@gacha/contract/admin';
import type { z } from 'zod';
import { api, unwrap } from '../../lib/api.ts';

export type CardRow = z.infer<typeof adminCardListSchema>['list'][number];

/** One card by id (GET /api/admin/cards/{id}); null when there is none. */
export async function findCard(id: number): Promise<CardRow | null> {
  const res = await api.get(`admin/cards/${id}`, { answer: adminCardAnswerSchema });
  if (res.state === 404) return null;
  return unwrap(res).card;
}
