import type { Transaction } from 'kysely';
import { customsCategories } from '@gacha/contract/admin';
import {
  SHIPPING_DUE_DAYS,
  shipmentAges,
  type AdminPackingList,
  type AdminShipmentQuery,
} from '@gacha/contract/admin-shipping';
import {
  CUSTOMS_DECLARED_VALUES,
  CUSTOMS_RULES_FROM,
  declaredValue,
  type CustomsCategory,
} from '@gacha/contract/customs';
import {
  CARRIER_NAMES,
  carriers,
  type AdminShipment,
  type AdminShipmentList,
  type CarrierKey,
} from '@gacha/contract/draws';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/api-error.ts';
import { langOf, memberMail, type MailMessage } from '../mail/service.ts';
import * as repo from './repo.ts';
import { readTrackingCsv, type TrackingFile } from './tracking-import.ts';

export type { TrackingFile, TrackingLine } from './tracking-import.ts';

type Executor = Db | Transaction<Database>;

/**
 * Shipping batches (DOMAIN.md Won items): every item a member chooses to ship joins the member's one open
 * batch; the shop marks a batch shipped with a delivery code, which turns its items 'shipped'.
 */

/**
 * Adds `count` items to the member's open batch, creating it if there is none, and answers its id.
 *
 * The increment `UPDATE … WHERE status = 'open'` takes the batch's row lock, so a concurrent "mark shipped"
 * either waits for this transaction (and then ships these items too) or has already shipped the batch, in
 * which case the update finds no open row and a new batch is opened (the partial unique index
 * `shipments_one_open_per_user` keeps it to one open batch per member).
 */
export async function joinOpenShipment(
  tx: Executor,
  userId: number,
  count: number,
  now: Date,
): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await repo.growOpen(tx, userId, count);
    if (open !== undefined) return open;
    await repo.openEmpty(tx, userId, now.toISOString());
  }
  throw new Error(`could not open a shipment batch for member ${userId}`);
}

const DAY_MS = 24 * 3600_000;

type BatchRow = Awaited<ReturnType<typeof repo.listWithAddress>>[number];

/** Whole days a batch has waited: until it shipped, or until now. */
function ageDays(createdAt: string, shippedAt: string | null, now: Date): number {
  const end = shippedAt ? Date.parse(shippedAt) : now.getTime();
  return Math.max(0, Math.floor((end - Date.parse(createdAt)) / DAY_MS));
}

/** The batches' items (won items, then cards exchanged for coins) with spec §9's declared value of each. */
async function withItems(db: Executor, rows: BatchRow[], now: Date): Promise<AdminShipment[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, exchanged] = await Promise.all([repo.itemsOf(db, ids), repo.exchangesOf(db, ids)]);
  return rows.map((r) => {
    const list: AdminShipment['items'] = [
      ...items
        .filter((i) => i.shipment_id === r.id)
        .map((i) => ({
          history_id: i.id,
          exchange_id: null,
          card_id: i.card_id,
          name: i.name_en,
          model_number: i.model_number,
          status: i.status,
          customs_category: i.customs_category,
          value_yen: i.buy_point,
          declared_value_yen: declaredValue(i.customs_category, i.buy_point),
        })),
      ...exchanged
        .filter((x) => x.shipment_id === r.id)
        .map((x) => ({
          history_id: null,
          exchange_id: x.id,
          card_id: x.card_id,
          name: x.name_en,
          model_number: x.model_number,
          status: r.status === 'shipped' ? ('shipped' as const) : ('ship' as const),
          customs_category: x.customs_category,
          value_yen: x.conversion_value,
          declared_value_yen: declaredValue(x.customs_category, x.conversion_value),
        })),
    ];
    const due = new Date(Date.parse(r.created_at) + SHIPPING_DUE_DAYS * DAY_MS);
    return {
      id: r.id,
      user_id: r.user_id,
      status: r.status,
      delivery_code: r.delivery_code,
      carrier: carrierOf(r.carrier),
      created_at: r.created_at,
      shipped_at: r.shipped_at,
      item_count: r.item_count,
      age_days: ageDays(r.created_at, r.shipped_at, now),
      due_at: due.toISOString(),
      overdue: r.status === 'open' && now.getTime() > due.getTime(),
      declared_total_yen: list.reduce((sum, i) => sum + i.declared_value_yen, 0),
      address: {
        name: [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' '),
        country_id: r.country_id,
        country_en: r.country_name ?? null,
        country_ja: r.country_name_ja ?? null,
        zipcode: r.zipcode,
        state: r.pref_text,
        city: r.shiku,
        address: r.address,
        building: r.building,
        tel: r.tel,
      },
      items: list,
    };
  });
}

