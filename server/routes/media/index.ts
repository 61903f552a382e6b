import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { proxySendOf } from '../../http/accel';
import { type SendStoredObjectOptions, sendStoredObject } from '../../http/serve-object';
import { derivativeKey, isProof } from '../../media/types';
import { getSessionUser } from '../../plugins/authorize';
import type { MediaRecord } from '../../repositories/media-repository';
import { notDelivered } from '../../services/media/media-access';
import type { Storage } from '../../storage/storage';
import { downloadRoutes, ORIGINAL_CACHE } from './download';

const params = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not a media id'),
  file: z.string().regex(/^(original|[A-Za-z0-9_-]{1,40}\.[a-z0-9]{2,5})$/, 'not a media file name'),
});
const query = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(64).optional() });

/** Derivatives never change under their content-addressed names. */
const IMMUTABLE = 'max-age=31536000, immutable';
/** What a user-media response may do if opened as a page: nothing (no scripts, no plugins, no requests). */
const MEDIA_CSP = "sandbox; default-src 'none'";
/**
 * Life of the presigned S3 URL a private view redirects to. Five minutes: enough for a slow connection to follow the
 * redirect and start a picture or a video, short enough that a URL copied out of the browser soon opens nothing.
 */
export const PRESIGNED_VIEW_SECONDS = 300;
/**
 * How long a browser may reuse a view's redirect instead of asking again: a minute less than the URL's life, so a
 * reused redirect never leads to an expired URL, even when the browser's or the store's clock is a little off.
 */
export const VIEW_REDIRECT_REUSE_SECONDS = PRESIGNED_VIEW_SECONDS - 60;

const notFound = () => new AppError('object-not-found', 'Object does not exist');

/**
 * GET/HEAD /media/:id/:file — the bytes of a media item: a derivative by its content-addressed name, or `original`.
 * Who may read which item, and whether clean or only as proofs, is decided by ctx.mediaAccess
 * (server/services/media/media-access.ts). Range, ETag/304 and HEAD come from sendStoredObject. An SVG original is only ever an attachment under
 * a sandbox CSP; every response says nosniff. With S3 storage a permitted GET of a private item's file is redirected
 * (302) to a short-lived presigned URL instead, so its bytes go from the bucket to the browser (see redirectToBucket);
 * public items and every HEAD are still answered here.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // With MEDIA_ACCEL=nginx the proxy sends the bytes of what this route authorizes.
  const proxySend = proxySendOf(ctx.config);
  const derivatives = ctx.derivativeCache;
  app.get('/media/:id/:file', { schema: { params, querystring: query }, compress: false }, async (request, reply) => {
    const { id, file } = request.params;
    const { record, scope, clean } = await ctx.mediaAccess.readable(
      id,
      { ...request.query, user: () => getSessionUser(request) },
      // The trash shows the admin its items' pictures; their originals stay out of reach until restored.
      { fromTrash: file !== 'original' },
    );
    const extraHeaders = { 'content-security-policy': MEDIA_CSP };
    // Only after the decision above: nothing is presigned for a viewer who may not read this very file.
    const viaBucket = scope === 'private' && request.method === 'GET' && ctx.storage.kind === 's3';
    if (file === 'original') {
      if (!clean) throw notDelivered();
      const answer = {
        contentType: record.contentType,
        cacheControl: `${scope}, ${ORIGINAL_CACHE}`,
        disposition: { type: isSvg(record) ? 'attachment' : 'inline', filename: record.name },
      } as const;
      // Its redirect is not reused either: it names where the bytes are, which a replacement changes.
      if (viaBucket) return redirectToBucket(reply, ctx.storage, record.originalKey, answer, 'no-store');
      return sendStoredObject(request, reply, ctx.storage, record.originalKey, {
        ...answer,
        extraHeaders,
        accel: proxySend,
      });
    }
    const derivative = record.derivatives.find((item) => item.file === file);
    if (!derivative) throw notFound();
    if (!clean && !isProof(derivative)) throw notDelivered();
    const answer = { contentType: derivative.contentType, cacheControl: `${scope}, ${IMMUTABLE}` };
    // Everyone may read it: from now on nginx sends it from the public mirror without asking here. Not awaited (the
    // link never delays or fails this answer); this first request is still answered below.
    if (scope === 'public' && ctx.publicMirror.active) void ctx.publicMirror.publish(id, derivative);
    if (viaBucket) return redirectToBucket(reply, ctx.storage, derivativeKey(id, file), answer);
    return sendStoredObject(request, reply, ctx.storage, derivativeKey(id, file), {
      ...answer,
      extraHeaders,
      cache: derivatives,
      // A public derivative is sent by this server once, then by nginx from the public mirror; private ones go by
      // X-Accel-Redirect on every request.
      accel: scope === 'public' ? undefined : proxySend,
    });
  });
  await app.register(downloadRoutes, { ctx });
};

/**
 * Answers 302 to a presigned URL of `key` that makes the bucket answer with the type, cache lifetime and disposition
 * this route would give (S3 then answers Range, If-None-Match, 304 and 416 itself). The browser may reuse the
 * redirect for a while, `private`: no shared cache may keep what opens a private file. Presigning is a local
 * computation (no request to S3), so the redirect costs this server no more than the access decision before it.
 */
async function redirectToBucket(
  reply: FastifyReply,
  storage: Storage,
  key: string,
  answer: Pick<SendStoredObjectOptions, 'contentType' | 'cacheControl' | 'disposition'>,
  reuse = `max-age=${VIEW_REDIRECT_REUSE_SECONDS}`,
): Promise<FastifyReply> {
  const location = await storage.signedUrl(key, {
    expiresInSeconds: PRESIGNED_VIEW_SECONDS,
    contentType: answer.contentType,
    cacheControl: answer.cacheControl,
    downloadName: answer.disposition?.filename,
    dispositionType: answer.disposition?.type,
  });
  // Only the S3 driver is asked, and it always signs.
  if (!location) throw new Error('The S3 driver gave no presigned URL');
  return reply
    .code(302)
    .header('location', location)
    .header('cache-control', `private, ${reuse}`)
    .header('x-content-type-options', 'nosniff')
    .send();
}

function isSvg(record: MediaRecord): boolean {
  return record.contentType === 'image/svg+xml';
}
