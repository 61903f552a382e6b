import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { proxySendOf } from '../../http/accel';
import { sendStoredObject } from '../../http/serve-object';
import { getSessionUser } from '../../plugins/authorize';
import { notDelivered } from '../../services/media/media-access';

const params = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not a media id') });
const query = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(64).optional() });

/** A download is a file to save, never something to show: the browser must not guess another type. */
const DOWNLOAD_TYPE = 'application/octet-stream';
/**
 * Originals may be kept but are asked for again each time: an edited version replaces an item's original under the
 * same URL, and the ETag (the bytes' MD5) then tells the browser its copy is no longer the item's, so it never shows
 * the old bytes; while nothing changed, the answer is a 304.
 */
export const ORIGINAL_CACHE = 'no-cache';
/** The policy of every user-media response (as on /media): an opened file may do nothing at all. */
const MEDIA_CSP = "sandbox; default-src 'none'";
/** Life of the presigned S3 URL a download redirects to: long enough to start, short enough not to be shared. */
export const PRESIGNED_DOWNLOAD_SECONDS = 300;

/**
 * GET/HEAD /api/media/:id/download — a media item's original as an attachment under its stored name (RFC 6266 with
 * `filename*`, so Hebrew names arrive intact), always `application/octet-stream`, nosniff and a sandbox CSP (an SVG
 * original never renders). Range, ETag/304 and HEAD come from sendStoredObject. With S3 storage a GET is redirected
 * (302) to a presigned URL that makes S3 answer with the same type and disposition, so the bytes do not pass through
 * this server; HEAD is always answered here (a presigned GET URL cannot be used for HEAD).
 */
export const downloadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // With MEDIA_ACCEL=nginx the proxy sends the bytes of what this route authorizes.
  const proxySend = proxySendOf(ctx.config);
  app.get(
    '/api/media/:id/download',
    { schema: { params, querystring: query }, compress: false },
    async (request, reply) => {
      const { record, scope, clean } = await ctx.mediaAccess.readable(request.params.id, {
        ...request.query,
        user: () => getSessionUser(request),
      });
      if (!clean) throw notDelivered();
      if (request.method === 'GET' && ctx.storage.kind === 's3') {
        const location = await ctx.storage.signedUrl(record.originalKey, {
          expiresInSeconds: PRESIGNED_DOWNLOAD_SECONDS,
          downloadName: record.name,
          contentType: DOWNLOAD_TYPE,
        });
        if (location) {
          return reply
            .code(302)
            .header('location', location)
            .header('cache-control', 'private, no-store')
            .header('x-content-type-options', 'nosniff')
            .send();
        }
      }
      return sendStoredObject(request, reply, ctx.storage, record.originalKey, {
        contentType: DOWNLOAD_TYPE,
        cacheControl: `${scope}, ${ORIGINAL_CACHE}`,
        disposition: { type: 'attachment', filename: record.name },
        extraHeaders: { 'content-security-policy': MEDIA_CSP },
        accel: proxySend,
      });
    },
  );
};
