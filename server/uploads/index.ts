import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { requireAdmin } from '../plugins/authorize';
import { eventFolder } from '../services/events';
import { startDailyTask } from '../services/trash';
import { createTusUploads, UPLOAD_PATH } from './tus-uploads';

/**
 * Mounts the tus endpoint: POST /api/uploads creates an upload; HEAD, PATCH and DELETE /api/uploads/:id query,
 * continue and cancel it (HEAD is the one Fastify derives from GET; GET itself answers 405). Only the admin gets through (requireAdmin runs on every request, before tus reads a byte),
 * and the global same-origin rule applies to POST, PATCH and DELETE as to every other write.
 */
export const uploadRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tus = createTusUploads({
    directory: path.join(ctx.config.dataDir, 'uploads'),
    ingest: ctx.media.ingest,
    resolveFolder: (folder) => ctx.adminMedia.resolveFolder(folder),
    resolveEvent: async (eventId) => {
      if (!(await ctx.events.exists(eventId))) throw new Error('no such event');
      return eventFolder(eventId);
    },
    recordEventUpload: (eventId, mediaId, capture) => ctx.events.recordUpload(eventId, mediaId, capture),
    assertRoomFor: (bytes) => ctx.storageApi.assertRoomFor(bytes),
    logger: ctx.logger,
  });

  // tus streams the body itself: Fastify must leave PATCH bodies unread (and unlimited by bodyLimit).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // GET is registered only so that Fastify derives the HEAD route tus needs; downloads go through /media.
    if (request.method === 'GET') throw new AppError('method-not-allowed', 'Uploads cannot be downloaded here.');
    reply.hijack();
    await tus.server.handle(request.raw, reply.raw);
  };
  app.route({ method: 'POST', url: UPLOAD_PATH, onRequest: requireAdmin, handler: handle });
  app.route({
    method: ['GET', 'PATCH', 'DELETE'],
    url: `${UPLOAD_PATH}/:id`,
    onRequest: requireAdmin,
    handler: handle,
  });

  let cleanup: { stop: () => Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    cleanup = startDailyTask(
      () => tus.deleteExpired(),
      (error) => ctx.logger.error({ err: error }, 'unfinished uploads could not be cleaned up'),
    );
  });
  app.addHook('preClose', async () => cleanup?.stop());
};
