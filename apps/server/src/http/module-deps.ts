import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Api } from './envelope.ts';
import type { Sessions } from './session.ts';

/** Where "now" comes from: the wall clock in the server, a clock tests move. */
export interface Clock {
  now(): Date;
}

/** What every module's routes receive (app.ts builds it once). */
export interface ModuleDeps {
  api: Api;
  app: FastifyInstance;
  config: Config;
  db: Db;
  sessions: Sessions;
  clock: Clock;
}
