import type { Db } from '../db/index.ts';
import { commandWrite } from '../modules/admin/service.ts';
import { addPrizes, createPack, publishPack, useGeneratedArt } from '../modules/packs/service.ts';
import { openRoom } from '../modules/rooms/staff.ts';
import { DEMO_CARDS, detailHtml } from './catalogue.ts';

/** The demo cards a rehearsal pack holds, from the commonest to the top prize. */
const REHEARSAL_PRIZES = [
  { card: 'emberpup', share: 0.5, buyPoint: 30 },
  { card: 'voltmouse', share: 0.3, buyPoint: 60 },
  { card: 'golden-starfall', share: 0.2, buyPoint: 60_000 },
];

export interface RehearsalOptions {
  startsInSeconds: number;
  lots: number;
  minutesBefore: number;
  admitPerMinute: number;
  passSeconds: number;
}

/**
 * A release rehearsal: a small gem pack of the demo cards whose sale starts `startsInSeconds` from `now`,
 * published, with a release room already open (its members may join at once when `minutesBefore` reaches back
 * past `now`). For trying a room end to end in a minute: the demo, the console's staff, the e2e journey.
 * Everything is written through the modules' own rules (the room with its audit row, actor the command line).
 */
export async function createReleaseRehearsal(db: Db, now: Date, opts: RehearsalOptions): Promise<number> {
  const models = REHEARSAL_PRIZES.map((p) => DEMO_CARDS.find((c) => c.key === p.card)!.model);
  const cards = await db
    .selectFrom('cards')
    .select(['id', 'model_number'])
    .where('model_number', 'in', models)
    .execute();
  const idOf = (model: string) => {
    const card = cards.find((c) => c.model_number === model);
    if (!card) throw new Error(`release rehearsal: demo card ${model} missing (load the demo data first)`);
    return card.id;
  };
  // exactly `lots`: the rarer prizes their share rounded down, the commonest the rest
  const counts = REHEARSAL_PRIZES.map((p, i) => (i === 0 ? 0 : Math.floor(p.share * opts.lots)));
  counts[0] = opts.lots - counts.reduce((s, n) => s + n, 0);
  const total = opts.lots;
  const start = new Date(now.getTime() + opts.startsInSeconds * 1000);
  const packId = await db.transaction().execute(async (tx) => {
    const id = await createPack(tx, {
      card_type_id: DEMO_CARDS.find((c) => c.key === 'emberpup')!.type,
      name_en: 'Release Rehearsal Pack',
      name_ja: 'リリース予行パック',
      payment_method: 1,
      point: 500,
      total_pack_count: total,
      sold_count: 0,
      images: '[]',
      banner_image: '',
      start_at: start.toISOString(),
      end_at: null,
      can_limit: 0,
      limit_count: 0,
      limit_message_en: '',
      limit_message_ja: '',
      max_buy_count: 1,
      show_cardlist: 1,
      detail_en: detailHtml([
        'A hot release sold through its release room: the order of entry is drawn from a committed seed.',
        ['One lot per purchase.', 'Wait for your turn, then buy while your pass lasts.'],
      ]),
      detail_ja: detailHtml([
        '待機室で販売する人気リリースです。入場の順番は事前に公開したシードの抽選で決まります。',
        ['1回の購入につき1口までです。', '順番が来たら、入場パスの有効期間内にご購入ください。'],
      ]),
      movie_style: 1,
      sort: 0,
      created_at: now.toISOString(),
    });
    await addPrizes(
      tx,
      id,
      REHEARSAL_PRIZES.flatMap((p, i) =>
        counts[i]
          ? [
              {
                card_id: idOf(models[i]!),
                quantity: counts[i]!,
                buy_point: p.buyPoint,
                num: 1,
                ship_only: 0,
                is_last_one: 0,
              },
            ]
          : [],
      ),
    );
    await useGeneratedArt(tx, id);
    return id;
  });
  await publishPack(db, packId);
  await openRoom(commandWrite(db, now), packId, {
    minutesBefore: opts.minutesBefore,
    admitPerMinute: opts.admitPerMinute,
    passSeconds: opts.passSeconds,
  });
  return packId;
}
