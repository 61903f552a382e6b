import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { derivativeKey, isProof } from '../../media/types';
import { getSessionUser } from '../../plugins/authorize';
import type { MediaRecord } from '../../repositories/media-repository';
import { notDelivered } from '../../services/media-access';
import { proxyCacheHeaders, proxySendOf } from '../../storage/accel';
import { sendStoredObject } from '../../storage/serve-object';
import { SmallObjectCache } from '../../storage/small-object-cache';
import { downloadRoutes } from './download';

const params = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not a media id'),
  file: z.string().regex(/^(original|[A-Za-z0-9_-]{1,40}\.[a-z0-9]{2,5})$/, 'not a media file name'),
});
const query = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(64).optional() });

/** Derivatives never change under their content-addressed names. */
const IMMUTABLE = 'max-age=31536000, immutable';
/** Originals carry a one-hour cache-control, as every upload's metadata says. */
const ONE_HOUR = 'max-age=3600';
/** What a user-media response may do if opened as a page: nothing (no scripts, no plugins, no requests). */
const MEDIA_CSP = "sandbox; default-src 'none'";

const notFound = () => new AppError('object-not-found', 'Object does not exist');

/**
 * GET/HEAD /media/:id/:file — the bytes of a media item: a derivative by its content-addressed name, or `original`.
 * Who may read which item, and whether clean or only as proofs, is decided by ctx.mediaAccess
 * (server/services/media-access.ts). Range, ETag/304 and HEAD come from sendStoredObject. An SVG original is only ever an attachment under
 * a sandbox CSP; every response says nosniff.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // With MEDIA_ACCEL=nginx the proxy sends the bytes of what this route authorizes.
  const proxySend = proxySendOf(ctx.config);
  // Grid and lightbox images are requested again and again; under their content-addressed keys they never change.
  const derivatives = new SmallObjectCache();
  app.get('/media/:id/:file', { schema: { params, querystring: query }, compress: false }, async (request, reply) => {
    const { id, file } = request.params;
    const { record, scope, clean } = await ctx.mediaAccess.readable(
      id,
      { ...request.query, user: () => getSessionUser(request) },
      // The trash shows the admin its items' pictures; their originals stay out of reach until restored.
      { fromTrash: file !== 'original' },
    );
    const extraHeaders = { 'content-security-policy': MEDIA_CSP, ...proxyCacheHeaders(ctx.config, scope) };
    if (file === 'original') {
      if (!clean) throw notDelivered();
      return sendStoredObject(request, reply, ctx.storage, record.fullPath, {
        contentType: record.contentType,
        cacheControl: `${scope}, ${ONE_HOUR}`,
        disposition: { type: isSvg(record) ? 'attachment' : 'inline', filename: record.name },
        extraHeaders,
        accel: proxySend,
      });
    }
    const derivative = record.derivatives.find((item) => item.file === file);
    if (!derivative) throw notFound();
    if (!clean && !isProof(derivative)) throw notDelivered();
    return sendStoredObject(request, reply, ctx.storage, derivativeKey(id, file), {
      contentType: derivative.contentType,
      cacheControl: `${scope}, ${IMMUTABLE}`,
      extraHeaders,
      cache: derivatives,
      // A public derivative is sent by this server once and kept by the proxy's cache (deploy/nginx), which then
      // answers it without asking here; private ones go by X-Accel-Redirect.
      accel: scope === 'public' ? undefined : proxySend,
    });
  });
  await app.register(downloadRoutes, { ctx });
};

function isSvg(record: MediaRecord): boolean {
  return record.contentType === 'image/svg+xml';
}
