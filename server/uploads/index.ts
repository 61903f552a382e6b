import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { requireAdmin } from '../plugins/authorize';
import { eventFolder } from '../services/events/events';
import { createFileUploadStore } from './file-upload-store';
import { createS3UploadStore } from './s3-upload-store';
import { createTusUploads, UNFINISHED_SWEEP_INTERVAL_MS, UNFINISHED_UPLOAD_TTL_MS, UPLOAD_PATH } from './tus-uploads';
import type { UploadStore } from './upload-store';

/**
 * With S3 storage the unfinished uploads live in the bucket, locked through the shared database, so several
 * instances can serve one upload; with the disk they stay on this machine (DATA_DIR/uploads, in-memory lock).
 */
function createUploadStore(ctx: AppContext): UploadStore {
  const directory = path.join(ctx.config.dataDir, 'uploads');
  const { storage } = ctx.config;
  if (storage.kind === 'disk') return createFileUploadStore(directory, UNFINISHED_UPLOAD_TTL_MS);
  return createS3UploadStore({
    s3: storage,
    storage: ctx.storage,
    leases: ctx.instances.leases,
    holder: ctx.instances.holder,
    finishingDir: path.join(directory, 'finishing'),
    expiryMs: UNFINISHED_UPLOAD_TTL_MS,
  });
}

/**
 * Mounts the tus endpoint: POST /api/uploads creates an upload; HEAD, PATCH and DELETE /api/uploads/:id query,
 * continue and cancel it (HEAD is the one Fastify derives from GET; GET itself answers 405). Only the admin gets through (requireAdmin runs on every request, before tus reads a byte),
 * and the global same-origin rule applies to POST, PATCH and DELETE as to every other write.
 */
export const uploadRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tus = createTusUploads({
    store: createUploadStore(ctx),
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
    await tus.handle(request.raw, reply.raw);
  };
  app.route({ method: 'POST', url: UPLOAD_PATH, onRequest: requireAdmin, handler: handle });
  app.route({
    method: ['GET', 'PATCH', 'DELETE'],
    url: `${UPLOAD_PATH}/:id`,
    onRequest: requireAdmin,
    handler: handle,
  });

  let cleanup: { stop: () => Promise<void> } | null = null;
  let recovering: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    // In the background: start does not wait for large files to be read back and stored.
    recovering = tus
      .recoverFinished()
      .catch((error) => ctx.logger.error({ err: error }, 'finished uploads could not be looked for'));
    cleanup = ctx.instances.startDailyTask(
      'unfinished-uploads',
      () => tus.deleteExpired(),
      (error) => ctx.logger.error({ err: error }, 'unfinished uploads could not be cleaned up'),
      UNFINISHED_SWEEP_INTERVAL_MS,
    );
  });
  app.addHook('preClose', async () => {
    await cleanup?.stop();
    await recovering;
  });
};