const carrierOf = (c: string | null): CarrierKey | null =>
  c !== null && (carriers as readonly string[]).includes(c) ? (c as CarrierKey) : null;

/** The age filters as creation times: waited at least `minAgeDays` whole days, at most `maxAgeDays`. */
function ageWindow(now: Date, minAgeDays?: number, maxAgeDays?: number) {
  return {
    ...(minAgeDays !== undefined
      ? { createdAtMost: new Date(now.getTime() - minAgeDays * DAY_MS).toISOString() }
      : {}),
    ...(maxAgeDays !== undefined
      ? { createdAfter: new Date(now.getTime() - (maxAgeDays + 1) * DAY_MS).toISOString() }
      : {}),
  };
}

/**
 * The console's batch list (a list of admin-list.ts) with each member's address and items, oldest first unless
 * sorted: open ones by default; filtered by how long they have waited (whole days since their first item was
 * chosen for shipping) and by member, searched by the member's name, email, tel, postcode or the tracking code.
 */
export async function listShipments(
  db: Executor,
  q: AdminShipmentQuery,
  now: Date = new Date(),
): Promise<AdminShipmentList> {
  const found = await repo.batchPage(db, batchFilter(q, now), q);
  return { ...found, list: await withItems(db, found.list, now) };
}

/** Every batch the list's query finds, in its order (the command line's list). */
export async function allShipments(db: Executor, q: AdminShipmentQuery, now: Date = new Date()) {
  return withItems(db, await repo.batchAll(db, batchFilter(q, now), q), now);
}

function batchFilter(q: AdminShipmentQuery, now: Date): repo.BatchFilter {
  const named: { min?: number; max?: number } = q.age ? shipmentAges[q.age] : {};
  return {
    status: q.status ?? 'open',
    ...ageWindow(now, q.min_age_days ?? named.min, q.max_age_days ?? named.max),
    ...(q.user_id !== undefined ? { userId: q.user_id } : {}),
  };
}

/**
 * The packing list and customs sheet of the given batches (open or shipped), in the order asked: every item with
 * its declared value (spec §9 by its card's customs category), and the customs contents as one line per
 * category. An unknown id is a 404.
 */
export async function packingList(
  db: Executor,
  ids: readonly number[],
  sender: { name: string; address: string; email: string },
  now: Date,
): Promise<AdminPackingList> {
  const rows = await repo.listWithAddress(db, { status: 'all', ids, limit: ids.length });
  if (rows.length !== ids.length) throw notFound('shipment_not_found');
  const byId = new Map((await withItems(db, rows, now)).map((b) => [b.id, b]));
  const countries = new Map(rows.map((r) => [r.id, r]));
  const sheets = ids.map((id) => {
    const b = byId.get(id)!;
    const r = countries.get(id)!;
    const lines = new Map<CustomsCategory, { quantity: number; declared_value_yen: number }>();
    for (const i of b.items) {
      const line = lines.get(i.customs_category) ?? { quantity: 0, declared_value_yen: 0 };
      line.quantity++;
      line.declared_value_yen += i.declared_value_yen;
      lines.set(i.customs_category, line);
    }
    return {
      shipment: {
        id: b.id,
        user_id: b.user_id,
        status: b.status,
        created_at: b.created_at,
        age_days: b.age_days,
        due_at: b.due_at,
        carrier: b.carrier,
        delivery_code: b.delivery_code,
      },
      recipient: { ...b.address, country: r.country_name ?? '', country_code: r.country_code ?? '' },
      items: b.items.map((i) => ({
        history_id: i.history_id,
        exchange_id: i.exchange_id,
        card_id: i.card_id,
        name: i.name,
        model_number: i.model_number,
        customs_category: i.customs_category,
        declared_value_yen: i.declared_value_yen,
      })),
      customs: customsCategories
        .filter((c) => lines.has(c))
        .map((c) => ({
          customs_category: c,
          description: CUSTOMS_DECLARED_VALUES[c].description,
          ...lines.get(c)!,
        })),
      declared_total_yen: b.declared_total_yen,
    };
  });
  return {
    sender: { ...sender, country_code: 'JP' },
    origin_country: 'JP',
    currency: 'JPY',
    nature: 'merchandise',
    rules_from: CUSTOMS_RULES_FROM,
    printed_at: now.toISOString(),
    sheets,
  };
}

