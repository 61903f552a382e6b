import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import type { GalleryCursor, MediaRecord, MediaRepository } from '../../repositories/media-repository';
import { formatContentDisposition } from '../../storage/content-disposition';
import { createZipStream, type ZipEntrySource } from '../../storage/zip-archive';

const LIST_BATCH = 500;

/** Every visible (ready, not deleted) item of a folder, in display order, read in keyset batches. */
export async function listWholeFolder(media: Pick<MediaRepository, 'listVisible'>, folder: string) {
  const all: MediaRecord[] = [];
  let after: GalleryCursor | undefined;
  for (;;) {
    const batch = await media.listVisible({ folder, kind: 'all', after, limit: LIST_BATCH });
    all.push(...batch);
    const last = batch.at(-1);
    if (batch.length < LIST_BATCH || !last) return all;
    after = { position: last.position, id: last.id };
  }
}

/**
 * GET /api/me/gallery/archive — the signed-in user's whole folder as one ZIP of the originals (stored, ZIP64 when
 * needed), with Content-Length so the browser shows progress. A closed connection destroys the stream, which closes
 * the file being read at once.
 */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/me/gallery/archive', { onRequest: requireVerified, compress: false }, async (request, reply) => {
    const folder = ctx.mediaAccess.ownFolder(sessionUserOf(request));
    const records = folder === null ? [] : await listWholeFolder(ctx.media.media, folder);
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
