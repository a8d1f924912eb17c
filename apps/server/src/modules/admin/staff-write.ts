import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { audit, COMMAND_LINE, type Actor } from './audit.ts';
import { staffOf } from './request.ts';

/** One row of the audit log: what was done, to what, and the target's state before and after. */
export interface AuditEntry {
  action: string;
  target: { type: string; id: string | number | null };
  before: unknown;
  after: unknown;
}

/** Appends the audit row of the write in hand, in its transaction. */
export type Audit = (entry: AuditEntry) => Promise<void>;

/**
 * The one way a staff write runs, whoever makes it (a staff member through the console, a shell command, the shop
 * itself on a provider's notice): the owning module's staff rule calls it with its work, which runs in one
 * transaction with the audit rows it appends; a failure rolls both back, and a repeat that changes nothing appends
 * none. The module decides what the transaction holds; the caller only says who writes and when.
 */
export interface StaffWrite {
  /** The staff member (null: a shell command or the shop itself). */
  readonly staffId: number | null;
  /** The write's "now": the request's, the same for every row it writes. */
  readonly now: Date;
  /** The database written to, for the reads a rule makes before or beside its transaction. */
  readonly db: Db;
  <T>(work: (tx: Transaction<Database>, audit: Audit) => Promise<T>): Promise<T>;
}

/** A write by `actor` at `now` in `db`. */
export function writeAs(db: Db, actor: Actor, now: Date): StaffWrite {
  const write = <T>(work: (tx: Transaction<Database>, audit: Audit) => Promise<T>) =>
    db.transaction().execute((tx) =>
      work(tx, (e) =>
        audit(
          tx,
          actor,
          {
            action: e.action,
            targetType: e.target.type,
            targetId: e.target.id,
            before: e.before,
            after: e.after,
          },
          now,
        ),
      ),
    );
  return Object.assign(write, { staffId: actor.staffId, now, db });
}

/** The write of a console request: its staff member, from their address, at the request's time. */
export function staffWrite(req: FastifyRequest): StaffWrite {
  return writeAs(req.server.db, { staffId: staffOf(req).id, ip: req.ip }, req.server.clock.now());
}

/** The write of a shell command on the server (scripts/*.ts). */
export const commandWrite = (db: Db, now = new Date()): StaffWrite => writeAs(db, COMMAND_LINE, now);

/** The write the shop makes itself on news from outside (a payment provider's notice). */
export const shopWrite = (db: Db, source: string, now: Date): StaffWrite =>
  writeAs(db, { staffId: null, ip: source }, now);

/**
 * The ledger reference of a staff request (a grant or deduction carries the console's request id): never all
 * digits after the colon, so no history id is read from it. A ledger row with it is the request's one effect.
 */
export const staffReference = (requestId: string) => `admin:req-${requestId}`;

/**
 * Runs a staff request once: one seen before (`seen`: the ledger row its reference left) answers `applied: false`
 * with the balance as it is and changes nothing; two at once end in one row (the ledger's unique reference), the
 * loser answered like a repeat.
 */
export async function oncePerStaffRequest<T extends { applied: true; balance: number }>(
  seen: () => Promise<boolean>,
  run: () => Promise<T>,
  balance: () => Promise<number>,
): Promise<T | { applied: false; balance: number }> {
  if (await seen()) return { applied: false, balance: await balance() };
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err) && (await seen())) return { applied: false, balance: await balance() };
    throw err;
  }
}
