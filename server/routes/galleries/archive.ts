import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sendZip } from '../../http/send-zip';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import { clientArchiveName } from '../../services/galleries/folder-archive';
import { notDelivered } from '../../services/media/media-access';

const galleryEmpty = () => new AppError('gallery-empty', 'There is nothing to download yet: the gallery is empty.');

/**
 * GET /api/me/gallery/archive — the signed-in user's whole folder as one ZIP of the originals (stored, ZIP64 when
 * needed; built by ctx.archives), with Content-Length so the browser shows progress, and as an attachment named after
 * the site, the client and the day, so a plain link hands it to the browser's own download (streamed to disk). An
 * empty gallery has no archive (409 gallery-empty). A closed connection destroys the stream, which closes the file
 * being read at once.
 */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/me/gallery/archive', { onRequest: requireVerified, compress: false }, async (request, reply) => {
    const user = sessionUserOf(request);
    const folder = ctx.mediaAccess.ownFolder(user);
    // A proofing gallery holds proofs to choose from: only the items a delivered order gave the client are theirs.
    const delivery = folder === null ? null : await ctx.mediaAccess.delivery(folder);
    const include = (record: { id: string }) => delivery?.isClean(record.id) ?? true;
    const fileName = clientArchiveName({
      siteName: ctx.config.siteName,
      clientName: user.name,
      email: user.email,
      at: new Date(),
    });
    const archive = await ctx.archives.ofFolder(folder, fileName, include);
    if (archive.count === 0) {
      archive.stream.destroy();
      throw delivery?.proofing ? notDelivered() : galleryEmpty();
    }
    reply.header('cache-control', 'private, no-store');
    return sendZip(request, reply, archive, fileName);
  });
};
