import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Sessions } from './session.ts';

/** Where "now" comes from: the wall clock in the server, a clock tests move. */
export interface Clock {
  now(): Date;
}

/**
 * What every feature module's plugin reads from the app it is registered on (app.ts decorates it once):
 * `app.db`, `app.config`, `app.clock`, `app.sessions`.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    sessions: Sessions;
  }
}
