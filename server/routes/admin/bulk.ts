import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminFolderParamsSchema } from '../../../shared/schemas/admin';
import { bulkIdsRequestSchema, bulkMoveRequestSchema, bulkResultSchema } from '../../../shared/schemas/admin-bulk';
import type { AppContext } from '../../context';

/**
 * The folder view's bulk actions, one request each and all-or-nothing: trash the selected items, move them to another
 * client's folder, or add them to the main gallery. Registered inside the admin routes, whose requireAdmin hook checks
 * every request before its body is read.
 */
export const bulkMediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { bulkMedia } = ctx;

  app.post(
    '/api/admin/folders/:folder/media/trash',
    { schema: { params: adminFolderParamsSchema, body: bulkIdsRequestSchema, response: { 200: bulkResultSchema } } },
    (request) => bulkMedia.trash(request.params.folder, request.body.ids),
  );

  app.post(
    '/api/admin/folders/:folder/media/move',
    { schema: { params: adminFolderParamsSchema, body: bulkMoveRequestSchema, response: { 200: bulkResultSchema } } },
    (request) => bulkMedia.move(request.params.folder, request.body.ids, request.body.to),
  );

  app.post(
    '/api/admin/folders/:folder/media/add-to-main-gallery',
    { schema: { params: adminFolderParamsSchema, body: bulkIdsRequestSchema, response: { 200: bulkResultSchema } } },
    (request) => bulkMedia.addToMainGallery(request.params.folder, request.body.ids),
  );
};
