import { randomBytes } from 'node:crypto';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import type { Db } from '../src/db/index.ts';
import type { NewPack, NewUser } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { newReferralCode } from '../src/modules/account/service.ts';
import { uniqueMail } from './helpers.ts';

export interface Member {
  id: number;
  mail: string;
  pass: string;
  referralCode: string;
}

/** A member with a password, straight into the database. */
export async function createMember(
  db: Db,
  overrides: Partial<NewUser> & { pass?: string } = {},
): Promise<Member> {
  const { pass = `pw-${randomBytes(4).toString('hex')}`, ...fields } = overrides;
  const now = new Date().toISOString();
  const values: NewUser = {
    mail: uniqueMail(),
    pass_hash: await hashPassword(pass),
    last_name: 'Test',
    middle_name: '',
    first_name: 'Member',
    tel: '',
    zipcode: '',
    pref_text: '',
    shiku: '',
    address: '',
    building: '',
    referral_code: newReferralCode(),
    created_at: now,
    updated_at: now,
    ...fields,
  };
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, mail: values.mail, pass, referralCode: values.referral_code };
}

export const COUNTRIES = {
  japan: { id: JAPAN_COUNTRY_ID, code: 'JP', name_en: 'Japan', name_ja: '日本', sort: 1 },
  usa: { id: 840, code: 'US', name_en: 'United States', name_ja: 'アメリカ合衆国', sort: 10 },
  france: { id: 250, code: 'FR', name_en: 'France', name_ja: 'フランス', sort: 10 },
} as const;

type CountryRow = { id: number; code: string; name_en: string; name_ja: string; sort: number };

/** Inserts countries unless present (migration 002 may already hold them, possibly with other names). */
export async function ensureCountries(db: Db, rows: CountryRow[] = Object.values(COUNTRIES)): Promise<void> {
  await db
    .insertInto('countries')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const PREFECTURES = [
  { id: 1, name_en: 'Hokkaido', name_ja: '北海道' },
  { id: 13, name_en: 'Tokyo', name_ja: '東京都' },
  { id: 47, name_en: 'Okinawa', name_ja: '沖縄県' },
  { id: 99, name_en: 'Overseas', name_ja: '海外' },
];

export async function ensurePrefectures(db: Db): Promise<void> {
  await db
    .insertInto('prefectures')
    .values(PREFECTURES)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A registration payload that passes every check (a country must exist: call ensureCountries first). */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lastName: 'Yamada',
    middleName: '',
    firstName: 'Taro',
    mail: uniqueMail('reg'),
    pass: 'secret123',
    confirmPass: 'secret123',
    tel: '090-1234-5678',
    zipcode: '94105',
    country: 'CA',
    shiku: 'San Francisco',
    address: '1 Market St',
    building: '',
    referralCode: '',
    country_id: COUNTRIES.usa.id,
    ...overrides,
  };
}

/** A gem pack with nothing in it, to hang purchases on. */
export async function createPack(db: Db, overrides: Partial<NewPack> = {}): Promise<number> {
  await db
    .insertInto('card_types')
    .values({ id: 2, name_en: 'Pokémon', name_ja: 'ポケモン', sort: 1 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const now = new Date().toISOString();
  const row = await db
    .insertInto('packs')
    .values({
      card_type_id: 2,
      name_en: 'Test pack',
      name_ja: 'テストパック',
      payment_method: 1,
      point: 100,
      total_pack_count: 1_000_000,
      images: '[]',
      banner_image: '',
      start_at: now,
      created_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let nextPosition = 0;
/** Records gems paid for gem packs at a time (what the monthly rank counts), without a real draw. */
export async function recordPackSpend(db: Db, userId: number, gems: number, at: string): Promise<void> {
  const packId = await createPack(db);
  await db
    .insertInto('pack_purchases')
    .values({
      user_id: userId,
      pack_id: packId,
      count: 1,
      first_position: nextPosition++,
      currency: 'gem',
      base_price: gems,
      discount_percent: 0,
      price_paid: gems,
      coin_earned_tenths: 0,
      created_at: at,
    })
    .execute();
}