/** Which of the given batches exist and whether each is open (the CSV import's check before it writes). */
export async function batchStates(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, 'open' | 'shipped'>> {
  return new Map((await repo.statesOf(db, ids)).map((r) => [r.id, r.status]));
}

/**
 * Reads the console's CSV of tracking codes and checks every line: its own fields, the file's other lines (a batch
 * or a tracking code twice), and the batch itself (it must exist and be open). Writes nothing.
 */
export async function checkTrackingCsv(db: Executor, text: string): Promise<TrackingFile> {
  const file = readTrackingCsv(text);
  if (file.fileError) return file;
  const ids = file.lines.flatMap((l) => (l.error || l.shipmentId === null ? [] : [l.shipmentId]));
  const states = await batchStates(db, ids);
  for (const l of file.lines) {
    if (l.error || l.shipmentId === null) continue;
    const state = states.get(l.shipmentId);
    if (state === undefined) l.error = 'shipment_not_found';
    else if (state !== 'open') l.error = 'shipment_already_shipped';
  }
  return file;
}

/** The shipping email of each shipped batch, in its member's language (sent once the batches are committed). */
export async function shippedMails(
  db: Executor,
  shipped: readonly {
    id: number;
    user_id: number;
    items: number;
    delivery_code: string;
    carrier: string | null;
  }[],
): Promise<MailMessage[]> {
  const members = new Map(
    (await repo.recipientsOf(db, [...new Set(shipped.map((s) => s.user_id))])).map((m) => [m.id, m]),
  );
  return shipped.flatMap((s) => {
    const m = members.get(s.user_id);
    if (!m || m.mail.endsWith('@invalid')) return []; // an erased member has no address
    const lang = langOf(m.lang);
    const carrier = carrierOf(s.carrier);
    return [
      memberMail({ id: m.id, mail: m.mail, lang }, 'shipment_shipped', {
        shipmentId: s.id,
        items: s.items,
        trackingCode: s.delivery_code,
        carrier: carrier ? CARRIER_NAMES[carrier][lang] : null,
      }),
    ];
  });
}

/**
 * Closes an open batch: shipped, with its delivery code. The conditional `WHERE status = 'open'` makes a repeat
 * (or a race of two clerks) a 409; an unknown batch is a 404. Call inside the transaction that ships its items
 * (holdings' markShipped).
 */
export async function closeShipment(
  tx: Transaction<Database>,
  args: { shipmentId: number; deliveryCode: string; carrier?: string | null },
  now: Date,
): Promise<{ id: number; user_id: number }> {
  const row = await repo.closeOpen(
    tx,
    args.shipmentId,
    { deliveryCode: args.deliveryCode, carrier: args.carrier ?? null },
    now.toISOString(),
  );
  if (row) return row;
  if (!(await repo.exists(tx, args.shipmentId))) throw notFound('shipment_not_found');
  throw conflict('shipment', 'shipment_already_shipped');
}

/**
 * Corrects a shipped batch's carrier and tracking code (a typo on the label, in the caller's transaction): only
 * a shipped batch has one; answers before and after, or null when nothing changes (a repeat).
 */
export async function correctTracking(
  tx: Transaction<Database>,
  args: { shipmentId: number; deliveryCode: string; carrier?: string | null },
) {
  const row = await repo.shippedTracking(tx, args.shipmentId);
  if (!row) throw notFound('shipment_not_found');
  if (row.status !== 'shipped') throw conflict('shipment', 'shipment_not_shipped');
  const carrier = args.carrier ?? row.carrier;
  if (row.delivery_code === args.deliveryCode && row.carrier === carrier) return null;
  await repo.setTracking(tx, args.shipmentId, { deliveryCode: args.deliveryCode, carrier });
  return {
    before: { delivery_code: row.delivery_code, carrier: row.carrier },
    after: { delivery_code: args.deliveryCode, carrier },
  };
}
