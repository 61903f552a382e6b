import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkIdsRequestSchema, bulkMoveRequestSchema, bulkResultSchema } from '../../../shared/schemas/admin-bulk';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/authorize';

const folderParams = z.object({ folder: z.string().min(1).max(255) });

/**
 * The folder view's bulk actions, one request each and all-or-nothing: trash the selected items, move them to another
 * client's folder, or add them to the main gallery. Admin-only, checked before the body is read.
 */
export const bulkMediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { bulkMedia } = ctx;
  app.addHook('onRequest', requireAdmin);

  app.post(
    '/api/admin/folders/:folder/media/trash',
    { schema: { params: folderParams, body: bulkIdsRequestSchema, response: { 200: bulkResultSchema } } },
    (request) => bulkMedia.trash(request.params.folder, request.body.ids),
  );

  app.post(
    '/api/admin/folders/:folder/media/move',
    { schema: { params: folderParams, body: bulkMoveRequestSchema, response: { 200: bulkResultSchema } } },
    (request) => bulkMedia.move(request.params.folder, request.body.ids, request.body.to),
  );

  app.post(
    '/api/admin/folders/:folder/media/add-to-main-gallery',
    { schema: { params: folderParams, body: bulkIdsRequestSchema, response: { 200: bulkResultSchema } } },
    (request) => bulkMedia.addToMainGallery(request.params.folder, request.body.ids),
  );
};
