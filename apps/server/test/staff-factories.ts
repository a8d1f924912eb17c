import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../src/db/index.ts';
import type { StaffRole } from '../src/db/schema.ts';
import type { TestApp, TestClient } from './helpers.ts';

let seq = 0;
/** A staff account (password 'staff-password-1') with its second factor enrolled, without going through TOTP. */
export async function createStaffMember(db: Db, role: StaffRole): Promise<{ id: number; email: string }> {
  const email = `staff-${Date.now().toString(36)}-${seq++}@shop.example`;
  const now = new Date().toISOString();
  const row = await db
    .insertInto('staff')
    .values({
      email,
      // argon2id of 'staff-password-1' is not needed here: these tests sign in with a session row
      pass_hash:
        '$argon2id$v=19$m=19456,t=2,p=1$c3RhZmZzYWx0c3RhZmY$0000000000000000000000000000000000000000000',
      role,
      totp_secret: null,
      totp_enrolled_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

/**
 * A console browser signed in as a new staff member of `role` (a session row and its cookie), past its second
 * factor unless `secondFactor: false`, with the csrf pair of its session.
 */
export async function staffClient(
  t: TestApp,
  role: StaffRole,
  opts: { secondFactor?: boolean } = {},
): Promise<TestClient> {
  const staff = await createStaffMember(t.db, role);
  const sid = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  await t.db
    .insertInto('staff_sessions')
    .values({
      id_hash: createHash('sha256').update(sid).digest('hex'),
      staff_id: staff.id,
      second_factor_at: opts.secondFactor === false ? null : now.toISOString(),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3600_000).toISOString(),
    })
    .execute();
  const client = t.client();
  client.cookies.set('staff_sid', sid);
  await client.get('/admin/me');
  return client;
}

/** How many audit rows there are (a write leaves exactly one, a refused write none). */
export async function auditCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
