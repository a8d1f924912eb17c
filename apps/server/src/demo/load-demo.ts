import type { Db } from '../db/index.ts';
import { addMember } from '../modules/account/service.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { awardCoins } from '../modules/coins/service.ts';
import { buyPacks } from '../modules/draws/service.ts';
import { awardGems } from '../modules/gems/service.ts';
import { addPointPrices } from '../modules/payments/service.ts';
import { addCards, addPrizes, createPack, publishPack, useGeneratedArt } from '../modules/packs/service.ts';
import { insertExchangeCard } from '../modules/exchange/service.ts';
import { seedMemberRank } from '../modules/ranks/rollover.ts';
import { commandWrite } from '../modules/admin/service.ts';
import { openRoom } from '../modules/rooms/staff.ts';
import { addDemoShopWords } from './shop-words.ts';
import {
  DEMO_CARDS,
  DEMO_CROWD_SIZE,
  demoCrowdMember,
  DEMO_EXCHANGE_CARDS,
  DEMO_MEMBER,
  DEMO_PACKS,
  DEMO_POINT_PRICES,
  DEMO_SILVER_MEMBER,
  detailHtml,
} from './catalogue.ts';

const HOUR = 3600 * 1000;
const BATCH = 100;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/**
 * Loads the demo catalogue (cards, packs with prizes, gem price courses) and the demo member into a database
 * whose packs table is empty. Sale windows are relative to `now`, so the states (before sale, on sale, nearly
 * sold out, sold out, ended) hold on any day. Returns whether it loaded.
 *
 * Everything is fixed data except each pack's secret seed: every pack is published through the packs module
 * (`publishPack`: a CSPRNG seed, its commitment and the shuffled lot sequence), since a seed that could be read
 * from this source would make the published commitment meaningless.
 *
 * Every row is written through the module that owns its table (db/table-owners.json): the loader itself writes
 * nothing directly.
 */
export async function loadDemoData(db: Db, now: Date): Promise<boolean> {
  const passHash = await hashPassword(DEMO_MEMBER.password);
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
  const nowIso = now.toISOString();
  const createdAt = (i: number) => at(Math.min(DEMO_PACKS[i]!.startsInHours, 0) - 24 - i);

  const packIds = await db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('packs').select('id').limit(1).executeTakeFirst();
    if (existing) return null;
    const ids: number[] = [];

    // cards, with their artwork URLs (the URL carries the id)
    const cardIds = new Map<string, number>();
    for (const batch of chunks([...DEMO_CARDS])) {
      const ids = await addCards(
        tx,
        batch.map((c) => ({
          card_type_id: c.type,
          name_en: c.en,
          name_ja: c.ja,
          model_number: c.model,
          rarity: c.rarity,
          rarity_label: c.label,
        })),
      );
      batch.forEach((c, i) => cardIds.set(c.key, ids[i]!));
    }

    for (const [i, p] of DEMO_PACKS.entries()) {
      const total = p.prizes.filter((x) => !x.lastOne).reduce((s, x) => s + x.quantity, 0);
      // through the packs service: the description is sanitised when saved
      const packId = await createPack(tx, {
        card_type_id: p.type,
        name_en: p.en,
        name_ja: p.ja,
        payment_method: p.paymentMethod,
        point: p.point,
        total_pack_count: total,
        sold_count: 0, // what it has sold is bought after publishing (sellDemoLots)
        images: '[]',
        banner_image: '',
        start_at: at(p.startsInHours),
        end_at: p.endsInHours === null ? null : at(p.endsInHours),
        can_limit: p.limit ? 1 : 0,
        limit_count: p.limit?.count ?? 0,
        limit_message_en: p.limit?.en ?? '',
        limit_message_ja: p.limit?.ja ?? '',
        max_buy_count: p.maxBuyCount ?? 0,
        show_cardlist: p.showCardlist === false ? 0 : 1,
        detail_en: detailHtml(p.detail.en),
        detail_ja: detailHtml(p.detail.ja),
        movie_style: p.movieStyle,
        sort: 0,
        created_at: createdAt(i),
      });
      ids.push(packId);
      await addPrizes(
        tx,
        packId,
        p.prizes.map((x) => {
          const cardId = cardIds.get(x.card);
          if (cardId === undefined) throw new Error(`demo pack ${p.en}: unknown card ${x.card}`);
          return {
            card_id: cardId,
            quantity: x.quantity,
            buy_point: x.buyPoint,
            num: x.num ?? 1,
            ship_only: x.shipOnly || p.paymentMethod === 2 ? 1 : 0,
            is_last_one: x.lastOne ? 1 : 0,
          };
        }),
      );
      await useGeneratedArt(tx, packId);
    }

    const hasPrices = await tx.selectFrom('point_prices').select('id').limit(1).executeTakeFirst();
    if (!hasPrices) {
      await addPointPrices(
        tx,
        DEMO_POINT_PRICES.map((pp, i) => ({
          point: pp.point,
          price: pp.price,
          rate: pp.rate ?? '0',
          coupon_only: pp.couponOnly ? 1 : 0,
          sort: i + 1,
          modified: nowIso,
        })),
      );
    }

    for (const x of DEMO_EXCHANGE_CARDS) {
      const cardId = cardIds.get(x.card);
      if (cardId === undefined) throw new Error(`demo exchange card: unknown card ${x.card}`);
      await insertExchangeCard(tx, {
        card_id: cardId,
        sub_coin: x.subCoin,
        stock: x.stock,
        member_limit: x.limit ?? 0,
        created_at: nowIso,
      });
    }

    for (const m of [DEMO_MEMBER, DEMO_SILVER_MEMBER]) {
      const known = await tx.selectFrom('users').select('id').where('mail', '=', m.mail).executeTakeFirst();
      if (known) continue;
      const userId = await addMember(tx, {
        mail: m.mail,
        pass_hash: passHash,
        last_name: m.lastName,
        middle_name: '',
        first_name: m.firstName,
        tel: m.tel,
        zipcode: m.zipcode,
        pref_id: 99,
        pref_text: m.prefText,
        shiku: m.shiku,
        address: m.address,
        building: m.building,
        country_id: m.countryId,
        referral_code: m.referralCode,
        referred_by: null,
        google_sub: null,
        apple_sub: null,
        lang: 'en',
        rank_maintained_month: null,
        last_gem_use_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      });
      await awardGems(
        tx,
        { userId, amount: m.gems, kind: 'bonus', source: 'admin', reason: 'demo_grant' },
        now,
      );
      await awardCoins(tx, { userId, tenths: m.coinTenths, reason: 'admin' }, now);
      if ('rank' in m) await seedMemberRank(tx, userId, { rank: m.rank, spend: m.lastMonthSpend }, now);
    }
    await addDemoShopWords(tx, now);
    return ids;
  });
  if (!packIds) return false;
  // after the commit: publishing runs its own transaction per pack, and is idempotent; each is published as of
  // its creation, before its sale (so its odds disclosure is dated before the purchases sellDemoLots makes)
  for (const [i, id] of packIds.entries()) {
    await publishPack(db, id, undefined, undefined, new Date(createdAt(i)));
  }
  await sellDemoLots(db, packIds, now);
  for (const [i, p] of DEMO_PACKS.entries())
    if (p.room) await openRoom(commandWrite(db, now), packIds[i]!, p.room);
  return true;
}

