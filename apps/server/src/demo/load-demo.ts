import type { Db } from '../db/index.ts';
import { addMember } from '../modules/account/service.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { awardCoins } from '../modules/coins/service.ts';
import { awardGems } from '../modules/gems/service.ts';
import { addPointPrices } from '../modules/payments/service.ts';
import { addCards, addPrizes, createPack, publishPack, useGeneratedArt } from '../modules/packs/service.ts';
import { insertExchangeCard } from '../modules/exchange/service.ts';
import { seedMemberRank } from '../modules/ranks/rollover.ts';
import {
  DEMO_CARDS,
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
        sold_count: Math.min(p.sold, total),
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
        created_at: at(Math.min(p.startsInHours, 0) - 24 - i),
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
    return ids;
  });
  if (!packIds) return false;
  // after the commit: publishing runs its own transaction per pack, and is idempotent
  for (const id of packIds) await publishPack(db, id);
  return true;
}
