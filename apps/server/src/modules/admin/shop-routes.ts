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
import { fieldError } from '../../http/api-error.ts';
import { sendCsv } from '../../http/csv.ts';
import { type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import {
  changeCoupon,
  couponUses,
  createCoupon,
  CouponInputError,
  deleteUnusedCoupon,
  disableCoupon,
  couponForStaff,
  couponsCsv,
  couponsForStaff,
} from '../coupons/service.ts';
import {
  addExchangeCard,
  changeExchangeCard,
  changeStock,
  exchangeCardsCsv,
  exchangeCardsForStaff,
} from '../exchange/service.ts';
import {
  addCampaign,
  addCourse,
  campaignsForStaff,
  changeCampaign,
  changeCourse,
  fxForStaff,
  pointPricesForStaff,
  setFxRate,
} from '../payments/service.ts';
import {
  addBanner,
  bannerPictures,
  bannerForStaff,
  bannersForStaff,
  changeBanner,
  deleteBanner,
  forgetBanners,
} from '../site/service.ts';
import { auditedWrite, recorderOf } from './request.ts';
import { withPictures } from './uploads.ts';

const PICTURES_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * The console's shop settings: Top banners and notices, gem price courses and campaigns, the
 * monthly FX rate, the exchange counter's cards and stock, coupons. Every write appends its audit row in its own
 * transaction; the members' side reads each of them live (banners within BANNER_CACHE_MS on other processes).
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
        auditedWrite(app, req, async (tx, record) => {
          const row = {
            ...fields,
            image_url: urls.image ?? '',
            sp_image_url: urls.sp_image ?? '',
            created_at: clock.now().toISOString(),
          };
          const bannerId = await addBanner(tx, row);
          await record('banner.create', { type: 'banner', id: bannerId }, null, row);
          return bannerId;
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
        auditedWrite(app, req, async (tx, record) => {
          const set = {
            ...fields,
            ...(urls.image !== undefined ? { image_url: urls.image } : {}),
            ...(urls.sp_image !== undefined ? { sp_image_url: urls.sp_image } : {}),
          };
          const change = await changeBanner(tx, req.params.id, set);
          if (change)
            await record('banner.update', { type: 'banner', id: req.params.id }, change.before, change.after);
        }),
      );
      forgetBanners(db);
      return { id: req.params.id };
    },
    {},
    { bodyLimit: PICTURES_BODY_LIMIT },
  );

  await serve(app, deleteBannerRoute, async (req) => {
    await auditedWrite(app, req, async (tx, record) => {
      const banner = await deleteBanner(tx, req.params.id);
      await record('banner.delete', { type: 'banner', id: banner.id }, banner, null);
    });
    forgetBanners(db);
    return {};
  });

  // --- gem price courses ---
  await serve(app, pointPricesRoute, async () => pointPricesForStaff(db));

  await serve(app, createPointPriceRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const id = await addCourse(tx, req.body, clock.now());
      await record('point_price.create', { type: 'point_price', id }, null, req.body);
      return { id };
    }),
  );

  await serve(app, updatePointPriceRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const change = await changeCourse(tx, req.params.id, req.body, clock.now());
      if (change)
        await record(
          'point_price.update',
          { type: 'point_price', id: req.params.id },
          change.before,
          change.after,
        );
      return { id: req.params.id };
    }),
  );

  // --- campaigns ---
  await serve(app, campaignsRoute, async () => campaignsForStaff(db, clock.now()));

  await serve(app, createCampaignRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const id = await addCampaign(tx, req.body, clock.now());
      await record('campaign.create', { type: 'campaign', id }, null, req.body);
      return { id };
    }),
  );

  await serve(app, updateCampaignRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const change = await changeCampaign(tx, req.params.id, req.body);
      if (change)
        await record('campaign.update', { type: 'campaign', id: req.params.id }, change.before, change.after);
      return { id: req.params.id };
    }),
  );

  // --- the monthly FX rate ---
  await serve(app, fxRoute, async () => fxForStaff(db, clock.now(), config.payments.fxUsdJpy));

  await serve(app, setFxRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const { before, after } = await setFxRate(tx, req.body.month, req.body.rate);
      await record('fx.set', { type: 'fx', id: req.body.month }, before, after);
      return {};
    }),
  );

  // --- exchange cards ---
  await serve(app, exchangeCardListRoute, async (req) => exchangeCardsForStaff(db, req.query, clock.now()));

  app.get(
    '/admin/exchange-cards/export.csv',
    { schema: { querystring: adminExchangeCardQuerySchema }, config: read },
    async (req, reply) =>
      sendCsv(reply, 'exchange-cards.csv', await exchangeCardsCsv(db, req.query, clock.now())),
  );

  await serve(app, createExchangeCardRoute, async (req) => {
    const b = req.body;
    if (b.visible_from && b.visible_until && b.visible_from >= b.visible_until)
      throw fieldError('visible_until', 'window_invalid');
    return auditedWrite(app, req, async (tx, record) => {
      const id = await addExchangeCard(tx, b, clock.now());
      await record('exchange_card.create', { type: 'exchange_card', id }, null, b);
      return { id };
    });
  });

  await serve(app, updateExchangeCardRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const change = await changeExchangeCard(tx, req.params.id, req.body);
      if (change)
        await record(
          'exchange_card.update',
          { type: 'exchange_card', id: req.params.id },
          change.before,
          change.after,
        );
      return { id: req.params.id };
    }),
  );

  await serve(app, exchangeCardStockRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const { before, after } = await changeStock(tx, req.params.id, req.body.add);
      await record('exchange_card.stock', { type: 'exchange_card', id: req.params.id }, before, after);
      return { id: req.params.id };
    }),
  );

  // --- coupons ---
  await serve(app, couponListRoute, async (req) => couponsForStaff(db, req.query, clock.now()));

  app.get(
    '/admin/coupons/export.csv',
    { schema: { querystring: adminCouponQuerySchema }, config: read },
    async (req, reply) => sendCsv(reply, 'coupons.csv', await couponsCsv(db, req.query, clock.now())),
  );

  await serve(app, couponDetailRoute, async (req) => couponForStaff(db, req.params.id));

  await serve(app, couponUsesRoute, async (req) => couponUses(db, req.params.id, req.query));

  await serve(app, createCouponRoute, async (req) => {
    const b = req.body;
    const record = recorderOf(app, req);
    try {
      return await createCoupon(
        db,
        {
          ...(b.code ? { code: b.code } : {}),
          kind: b.kind,
          gems: b.gems,
          pointPriceIds: b.point_price_ids,
          startsAt: new Date(b.starts_at),
          endsAt: new Date(b.ends_at),
          maxUses: b.max_uses,
          note: b.note,
        },
        clock.now(),
        (tx, created) =>
          record(tx, 'coupon.create', { type: 'coupon', id: created.id }, null, { ...b, ...created }),
      );
    } catch (err) {
      if (err instanceof CouponInputError) throw fieldError(err.field, err.key);
      throw err;
    }
  });

  await serve(app, updateCouponRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const change = await changeCoupon(tx, req.params.id, req.body);
      if (change)
        await record('coupon.update', { type: 'coupon', id: req.params.id }, change.before, change.after);
      return { id: req.params.id };
    }),
  );

  await serve(app, deleteCouponRoute, async (req) => {
    await auditedWrite(app, req, async (tx, record) => {
      const coupon = await deleteUnusedCoupon(tx, req.params.id);
      await record('coupon.delete', { type: 'coupon', id: coupon.id }, coupon, null);
    });
    return {};
  });

  await serve(app, disableCouponRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const change = await disableCoupon(tx, req.params.id, clock.now());
      if (change)
        await record('coupon.disable', { type: 'coupon', id: req.params.id }, change.before, change.after);
      return { id: req.params.id };
    }),
  );
};
