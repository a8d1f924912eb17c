import type { FastifyPluginAsync } from 'fastify';
import {
  transferLoginRoute,
  transferPointsRoute,
  transferStatusRoute,
} from '@gacha/contract/routes/transfer';
import { ApiError } from '../../http/api-error.ts';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { serve } from '../../http/serve.ts';
import { sandboxPartner } from './sandbox-partner.ts';
import { linkPartnerAccount, transferDeps, transferPoints, transferStatus } from './service.ts';

/** POST /user/transfer/login, GET and POST /user/transfer/point (spec §7). */
export const transferApi: ApiPlugin = async (app) => {
  const { clock } = app;
  const deps = transferDeps(app);
  const off = () => new ApiError(404, { message: 'transfer_off' });

  await serve(
    app,
    transferLoginRoute,
    async (req) => {
      if (!deps) throw off();
      return linkPartnerAccount(
        deps,
        memberOf(req).id,
        { loginId: req.body.login_id, password: req.body.password },
        clock.now(),
      );
    },
    rateLimitConfig('login'),
  );

  await serve(app, transferStatusRoute, async (req) => {
    if (!deps) throw off();
    return transferStatus(deps, memberOf(req).id);
  });

  await serve(app, transferPointsRoute, async (req) => {
    if (!deps) throw off();
    return transferPoints(deps, memberOf(req).id, req.body, clock.now());
  });
};

/** The sandbox partner's pages and API (outside production), at the app's root. */
export const transferPages: FastifyPluginAsync = async (app) => {
  const config = app.config.transfer;
  if (config?.sandbox) await app.register(sandboxPartner, { transfer: config });
};
