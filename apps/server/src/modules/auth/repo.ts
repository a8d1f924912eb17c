import type { Db } from '../../db/index.ts';

export function findLoginByMail(db: Db, mail: string) {
  return db
    .selectFrom('users')
    .select(['id', 'pass_hash', 'suspended_at'])
    .where('mail', '=', mail)
    .executeTakeFirst();
}

export function findLoginById(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'mail', 'pass_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findBalanceFields(db: Db, userId: number) {
  return db.selectFrom('users').select(['coin_tenths', 'rank']).where('id', '=', userId).executeTakeFirst();
}

export function findDetail(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .selectAll('users')
    .select(['countries.name_en as country_name_en', 'countries.name_ja as country_name_ja'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
