import type {
  CardTypeList,
  PackCardPage,
  PackDetailAnswer,
  PackList,
  PackTypePage,
} from '@gacha/contract/packs';
import { packListSchema } from '@gacha/contract/packs';
import type { FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { notFound, type MessageRef } from '../../http/api-error.ts';
import { registerMediaRoutes } from './media-routes.ts';
import * as packs from './service.ts';

/** A positive integer path parameter, or state 404 (a path that names nothing). */
function idParam(req: FastifyRequest, name: string, ref: MessageRef = 'not_found'): number {
  const raw = (req.params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw notFound(ref);
  return Number(raw);
}

export function registerPacksRoutes(deps: ModuleDeps): void {
  const { api, db, clock } = deps;

  api.get(['/user/card_type', '/user/cardType'], {}, async ({ lang }): Promise<CardTypeList> => {
    return { list: await packs.cardTypes(db, lang) };
  });

  api.get(
    ['/user/pack/all_list/:type/:page', '/user/pack/allList/:type/:page'],
    {},
    ({ req, lang }): Promise<PackTypePage> =>
      packs.packsOfType(db, idParam(req, 'type'), idParam(req, 'page'), lang, clock.now()),
  );

  api.get('/user/pack/list', {}, ({ lang }): Promise<PackList> =>
    packs.allPacks(db, undefined, lang, clock.now()),
  );

  api.post('/user/pack/list', { body: packListSchema }, ({ body, lang }): Promise<PackList> =>
    packs.allPacks(db, body.payment_method, lang, clock.now()),
  );

  api.get('/user/pack/detail/:packId', {}, async ({ req, lang }): Promise<PackDetailAnswer> => {
    const id = idParam(req, 'packId', 'pack_not_found');
    return { pack: await packs.packDetail(db, id, lang, clock.now()) };
  });

  api.get(
    ['/user/pack/card_list/:packId/:page', '/user/pack/cardList/:packId/:page'],
    {},
    ({ req, lang }): Promise<PackCardPage> =>
      packs.packCards(db, idParam(req, 'packId', 'pack_not_found'), idParam(req, 'page'), lang),
  );

  registerMediaRoutes(deps);
}
