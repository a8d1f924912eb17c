import { adminCouponQuerySchema, adminExchangeCardQuerySchema } from '@gacha/contract/admin-shop';
import {
  bannerDetailRoute,
  bannerListRoute,
  campaignsRoute,
  couponDetailRoute,
  couponListRoute,
  couponUsesRoute,
  createBannerRoute,
  createCampaignRoute,
  createCouponRoute,
  createExchangeCardRoute,
  createPointPriceRoute,
  deleteBannerRoute,
  deleteCouponRoute,
  disableCouponRoute,
  exchangeCardListRoute,
  exchangeCardStockRoute,
  fxRoute,
  pointPricesRoute,
  setFxRoute,
  updateBannerRoute,
  updateCampaignRoute,
  updateCouponRoute,
  updateExchangeCardRoute,
  updatePointPriceRoute,
} from '@gacha/contract/routes/admin-shop';
import { sendCsv } from '../../http/csv.ts';
import { type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { couponUses, couponForStaff, couponsCsv, couponsForStaff } from '../coupons/service.ts';
import { createCouponForStaff, deleteUnusedCoupon, disableCoupon, updateCoupon } from '../coupons/staff.ts';
import {
  changeExchangeStock,
  createExchangeCard,
  exchangeCardsCsv,
  exchangeCardsForStaff,
  updateExchangeCard,
} from '../exchange/staff.ts';
import {
  campaignsForStaff,
  createCampaign,
  createCourse,
  fxForStaff,
  pointPricesForStaff,
  setFxRate,
  updateCampaign,
  updateCourse,
} from '../payments/staff.ts';
import { bannerPictures, bannerForStaff, bannersForStaff, forgetBanners } from '../site/service.ts';
import { createBanner, removeBanner, updateBanner } from '../site/staff.ts';
import { staffWrite } from './staff-write.ts';
import { withPictures } from './uploads.ts';

const PICTURES_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * The console's shop settings: Top banners and notices, gem price courses and campaigns, the
 * monthly FX rate, the exchange counter's cards and stock, coupons. Every write is the owning module's staff rule,
 * run as the request's staff write (one transaction with its audit row); the members' side reads each of them live
 * (banners within BANNER_CACHE_MS on other processes).
 */
export const shopRoutes: ApiPlugin = async (app) => {
  const { db, clock, config, storage } = app;
  const read = { staff: 'catalogue.read' } as const;

  // --- banners ---
  await serve(app, bannerListRoute, async (req) => bannersForStaff(db, req.query, clock.now()));

  await serve(app, bannerDetailRoute, async (req) => bannerForStaff(db, req.params.id, clock.now()));

  await serve(
    app,
    createBannerRoute,
    async (req) => {
      const { image, sp_image, ...fields } = req.body;
      const id = await withPictures(storage, 'banners', { image, sp_image }, [''], (urls) =>
        createBanner(staffWrite(req), {
          ...fields,
          image_url: urls.image ?? '',
          sp_image_url: urls.sp_image ?? '',
        }),
      );
      forgetBanners(db);
      return { id };
    },
    {},
    { bodyLimit: PICTURES_BODY_LIMIT },
  );

  await serve(
    app,
    updateBannerRoute,
    async (req) => {
      const { image, sp_image, ...fields } = req.body;
      const kept = ['', ...(await bannerPictures(db, req.params.id))];
      await withPictures(storage, 'banners', { image, sp_image }, kept, (urls) =>
        updateBanner(staffWrite(req), req.params.id, {
          ...fields,
          ...(urls.image !== undefined ? { image_url: urls.image } : {}),
          ...(urls.sp_image !== undefined ? { sp_image_url: urls.sp_image } : {}),
        }),
      );
      forgetBanners(db);
      return { id: req.params.id };
    },
    {},
    { bodyLimit: PICTURES_BODY_LIMIT },
  );

  await serve(app, deleteBannerRoute, async (req) => {
    await removeBanner(staffWrite(req), req.params.id);
    forgetBanners(db);
    return {};
  });

  // --- gem price courses ---
  await serve(app, pointPricesRoute, async () => pointPricesForStaff(db));

  await serve(app, createPointPriceRoute, async (req) => ({
    id: await createCourse(staffWrite(req), req.body),
  }));

  await serve(app, updatePointPriceRoute, async (req) => {
    await updateCourse(staffWrite(req), req.params.id, req.body);
    return { id: req.params.id };
  });

  // --- campaigns ---
  await serve(app, campaignsRoute, async () => campaignsForStaff(db, clock.now()));

  await serve(app, createCampaignRoute, async (req) => ({
    id: await createCampaign(staffWrite(req), req.body),
  }));

  await serve(app, updateCampaignRoute, async (req) => {
    await updateCampaign(staffWrite(req), req.params.id, req.body);
    return { id: req.params.id };
  });

  // --- the monthly FX rate ---
  await serve(app, fxRoute, async () => fxForStaff(db, clock.now(), config.payments.fxUsdJpy));

  await serve(app, setFxRoute, async (req) => {
    await setFxRate(staffWrite(req), req.body.month, req.body.rate);
    return {};
  });

  // --- exchange cards ---
  await serve(app, exchangeCardListRoute, async (req) => exchangeCardsForStaff(db, req.query, clock.now()));

  app.get(
    '/admin/exchange-cards/export.csv',
    { schema: { querystring: adminExchangeCardQuerySchema }, config: read },
    async (req, reply) =>
      sendCsv(reply, 'exchange-cards.csv', await exchangeCardsCsv(db, req.query, clock.now())),
  );

  await serve(app, createExchangeCardRoute, async (req) => ({
    id: await createExchangeCard(staffWrite(req), req.body),
  }));

  await serve(app, updateExchangeCardRoute, async (req) => {
    await updateExchangeCard(staffWrite(req), req.params.id, req.body);
    return { id: req.params.id };
  });

  await serve(app, exchangeCardStockRoute, async (req) => {
    await changeExchangeStock(staffWrite(req), req.params.id, req.body.add);
    return { id: req.params.id };
  });

  // --- coupons ---
  await serve(app, couponListRoute, async (req) => couponsForStaff(db, req.query, clock.now()));

  app.get(
    '/admin/coupons/export.csv',
    { schema: { querystring: adminCouponQuerySchema }, config: read },
    async (req, reply) => sendCsv(reply, 'coupons.csv', await couponsCsv(db, req.query, clock.now())),
  );

  await serve(app, couponDetailRoute, async (req) => couponForStaff(db, req.params.id));

  await serve(app, couponUsesRoute, async (req) => couponUses(db, req.params.id, req.query));

  await serve(app, createCouponRoute, async (req) => createCouponForStaff(staffWrite(req), req.body));

  await serve(app, updateCouponRoute, async (req) => {
    await updateCoupon(staffWrite(req), req.params.id, req.body);
    return { id: req.params.id };
  });

  await serve(app, deleteCouponRoute, async (req) => {
    await deleteUnusedCoupon(staffWrite(req), req.params.id);
    return {};
  });

  await serve(app, disableCouponRoute, async (req) => {
    await disableCoupon(staffWrite(req), req.params.id);
    return { id: req.params.id };
  });
};
