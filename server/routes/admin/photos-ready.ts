import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminFolderParamsSchema } from '../../../shared/schemas/admin';
import {
  photosReadyRequestSchema,
  photosReadyResultSchema,
  photosReadyStatusSchema,
} from '../../../shared/schemas/photos-ready';
import type { AppContext } from '../../context';

/**
 * The "your photos are ready" e-mail of a client folder: what was sent last and what the next e-mail would announce,
 * and the sending itself (server/services/galleries/photos-ready.ts). Registered inside the admin routes, behind requireAdmin.
 */
export const photosReadyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/folders/:folder/photos-ready',
    { schema: { params: adminFolderParamsSchema, response: { 200: photosReadyStatusSchema } } },
    (request) => ctx.photosReady.status(request.params.folder),
  );

  app.post(
    '/api/admin/folders/:folder/notify',
    {
      schema: {
        params: adminFolderParamsSchema,
        body: photosReadyRequestSchema,
        response: { 200: photosReadyResultSchema },
      },
    },
    (request) => ctx.photosReady.send(request.params.folder, request.body),
  );
};
