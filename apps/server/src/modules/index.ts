import type { FastifyPluginAsync } from 'fastify';
import type { WriteWorkerOptions } from '@gacha/sqlite-engine/write-worker/client';
import { ApiError } from '../http/api-error.ts';
import type { ApiPlugin } from '../http/envelope.ts';
import type { ModuleJobs } from '../jobs/types.ts';
import { accountJobs } from './account/jobs.ts';
import { accountApi } from './account/routes.ts';
import { authJobs } from './auth/jobs.ts';
import { gemsJobs } from './gems/jobs.ts';
import { holdingsJobs } from './holdings/jobs.ts';
import { inactivityJobs } from './inactivity/jobs.ts';
import { opsJobs } from './ops/jobs.ts';
import { paymentsJobs } from './payments/jobs.ts';
import { ranksJobs } from './ranks/jobs.ts';
import { transferJobs } from './transfer/jobs.ts';
import { adminApi } from './admin/routes.ts';
import { boardApi, uploadsRoute } from './board/routes.ts';
import { coinsApi } from './coins/routes.ts';
import { exchangeApi } from './exchange/routes.ts';
import { fairnessApi } from './fairness/routes.ts';
import { ranksApi } from './ranks/routes.ts';
import { transferApi, transferPages } from './transfer/routes.ts';
import { passwordApi } from './account/password-routes.ts';
import { addressApi } from './address/routes.ts';
import { authApi } from './auth/routes.ts';
import { couponsApi } from './coupons/routes.ts';
import { drawsApi } from './draws/routes.ts';
import { holdingsApi } from './holdings/routes.ts';
import { oidcApi, oidcPages } from './oidc/routes.ts';
import { outboxApi, outboxPage } from './outbox/routes.ts';
import { mediaRoutes } from './packs/media-routes.ts';
import { packsApi } from './packs/routes.ts';
import { opsRoutes } from './ops/routes.ts';
import { paymentsApi, paymentsDeps, paymentsPages } from './payments/routes.ts';
import { referralsApi } from './referrals/routes.ts';
import { roomsApi } from './rooms/routes.ts';
import { siteApi, sitePages } from './site/routes.ts';
import { smsApi } from './sms/routes.ts';

/** Every feature module's API plugin, registered in the envelope's /api scope (app.ts). */
export const apiModules: readonly ApiPlugin[] = [
  authApi,
  accountApi,
  addressApi,
  packsApi,
  drawsApi,
  roomsApi,
  fairnessApi,
  holdingsApi,
  paymentsApi,
  passwordApi,
  smsApi,
  referralsApi,
  couponsApi,
  oidcApi,
  outboxApi,
  ranksApi,
  coinsApi,
  exchangeApi,
  transferApi,
  boardApi,
  siteApi,
  adminApi,
];

/** Every module's scheduled jobs (jobs/start.ts runs them), in the order they first run at start. */
export const jobModules: readonly ModuleJobs[] = [
  authJobs,
  holdingsJobs,
  inactivityJobs,
  accountJobs,
  paymentsJobs,
  gemsJobs,
  ranksJobs,
  opsJobs,
  transferJobs,
];

/**
 * Registered at the app's root before everything else: what a module shares between its API and its pages
 * (fastify-plugin decorations), and the site's own hooks.
 */
export const rootModules: readonly FastifyPluginAsync[] = [opsRoutes, paymentsDeps, sitePages];

/**
 * What the modules serve outside the API: media and uploads, the sandbox payment provider, the mock sign-in provider, the
 * outbox page, the sandbox partner site.
 */
export const pageModules: readonly FastifyPluginAsync[] = [
  mediaRoutes,
  uploadsRoute,
  paymentsPages,
  oidcPages,
  outboxPage,
  transferPages,
];

/**
 * What the SQLite write worker loads: the modules that define procedures (db/procedures.ts), and the error
 * class their refusals are thrown as. The server opens its database with it (main.ts).
 */
export const writeWorker: WriteWorkerOptions = {
  // from the sources, the module itself; from the build (scripts/build.mjs), its entry point beside the bundle
  procedureModules: [
    new URL(import.meta.url.endsWith('.ts') ? './draws/purchase.ts' : './draws-purchase.js', import.meta.url)
      .href,
  ],
  errorClasses: [ApiError],
};
