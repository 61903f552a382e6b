import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireAdmin } from '../../plugins/authorize';
import { UPLOAD_PATH } from '../../uploads/tus-uploads';

/**
 * Mounts the tus endpoint: POST /api/uploads creates an upload; HEAD, PATCH and DELETE /api/uploads/:id query,
 * continue and cancel it (HEAD is the one Fastify derives from GET; GET itself answers 405). Only the admin gets through (requireAdmin runs on every request, before tus reads a byte),
 * and the global same-origin rule applies to POST, PATCH and DELETE as to every other write.
 */
export const uploadRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tus = ctx.uploads;

  // tus streams the body itself: Fastify must leave PATCH bodies unread (and unlimited by bodyLimit).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // GET is registered only so that Fastify derives the HEAD route tus needs; downloads go through /media.
    if (request.method === 'GET') throw new AppError('method-not-allowed', 'Uploads cannot be downloaded here.');
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  app.route({ method: 'POST', url: UPLOAD_PATH, onRequest: requireAdmin, handler: handle });
  app.route({
    method: ['GET', 'PATCH', 'DELETE'],
    url: `${UPLOAD_PATH}/:id`,
    onRequest: requireAdmin,
    handler: handle,
  });
};
