import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../apps/server/src/db/index.ts';
import { awardGems } from '../apps/server/src/modules/gems/service.ts';
import { publishPack } from '../apps/server/src/modules/packs/service.ts';

/** A gem pack of `total` lots with three prize tiers, published (lot sequence fixed). */
export async function benchPack(db: Db, total: number, point = 10): Promise<number> {
  const now = new Date().toISOString();
  const pack = await db
    .insertInto('packs')
    .values({
      card_type_id: 2,
      name_en: `Bench pack ${total}`,
      name_ja: `ベンチパック ${total}`,
      payment_method: 1,
      point,
      total_pack_count: total,
      images: '[]',
      banner_image: '',
      start_at: '2020-01-01T00:00:00.000Z',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tiers = [
    { share: 0.9, rarity: 1, buy_point: 5 },
    { share: 0.09, rarity: 4, buy_point: 50 },
    { share: 0.01, rarity: 7, buy_point: 500 },
  ];
  let left = total;
  for (const [i, t] of tiers.entries()) {
    const quantity = i === tiers.length - 1 ? left : Math.floor(total * t.share);
    left -= quantity;
    const card = await db
      .insertInto('cards')
      .values({
        card_type_id: 2,
        name_en: `Bench card ${i}`,
        name_ja: `ベンチカード ${i}`,
        model_number: `B-${i}`,
        rarity: t.rarity,
        rarity_label: `R${t.rarity}`,
        image_url: '/media/cards/1.svg',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('pack_prizes')
      .values({ pack_id: pack.id, card_id: card.id, quantity, buy_point: t.buy_point })
      .execute();
  }
  await publishPack(db, pack.id);
  return pack.id;
}

export interface BenchMember {
  id: number;
  cookie: string;
}

/**
 * Members with gems and a live session, made directly in the database (argon2 at 200 registrations would
 * measure the password hash, not the shop).
 */
export async function benchMembers(db: Db, n: number, gems: number): Promise<BenchMember[]> {
  const now = new Date();
  const out: BenchMember[] = [];
  for (let i = 0; i < n; i++) {
    const tag = randomBytes(6).toString('hex');
    const user = await db
      .insertInto('users')
      .values({
        mail: `bench-${tag}@example.com`,
        pass_hash: null,
        last_name: 'Bench',
        middle_name: '',
        first_name: `M${i}`,
        tel: '',
        zipcode: '90012',
        pref_id: 99,
        pref_text: 'CA',
        shiku: 'Los Angeles',
        address: '1 Bench St',
        building: '',
        referral_code: tag.toUpperCase(),
        referred_by: null,
        google_sub: null,
        apple_sub: null,
        rank_maintained_month: null,
        last_gem_use_at: null,
        country_id: 840,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (gems > 0) {
      await awardGems(
        db,
        { userId: user.id, amount: gems, kind: 'bonus', source: 'admin', reason: 'bench' },
        now,
      );
    }
    const sid = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({
        id_hash: createHash('sha256').update(sid).digest('hex'),
        user_id: user.id,
        persistent: 1,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      })
      .execute();
    out.push({ id: user.id, cookie: `sid=${sid}` });
  }
  return out;
}

/** The form body of a POST in the envelope, with the member's csrf pair from a GET. */
export async function envelopeBody(baseUrl: string, cookie: string, payload: unknown): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/point`, { headers: { cookie } });
  const { csrf } = (await res.json()) as { csrf: { name: string; value: string } };
  return new URLSearchParams({
    csrf_name: csrf.name,
    csrf_value: csrf.value,
    json: JSON.stringify(payload),
  }).toString();
}

export async function postForm(baseUrl: string, path: string, cookie: string, body: string) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return (await res.json()) as { state: number; [k: string]: unknown };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