/** A small deterministic generator (mulberry32), so that every demo load sells the same way. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What a demo pack has sold (`sold`) is sold for real (the public draw record, the live odds and the
 * verifier read real purchases): purchases of 1–12 lots (within the pack's limits) by the demo players, at times
 * spread over the pack's sale so far, each through the draws module like any purchase and paid with gems (or
 * coins) granted to the player just before it.
 */
async function sellDemoLots(db: Db, packIds: number[], now: Date): Promise<void> {
  const createdAt = new Date(now.getTime() - 60 * 24 * HOUR).toISOString();
  const crowd = await db.transaction().execute(async (tx) => {
    const ids: number[] = [];
    for (let n = 1; n <= DEMO_CROWD_SIZE; n++) {
      const m = demoCrowdMember(n);
      ids.push(
        await addMember(tx, {
          mail: m.mail,
          pass_hash: null,
          last_name: m.lastName,
          middle_name: '',
          first_name: m.firstName,
          tel: '',
          zipcode: '',
          pref_id: 99,
          pref_text: '',
          shiku: '',
          address: '',
          building: '',
          country_id: null,
          referral_code: m.referralCode,
          referred_by: null,
          google_sub: null,
          apple_sub: null,
          lang: 'en',
          rank_maintained_month: null,
          last_gem_use_at: null,
          created_at: createdAt,
          updated_at: createdAt,
        }),
      );
    }
    return ids;
  });
  let next = 0;
  for (const [i, p] of DEMO_PACKS.entries()) {
    const total = p.prizes.filter((x) => !x.lastOne).reduce((s, x) => s + x.quantity, 0);
    let left = Math.min(p.sold, total);
    if (!left) continue;
    const random = generator(i + 1);
    const counts: number[] = [];
    while (left > 0) {
      let n = 1 + Math.floor(random() * 12);
      if (p.maxBuyCount) n = Math.min(n, p.maxBuyCount);
      if (p.limit) n = Math.min(n, p.limit.count);
      n = Math.min(n, left);
      counts.push(n);
      left -= n;
    }
    const from = now.getTime() + p.startsInHours * HOUR;
    const until =
      Math.min(now.getTime(), p.endsInHours === null ? Infinity : now.getTime() + p.endsInHours * HOUR) -
      HOUR;
    const step = (until - from) / (counts.length + 1);
    const plays = new Map<number, number>();
    for (const [k, count] of counts.entries()) {
      const at = new Date(Math.round(from + step * (k + 1) + step * 0.8 * (random() - 0.5)));
      let userId = crowd[next++ % crowd.length]!;
      for (let tries = 0; p.limit && (plays.get(userId) ?? 0) + count > p.limit.count; tries++) {
        if (tries > crowd.length) throw new Error(`demo pack ${p.en}: more sold than the players may buy`);
        userId = crowd[next++ % crowd.length]!;
      }
      plays.set(userId, (plays.get(userId) ?? 0) + count);
      await db
        .transaction()
        .execute((tx) =>
          p.paymentMethod === 2
            ? awardCoins(tx, { userId, tenths: p.point * count * 10, reason: 'demo_grant' }, at)
            : awardGems(
                tx,
                { userId, amount: p.point * count, kind: 'bonus', source: 'admin', reason: 'demo_grant' },
                at,
              ),
        );
      await buyPacks(db, { userId, packId: packIds[i]!, count, lang: 'en' }, at);
    }
  }
}
