import type { Clock } from '../../http/app-deps.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Mailer } from '../mail/service.ts';
import type { Providers } from './providers/registry.ts';

/** What the payments module's functions need: the database, configuration, clock and the payment providers. */
export interface PaymentsDeps {
  db: Db;
  config: Config;
  clock: Clock;
  providers: Providers;
  /** Sends the bank transfer remittance email (absent: no email, as in some unit tests). */
  mailer?: Mailer;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}
