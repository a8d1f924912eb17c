import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  renderCardSvg,
  renderPackBannerSvg,
  renderPackImageSvg,
  type CardArtInput,
  type PackArtInput,
} from './art.ts';
import { ART_WIDTHS, isArtWidth, type ArtWidth } from '@gacha/contract/art-images';
import type { Db } from '../../db/index.ts';
import { keptArt, renderArt } from './art-raster.ts';
import * as repo from './repo.ts';
import { PACK_IMAGE_COUNT, VIDEO_TYPES } from './service.ts';

const ART_CACHING = 'public, max-age=300, stale-while-revalidate=86400';
const SVG = 'image/svg+xml; charset=utf-8';

/**
 * A drawing: as drawn (SVG), or as a WebP picture of one of the contract's widths (`?w=`, art-raster.ts). The
 * drawing follows the row; a short max-age plus the ETag keeps edits visible and repeat views cheap. A picture not
 * rendered yet is answered with the drawing itself, kept by nobody (no-store), while it is rendered for the next
 * request: the first visitor waits for no rendering.
 */
async function sendArt(req: FastifyRequest, reply: FastifyReply, svg: string, format: string) {
  const hash = createHash('sha1').update(svg).digest('base64url');
  let width: ArtWidth | null = null;
  if (format === 'webp') {
    const w = Number((req.query as { w?: string }).w ?? ART_WIDTHS[1]);
    if (!isArtWidth(w)) return notFound(reply);
    width = w;
  }
  const etag = width ? `"${hash}-${width}"` : `"${hash}"`;
  if (req.headers['if-none-match'] === etag)
    return reply.code(304).header('cache-control', ART_CACHING).header('etag', etag).send();
  if (!width)
    return reply.code(200).type(SVG).header('cache-control', ART_CACHING).header('etag', etag).send(svg);
  const webp = keptArt(hash, width);
  if (!webp) {
    renderArt(svg, hash, width)?.catch((err: unknown) =>
      req.log.error({ err }, 'rendering a drawing failed'),
    );
    return reply.code(200).type(SVG).header('cache-control', 'no-store').send(svg);
  }
  return reply
    .code(200)
    .type('image/webp')
    .header('cache-control', ART_CACHING)
    .header('etag', etag)
    .send(webp);
}

/**
 * An uploaded video, with single-range support (browsers fetch media in ranges; Safari plays only when the server
 * answers them). Immutable: a new upload gets a new id and so a new URL.
 */
function sendVideo(
  req: FastifyRequest,
  reply: FastifyReply,
  video: { id: number; content_type: string; data: Buffer },
) {
  const size = video.data.length;
  const etag = `"v${video.id}-${size}"`;
  reply
    .header('content-type', video.content_type)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'public, max-age=86400')
    .header('etag', etag);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = req.headers.range;
  const m = typeof range === 'string' ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (range !== undefined && m && (m[1] || m[2])) {
    let start: number;
    let end: number;
    if (m[1]) {
      start = Number(m[1]);
      end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    } else {
      start = Math.max(0, size - Number(m[2])); // the last N bytes
      end = size - 1;
    }
    if (start >= size || start > end) {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .send(video.data.subarray(start, end + 1));
  }
  return reply.code(200).send(video.data);
}

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('not found');

async function packArt(db: Db, id: number): Promise<{ pack: PackArtInput; top: CardArtInput[] } | null> {
  const pack = await repo.findPack(db, id);
  if (!pack) return null;
  const type = await repo.findCardType(db, pack.card_type_id);
  const top = await repo.topPrizeCards(db, id, 3);
  return {
    pack: { ...pack, type_name: type?.name_en ?? '' },
    top: top.map((c) => ({ ...c, card_type_id: pack.card_type_id })),
  };
}

/**
 * GET /media/cards/{id}.svg, /media/packs/{id}/banner.svg and /media/packs/{id}/{n}.svg: card faces and pack
 * artwork drawn from the database rows (outside /api: plain images, no envelope); the same as .webp?w={width}. GET
 * /media/packs/{id}/videos/{videoId}.{mp4|webm}: a pack's uploaded opening video, kept in the database.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.get('/media/cards/:file', async (req, reply) => {
    const m = /^(\d{1,9})\.(svg|webp)$/.exec((req.params as { file: string }).file);
    if (!m) return notFound(reply);
    const card = await repo.findCard(db, Number(m[1]));
    if (!card) return notFound(reply);
    return sendArt(req, reply, renderCardSvg({ ...card, type_name: card.type_name_en }), m[2]!);
  });

  app.get('/media/packs/:id/videos/:file', async (req, reply) => {
    const { id, file } = req.params as { id: string; file: string };
    if (!/^\d{1,9}$/.test(id)) return notFound(reply);
    const m = /^(\d{1,9})\.(mp4|webm)$/.exec(file);
    if (!m) return notFound(reply);
    const video = await repo.findPackVideoFile(db, Number(id), Number(m[1]));
    if (!video?.data || VIDEO_TYPES[video.content_type] !== m[2]) return notFound(reply);
    return sendVideo(req, reply, {
      id: video.id,
      content_type: video.content_type,
      data: Buffer.from(video.data),
    });
  });

  app.get('/media/packs/:id/:file', async (req, reply) => {
    const { id, file } = req.params as { id: string; file: string };
    if (!/^\d{1,9}$/.test(id)) return notFound(reply);
    const m = /^(banner|\d)\.(svg|webp)$/.exec(file);
    if (!m) return notFound(reply);
    const format = m[2]!;
    const art = await packArt(db, Number(id));
    if (!art) return notFound(reply);
    if (m[1] === 'banner') return sendArt(req, reply, renderPackBannerSvg(art.pack, art.top), format);
    const n = Number(m[1]);
    if (n < 1 || n > PACK_IMAGE_COUNT) return notFound(reply);
    const tiers = n === 2 ? await repo.prizeTiers(db, art.pack.id) : [];
    return sendArt(
      req,
      reply,
      renderPackImageSvg(
        art.pack,
        n,
        art.top,
        tiers.map((t) => ({ ...t, rarity_label: String(t.rarity_label), quantity: Number(t.quantity) })),
      ),
      format,
    );
  });
};
