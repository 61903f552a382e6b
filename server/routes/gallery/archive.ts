import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import { notDelivered } from '../../services/media-access';
import { formatContentDisposition } from '../../storage/content-disposition';

/**
 * GET /api/me/gallery/archive — the signed-in user's whole folder as one ZIP of the originals (stored, ZIP64 when
 * needed; built by ctx.archives), with Content-Length so the browser shows progress. A closed connection destroys
 * the stream, which closes the file being read at once.
 */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/me/gallery/archive', { onRequest: requireVerified, compress: false }, async (request, reply) => {
    const folder = ctx.mediaAccess.ownFolder(sessionUserOf(request));
    // A proofing gallery holds proofs to choose from: only the items a delivered order gave the client are theirs.
    const delivery = folder === null ? null : await ctx.mediaAccess.delivery(folder);
    const include = (record: { id: string }) => delivery?.isClean(record.id) ?? true;
    const archive = await ctx.archives.ofFolder(folder, include);
    if (delivery?.proofing && archive.count === 0) {
      archive.stream.destroy();
      throw notDelivered();
    }
    const { stream, length, fileName } = archive;
    request.raw.once('close', () => {
      if (!reply.raw.writableFinished) stream.destroy();
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(length))
      .header('content-disposition', formatContentDisposition('attachment', fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
};
