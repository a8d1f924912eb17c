import { z } from 'zod';
import {
  cardTypeListSchema,
  packCardPageSchema,
  packDetailAnswerSchema,
  packListAnswerSchema,
  packListSchema,
  packTypePageSchema,
} from '@gacha/contract/packs';
import { pathId } from '@gacha/contract/path';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import * as packs from './service.ts';

/** The catalogue (spec §7 Packs): card types, the pack lists, a pack, its cards. */
export const packsApi: ApiPlugin = async (app) => {
  const { db, clock } = app;

  for (const url of ['/user/card_type', '/user/cardType']) {
    app.get(url, { schema: { response: okResponse(cardTypeListSchema) } }, async (req) => ({
      list: await packs.cardTypes(db, req.lang),
    }));
  }

  for (const url of ['/user/pack/all_list/:type/:page', '/user/pack/allList/:type/:page']) {
    app.get(
      url,
      {
        schema: {
          params: z.object({ type: pathId(), page: pathId() }),
          response: okResponse(packTypePageSchema),
        },
      },
      async (req) => packs.packsOfType(db, req.params.type, req.params.page, req.lang, clock.now()),
    );
  }

  app.get('/user/pack/list', { schema: { response: okResponse(packListAnswerSchema) } }, async (req) =>
    packs.allPacks(db, undefined, req.lang, clock.now()),
  );

  app.post(
    '/user/pack/list',
    { schema: { body: packListSchema, response: okResponse(packListAnswerSchema) } },
    async (req) => packs.allPacks(db, req.body.payment_method, req.lang, clock.now()),
  );

  app.get(
    '/user/pack/detail/:packId',
    {
      schema: {
        params: z.object({ packId: pathId('pack_not_found') }),
        response: okResponse(packDetailAnswerSchema),
      },
    },
    async (req) => ({ pack: await packs.packDetail(db, req.params.packId, req.lang, clock.now()) }),
  );

  for (const url of ['/user/pack/card_list/:packId/:page', '/user/pack/cardList/:packId/:page']) {
    app.get(
      url,
      {
        schema: {
          params: z.object({ packId: pathId('pack_not_found'), page: pathId() }),
          response: okResponse(packCardPageSchema),
        },
      },
      async (req) => packs.packCards(db, req.params.packId, req.params.page, req.lang),
    );
  }
};
