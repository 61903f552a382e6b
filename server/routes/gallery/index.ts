import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRIVATE_GALLERY_PATH, PUBLIC_GALLERY_PATH } from '../../../shared/api-paths';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { galleryPageSchema, galleryQuerySchema } from '../../../shared/schemas/gallery';
import type { AppContext } from '../../context';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import { presentMedia } from '../../presenters/media-presenter';
import { archiveRoutes } from './archive';

const schema = { querystring: galleryQuerySchema, response: { 200: galleryPageSchema } };

/**
 * GET /api/gallery — the public main gallery, and GET /api/me/gallery — the signed-in user's own folder; both
 * `?type=all|images|videos&page=N`, 6 ready items per page, answering `{ items, page, pageCount, total }`. The user's
 * folder is the one their account owns, and only once their address is proven (ctx.mediaAccess.ownFolder).
 * Private items carry signed URLs, so the answer is never stored by shared caches.
 */
export const galleryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { gallery } = ctx;

  app.get(PUBLIC_GALLERY_PATH, { schema }, async (request, reply) => {
    const { type, page } = request.query;
    const result = await gallery.page({ folder: MAIN_GALLERY_FOLDER, kind: type }, page);
    // A browser may reuse it briefly (back and forth between pages); a new upload still shows within seconds.
    reply.header('cache-control', 'public, max-age=5');
    const { records, ...counts } = result;
    return { ...counts, items: records.map((record) => presentMedia(record, ctx.mediaUrls, { signed: false })) };
  });

  app.get(PRIVATE_GALLERY_PATH, { schema, onRequest: requireVerified }, async (request, reply) => {
    const { type, page } = request.query;
    reply.header('cache-control', 'private, no-store');
    const folder = ctx.mediaAccess.ownFolder(sessionUserOf(request));
    if (folder === null) return { items: [], page, pageCount: 0, total: 0 };
    const [result, delivery] = await Promise.all([
      gallery.page({ folder, kind: type }, page),
      ctx.mediaAccess.delivery(folder),
    ]);
    const { records, ...counts } = result;
    // In a proofing gallery the client gets watermarked proofs, except for what an order delivered to them.
    const present = (record: (typeof records)[number]) =>
      presentMedia(record, ctx.mediaUrls, { signed: true, proof: !delivery.isClean(record.id) });
    return { ...counts, items: records.map(present) };
  });

  await app.register(archiveRoutes, { ctx });
};
