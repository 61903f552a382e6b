import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import { formatContentDisposition } from '../../storage/content-disposition';
import { createZipStream, type ZipEntrySource } from '../../storage/zip-archive';

/**
 * GET /api/me/gallery/archive — the signed-in user's whole folder as one ZIP of the originals (stored, ZIP64 when
 * needed), with Content-Length so the browser shows progress. A closed connection destroys the stream, which closes
 * the file being read at once.
 */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/me/gallery/archive', { onRequest: requireVerified, compress: false }, async (request, reply) => {
    const folder = ctx.mediaAccess.ownFolder(sessionUserOf(request));
    const records = folder === null ? [] : await ctx.gallery.wholeFolder(folder);
    const entries: ZipEntrySource[] = records.map((record) => ({
      name: record.name,
      size: record.size,
      modified: new Date(record.timeCreated),
      crc32: record.crc32 ?? undefined,
      open: async () => (await ctx.storage.get(record.fullPath)).stream,
    }));
    const { stream, length } = createZipStream(entries);
    request.raw.once('close', () => {
      if (!reply.raw.writableFinished) stream.destroy();
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(length))
      .header('content-disposition', formatContentDisposition('attachment', `${folder ?? 'gallery'}.zip`))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
};
