import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRIVATE_GALLERY_PATH, PUBLIC_GALLERY_PATH } from '../../../shared/api-paths';
import {
  GALLERY_PAGE_SIZE,
  galleryPageSchema,
  galleryQuerySchema,
  privateGalleryQuerySchema,
} from '../../../shared/schemas/gallery';
import { publicGalleryAnswer } from '../../answers/gallery-answer';
import { sendAnswer } from '../../cache/send-answer';
import type { AppContext } from '../../context';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import { presentClientGalleryPage } from '../../presenters/gallery-presenter';
import { archiveRoutes } from './archive';

const privateSchema = { querystring: privateGalleryQuerySchema, response: { 200: galleryPageSchema } };

/**
 * GET /api/gallery — the public main gallery, and GET /api/me/gallery — the signed-in user's own folder; both
 * `?type=all|images|videos&page=N`, 6 ready items per page (the user's may ask for 48 with `&per=48`, and its items
 * carry the time each was added), answering `{ items, page, pageCount, total }`. The user's
 * folder is the one their account owns, and only once their address is proven (ctx.mediaAccess.ownFolder).
 * Private items carry signed URLs, so the answer is never stored by shared caches.
 */
export const galleryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { gallery } = ctx;

  // The same for every visitor, so it is kept as bytes (publicGalleryAnswer) and sent as it is: the response
  // schema is applied once, when the answer is made, instead of on every request. It is kept already compressed
  // (Brotli and gzip), and a GET has no body, so the compression plugin's per-request hooks have nothing to do here.
  const publicOptions = { schema: { querystring: galleryQuerySchema }, compress: false, decompress: false } as const;
  app.get(PUBLIC_GALLERY_PATH, publicOptions, async (request, reply) => {
    const { type, page } = request.query;
    const answer = await publicGalleryAnswer(ctx, type, page);
    // A browser may reuse it briefly (back and forth between pages); a new upload still shows within seconds.
    reply.header('cache-control', 'public, max-age=5');
    return sendAnswer(request, reply, answer);
  });

  app.get(PRIVATE_GALLERY_PATH, { schema: privateSchema, onRequest: requireVerified }, async (request, reply) => {
    const { type, page, per } = request.query;
    reply.header('cache-control', 'private, no-store');
    const folder = ctx.mediaAccess.ownFolder(sessionUserOf(request));
    if (folder === null) return { items: [], page, pageCount: 0, total: 0 };
    const [result, delivery] = await Promise.all([
      gallery.page({ folder, kind: type }, page, per / GALLERY_PAGE_SIZE),
      ctx.mediaAccess.delivery(folder),
    ]);
    return presentClientGalleryPage(result, ctx.mediaUrls, (mediaId) => delivery.isClean(mediaId));
  });

  await app.register(archiveRoutes, { ctx });
};
