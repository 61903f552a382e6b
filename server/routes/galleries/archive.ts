import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARCHIVE_SIZES, type ArchiveSize, GALLERY_ARCHIVE_PATH } from '../../../shared/archive-paths';
import type { SessionUser } from '../../../shared/schemas/session';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sendZip } from '../../http/send-zip';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import { clientArchiveName } from '../../services/galleries/folder-archive';
import { notDelivered } from '../../services/media/media-access';

const galleryEmpty = () => new AppError('gallery-empty', 'There is nothing to download yet: the gallery is empty.');

/** `?size=web` for the 2400 px pictures, `full` (the default) for the originals. */
const sizeQuery = z.object({ size: z.enum(ARCHIVE_SIZES).default('full') });
const orderParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The client's Download All, each a ZIP (stored, ZIP64 when needed; built by ctx.archives) at web size or full size,
 * with Content-Length so the browser shows progress, and as an attachment named after the site, the client and the
 * day, so a plain link hands it to the browser's own download (streamed to disk). A closed connection destroys the
 * stream, which closes the file being read at once.
 *
 * - GET /api/me/gallery/archive — the signed-in user's whole folder, as far as it is theirs clean. An empty gallery
 *   has no archive (409 gallery-empty); a proofing gallery with nothing delivered answers 403 not-delivered.
 * - GET /api/me/orders/:id/archive — exactly what one delivered order of theirs gave them (404 for another's order,
 *   409 order-not-delivered before delivery).
 */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const fileNameFor = (user: SessionUser, size: ArchiveSize) =>
    clientArchiveName({
      siteName: ctx.config.siteName,
      clientName: user.name,
      email: user.email,
      at: new Date(),
      size,
    });

  app.get(
    GALLERY_ARCHIVE_PATH,
    { onRequest: requireVerified, compress: false, schema: { querystring: sizeQuery } },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const { size } = request.query;
      const folder = ctx.mediaAccess.ownFolder(user);
      // A proofing gallery holds proofs to choose from: only the items a delivered order gave the client are theirs.
      const delivery = folder === null ? null : await ctx.mediaAccess.delivery(folder);
      const include = (record: { id: string }) => delivery?.isClean(record.id) ?? true;
      const fileName = fileNameFor(user, size);
      const archive = await ctx.archives.ofFolder(folder, fileName, include, size);
      if (archive.count === 0) {
        archive.stream.destroy();
        throw delivery?.proofing ? notDelivered() : galleryEmpty();
      }
      reply.header('cache-control', 'private, no-store');
      return sendZip(request, reply, archive, fileName);
    },
  );

  app.get(
    '/api/me/orders/:id/archive',
    { onRequest: requireVerified, compress: false, schema: { params: orderParams, querystring: sizeQuery } },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const { size } = request.query;
      const { records } = await ctx.orderDownloads.deliveredItems(user, request.params.id);
      const fileName = fileNameFor(user, size);
      const archive = ctx.archives.ofRecords(records, fileName, size);
      if (archive.count === 0) {
        archive.stream.destroy();
        throw galleryEmpty();
      }
      reply.header('cache-control', 'private, no-store');
      return sendZip(request, reply, archive, fileName);
    },
  );
};
