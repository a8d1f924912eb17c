import {
  allPacksRoute,
  cardTypesRoute,
  packCardsRoute,
  packDetailRoute,
  packsByPaymentRoute,
  packTypePageRoute,
} from '@gacha/contract/routes/packs';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import * as packs from './service.ts';

/** The catalogue (spec §7 Packs): card types, the pack lists, a pack, its cards. */
export const packsApi: ApiPlugin = async (app) => {
  const { db, clock } = app;

  await serve(app, cardTypesRoute, async (req) => ({ list: await packs.cardTypes(db, req.lang) }));

  await serve(app, packTypePageRoute, async (req) =>
    packs.packsOfType(db, req.params.type, req.params.page, req.lang, clock.now()),
  );

  await serve(app, allPacksRoute, async (req) => packs.allPacks(db, undefined, req.lang, clock.now()));

  await serve(app, packsByPaymentRoute, async (req) =>
    packs.allPacks(db, req.body.payment_method, req.lang, clock.now()),
  );

  await serve(app, packDetailRoute, async (req) => ({
    pack: await packs.packDetail(db, req.params.packId, req.lang, clock.now()),
  }));

  await serve(app, packCardsRoute, async (req) =>
    packs.packCards(db, req.params.packId, req.params.page, req.lang),
  );
};
