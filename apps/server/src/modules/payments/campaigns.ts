import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, GemCampaignsTable } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type CampaignRow = Selectable<GemCampaignsTable>;

/**
 * Gem-price discount windows (spec §2 Buy gems; staff keep them in the console, migration 013 holds the spec's
 * 10 Oct 2025 one). Inside a window a purchase charges the discounted price, rounded down to whole yen; when
 * windows overlap the larger discount applies.
 */
export interface Campaign {
  active: boolean;
  /** The discount of the window shown (the current one, else the next, else the last), active or not. */
  percent: number;
  start: string;
  end: string;
}

const cols = ['id', 'percent', 'starts_at', 'ends_at', 'note', 'created_at'] as const;

export async function campaignAt(db: Executor, now: Date): Promise<Campaign> {
  const at = now.toISOString();
  const base = db.selectFrom('gem_campaigns').select(cols);
  const shown =
    (await base
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .orderBy('percent', 'desc')
      .orderBy('id')
      .executeTakeFirst()) ??
    (await base.where('ends_at', '>', at).orderBy('starts_at').orderBy('id').executeTakeFirst()) ??
    (await base.orderBy('ends_at', 'desc').orderBy('id', 'desc').executeTakeFirst());
  if (!shown) return { active: false, percent: 0, start: at, end: at };
  return {
    active: shown.starts_at <= at && at < shown.ends_at,
    percent: shown.percent,
    start: shown.starts_at,
    end: shown.ends_at,
  };
}

export function listCampaigns(db: Executor): Promise<CampaignRow[]> {
  return db
    .selectFrom('gem_campaigns')
    .select(cols)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCampaign(tx: Executor, row: Insertable<GemCampaignsTable>): Promise<number> {
  const r = await tx.insertInto('gem_campaigns').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function findCampaign(tx: Executor, id: number): Promise<CampaignRow | undefined> {
  return tx.selectFrom('gem_campaigns').select(cols).where('id', '=', id).executeTakeFirst();
}

export async function updateCampaign(tx: Executor, id: number, set: Updateable<GemCampaignsTable>) {
  await tx.updateTable('gem_campaigns').set(set).where('id', '=', id).execute();
}
