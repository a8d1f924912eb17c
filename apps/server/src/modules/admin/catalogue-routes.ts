import { adminCardQuerySchema, CARD_CSV_MAX_CHARS, adminPackQuerySchema } from '@gacha/contract/admin';
import {
  addPackVideoRoute,
  cardDetailRoute,
  cardListRoute,
  cardTypesRoute,
  createCardRoute,
  createCardTypeRoute,
  createPackRoute,
  deleteCardRoute,
  deletePackRoute,
  deletePackVideoRoute,
  endPackRoute,
  importCardsRoute,
  packDetailRoute,
  packImagesRoute,
  packListRoute,
  packPrizesRoute,
  packSummaryRoute,
  packVideosRoute,
  pausePackRoute,
  publishPackRoute,
  updateCardRoute,
  updateCardTypeRoute,
  updatePackRoute,
} from '@gacha/contract/routes/admin-catalogue';
import { ApiError, fieldError } from '../../http/api-error.ts';
import { sendCsv } from '../../http/csv.ts';
import { translate, type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import {
  cardPicture,
  cardForStaff,
  cardsCsv,
  cardsForStaff,
  type CardCsvFile,
  type CardCsvLine,
  listPackVideos,
  packForStaff,
  packsCsv,
  packsForStaff,
  publishSummary,
  VIDEO_TYPES,
} from '../packs/service.ts';
import {
  addCard,
  addCardType,
  addPackVideo,
  checkCardCsv,
  importCards,
  cardTypeExists,
  cardTypesForStaff,
  changeCard,
  changeCardType,
  createDraftPack,
  deleteDraftPack,
  deleteUnusedCard,
  endPackSale,
  PackLocked,
  packPictures,
  publishReadyPack,
  removePackVideo,
  replacePrizes,
  setPackPaused,
  setPackPictures,
  updatePack,
} from '../packs/staff.ts';
import { staffWrite } from './staff-write.ts';
import { withPictures } from './uploads.ts';

/**
 * The console's catalogue: packs (drafts, prizes, the publish summary and publishing, the end
 * of a sale, pictures and opening videos), cards with their pictures, and card types. Every write is a staff rule
 * of the packs module (packs/staff.ts, staff-cards.ts), run in the request's staff write with its audit row; the
 * routes store uploaded pictures, drop the card types' cache and shape the answers.
 */
export const catalogueRoutes: ApiPlugin = async (app) => {
  const { db, clock, storage } = app;

  // --- the catalogue: packs ---
  const locked = (err: unknown) => {
    if (err instanceof PackLocked)
      throw new ApiError(409, { message: 'pack_locked', extra: { locked: err.columns } });
    throw err;
  };
  await serve(app, packListRoute, async (req) => packsForStaff(db, req.query, clock.now()));

  app.get(
    '/admin/packs/export.csv',
    { schema: { querystring: adminPackQuerySchema }, config: { staff: 'catalogue.read' } },
    async (req, reply) => sendCsv(reply, 'packs.csv', await packsCsv(db, req.query, clock.now())),
  );

  await serve(app, packDetailRoute, async (req) => packForStaff(db, req.params.id, clock.now()));

  await serve(app, packSummaryRoute, async (req) =>
    publishSummary(db, req.params.id, app.config.payoutWarningRatio),
  );

  await serve(app, createPackRoute, async (req) => ({
    id: await createDraftPack(staffWrite(req), req.body),
  }));

  await serve(app, updatePackRoute, async (req) => {
    await updatePack(staffWrite(req), req.params.id, req.body).catch(locked);
    return { id: req.params.id };
  });

  await serve(app, packPrizesRoute, async (req) => {
    await replacePrizes(staffWrite(req), req.params.id, req.body.prizes).catch(locked);
    return { id: req.params.id };
  });

  await serve(app, publishPackRoute, async (req) => {
    const r = await publishReadyPack(staffWrite(req), req.params.id, app.config.payoutWarningRatio);
    return { id: req.params.id, ...r };
  });

  await serve(app, endPackRoute, async (req) => {
    await endPackSale(staffWrite(req), req.params.id);
    return { id: req.params.id };
  });

  // --- the catalogue: cards ---
  const CARD_BODY_LIMIT = 10 * 1024 * 1024;

  await serve(app, cardListRoute, async (req) => cardsForStaff(db, req.query));

  app.get(
    '/admin/cards/export.csv',
    { schema: { querystring: adminCardQuerySchema }, config: { staff: 'catalogue.read' } },
    async (req, reply) => sendCsv(reply, 'cards.csv', await cardsCsv(db, req.query)),
  );

  await serve(app, cardDetailRoute, async (req) => cardForStaff(db, req.params.id));

  const importReport = (req: { lang: 'en' | 'ja' }, lines: CardCsvLine[]) =>
    lines.map((l) => ({
      line: l.line,
      id: l.id,
      name_en: l.nameEn,
      field: l.field,
      error: l.error === null ? null : typeof l.error === 'string' ? l.error : l.error.key,
      message: l.error === null ? null : translate(l.error, req.lang),
    }));

  await serve(
    app,
    importCardsRoute,
    async (req) => {
      const refused = (file: CardCsvFile) =>
        new ApiError(400, {
          errors: { csv: file.fileError ?? 'card_import_refused' },
          extra: { applied: false, created: 0, updated: 0, lines: importReport(req, file.lines) },
        });
      const failed = (file: CardCsvFile) => !!file.fileError || file.lines.some((l) => l.error);
      if (req.body.dry_run) {
        const file = await checkCardCsv(db, req.body.csv);
        if (failed(file)) throw refused(file);
        const created = file.lines.filter((l) => l.id === null).length;
        const lines = importReport(req, file.lines);
        return { applied: false, created, updated: file.lines.length - created, lines };
      }
      const done = await importCards(staffWrite(req), req.body.csv);
      if (failed(done.file)) throw refused(done.file);
      return {
        applied: true,
        created: done.created.length,
        updated: done.updated.length,
        lines: importReport(req, done.file.lines),
      };
    },
    {},
    { bodyLimit: 2 * CARD_CSV_MAX_CHARS },
  );

  await serve(
    app,
    createCardRoute,
    async (req) => {
      const write = staffWrite(req);
      const { image, ...fields } = req.body;
      if (!(await cardTypeExists(db, fields.card_type_id)))
        throw fieldError('card_type_id', 'card_type_not_found');
      const id = await withPictures(storage, 'cards', { image }, [''], ({ image: url }) =>
        addCard(write, fields, url),
      );
      return { id };
    },
    {},
    { bodyLimit: CARD_BODY_LIMIT },
  );

  await serve(
    app,
    updateCardRoute,
    async (req) => {
      const write = staffWrite(req);
      const { image, ...fields } = req.body;
      const kept = ['', await cardPicture(db, req.params.id)];
      if (fields.card_type_id !== undefined && !(await cardTypeExists(db, fields.card_type_id)))
        throw fieldError('card_type_id', 'card_type_not_found');
      await withPictures(storage, 'cards', { image }, kept, ({ image: url }) =>
        changeCard(write, req.params.id, fields, url),
      );
      return { id: req.params.id };
    },
    {},
    { bodyLimit: CARD_BODY_LIMIT },
  );

  // --- card types (the Top tabs) ---
  await serve(app, cardTypesRoute, async () => cardTypesForStaff(db));

  await serve(app, createCardTypeRoute, async (req) => {
    const row = await addCardType(staffWrite(req), req.body);
    return { id: row.id };
  });

  await serve(app, updateCardTypeRoute, async (req) => {
    await changeCardType(staffWrite(req), req.params.id, req.body);
    return { id: req.params.id };
  });

  // --- a pack's pictures and opening videos (may change during the sale) ---

  await serve(
    app,
    packImagesRoute,
    async (req) => {
      const { id } = req.params;
      const uploads: Record<string, string> = { banner_image: req.body.banner_image };
      req.body.images.forEach((v, i) => (uploads[`image${i + 1}`] = v));
      await withPictures(storage, `packs/${id}`, uploads, await packPictures(db, id), (urls) => {
        const images = req.body.images.map((_, i) => urls[`image${i + 1}`]!);
        return setPackPictures(staffWrite(req), id, images, urls.banner_image!);
      });
      return { id };
    },
    {},
    { bodyLimit: 9 * CARD_BODY_LIMIT },
  );

  await serve(app, pausePackRoute, async (req) => {
    await setPackPaused(staffWrite(req), req.params.id, req.body.paused === 1);
    return { id: req.params.id };
  });

  await serve(app, packVideosRoute, async (req) => ({ list: await listPackVideos(db, req.params.id) }));

  await serve(
    app,
    addPackVideoRoute,
    async (req) => {
      const file = decodeVideo(req.body.video);
      const video = await addPackVideo(staffWrite(req), {
        packId: req.params.id,
        rarity: req.body.rarity,
        movieStyle: req.body.movie_style,
        file,
      });
      return { id: video.id };
    },
    {},
    { bodyLimit: 30 * 1024 * 1024 },
  );

  // --- drafts deleted: a pack never published, a card nothing names ---
  await serve(app, deletePackRoute, async (req) => {
    await deleteDraftPack(staffWrite(req), req.params.id);
    return {};
  });
  await serve(app, deleteCardRoute, async (req) => {
    await deleteUnusedCard(staffWrite(req), req.params.id);
    return {};
  });

  await serve(app, deletePackVideoRoute, async (req) => {
    await removePackVideo(staffWrite(req), req.params.id);
    return {};
  });
};

const MAX_VIDEO_UPLOAD = 20 * 1024 * 1024;

/**
 * A video upload from its data URL, checked by its content: an MP4 (an ISO BMFF `ftyp` box first) or a WebM (an
 * EBML header), at most 20 MB. Anything else is refused on the `video` field.
 */
function decodeVideo(dataUrl: string): { contentType: string; data: Buffer } {
  const m = /^data:(video\/(?:mp4|webm));base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m) throw fieldError('video', 'video_invalid');
  const data = Buffer.from(m[2]!, 'base64');
  if (data.length > MAX_VIDEO_UPLOAD) throw fieldError('video', 'video_too_large');
  const isMp4 = data.length > 12 && data.subarray(4, 8).toString('latin1') === 'ftyp';
  const isWebm = data.length > 4 && data.readUInt32BE(0) === 0x1a45dfa3;
  const contentType = isMp4 ? 'video/mp4' : isWebm ? 'video/webm' : null;
  if (!contentType || !VIDEO_TYPES[contentType]) throw fieldError('video', 'video_invalid');
  return { contentType, data };
}
