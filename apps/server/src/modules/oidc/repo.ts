import type { Db } from '../../db/index.ts';

type SubColumn = 'google_sub' | 'apple_sub';

/** The active member linked to a provider account. */
export function findBySub(db: Db, col: SubColumn, sub: string) {
  return db
    .selectFrom('users')
    .select(['id', 'suspended_at'])
    .where(col, '=', sub)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
}

/** The active member with this mail, and the provider accounts linked to it. */
export function findByMail(db: Db, mail: string) {
  return db
    .selectFrom('users')
    .select(['id', 'google_sub', 'apple_sub', 'suspended_at'])
    .where('mail', '=', mail)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
}

export function findActiveIdByReferralCode(db: Db, code: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('referral_code', '=', code)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
}
