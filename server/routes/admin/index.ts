import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFolderListSchema,
  adminFolderParamsSchema,
  adminMediaListSchema,
  adminMediaSchema,
  fixMetadataRequestSchema,
  fixMetadataResponseSchema,
  homePicksSchema,
  mediaIdSchema,
  reorderRequestSchema,
} from '../../../shared/schemas/admin';
import { trashListSchema } from '../../../shared/schemas/admin-bulk';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/authorize';
import { presentAdminMedia, presentTrashItem } from '../../presenters/admin-media-presenter';
import { apiKeyRoutes } from './api-keys';
import { bulkMediaRoutes } from './bulk';
import { clientRoutes } from './clients';
import { eventAdminRoutes } from './events';
import { orderAdminRoutes } from './orders';
import { paymentMethodRoutes } from './payment-methods';
import { photosReadyRoutes } from './photos-ready';
import { receiptAdminRoutes } from './receipts';
import { todayRoutes } from './today';
import { mediaVersionRoutes } from './versions';
import { watermarkRoutes } from './watermark';

const idParams = z.object({ id: mediaIdSchema });
const okSchema = z.object({ ok: z.literal(true) });

/**
 * The photographer's panel: user folders and their media, delete to a 30-day trash and restore, the
 * "fix existing files" repair, the main gallery's order and home-page picks, and the "photos ready" e-mail; the bulk
 * actions on many selected items are in bulk.ts.
 * Every route is admin-only, checked on the server before anything else (requireAdmin as onRequest).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { adminMedia: admin, trash } = ctx;
  const present = (records: Parameters<typeof presentAdminMedia>[0][]) =>
    records.map((record) => presentAdminMedia(record, ctx.mediaUrls, trash.purgeAt));

  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    // Signed URLs and private lists: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/admin/folders', { schema: { response: { 200: adminFolderListSchema } } }, () => admin.listFolders());

  app.get(
    '/api/admin/folders/:folder/media',
    { schema: { params: adminFolderParamsSchema, response: { 200: adminMediaListSchema } } },
    async (request) => ({ items: present(await admin.listFolderMedia(request.params.folder)) }),
  );

  app.post(
    '/api/admin/folders/:folder/fix-metadata',
    {
      schema: {
        params: adminFolderParamsSchema,
        body: fixMetadataRequestSchema,
        response: { 200: fixMetadataResponseSchema },
      },
    },
    (request) => admin.fixMetadata(request.params.folder, request.body.after),
  );

  app.delete(
    '/api/admin/media/:id',
    { schema: { params: idParams, response: { 200: adminMediaSchema } } },
    async (request) => {
      const record = await trash.moveToTrash(request.params.id);
      return presentAdminMedia(record, ctx.mediaUrls, trash.purgeAt);
    },
  );

  app.get('/api/admin/trash', { schema: { response: { 200: trashListSchema } } }, async () => ({
    items: (await trash.list()).map((entry) => presentTrashItem(entry, ctx.mediaUrls, trash.purgeAt)),
  }));

  app.post(
    '/api/admin/trash/:id/restore',
    { schema: { params: idParams, response: { 200: okSchema } } },
    async (request) => {
      await trash.restore(request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/admin/main-gallery/order',
    { schema: { body: reorderRequestSchema, response: { 200: okSchema } } },
    async (request) => {
      await admin.reorderMainGallery(request.body.ids);
      return { ok: true as const };
    },
  );

  app.get('/api/admin/home-picks', { schema: { response: { 200: homePicksSchema } } }, () => admin.homePicks());

  app.put(
    '/api/admin/home-picks',
    { schema: { body: homePicksSchema, response: { 200: homePicksSchema } } },
    (request) => admin.setHomePicks(request.body),
  );

  await app.register(apiKeyRoutes, { ctx });
  await app.register(bulkMediaRoutes, { ctx });
  await app.register(clientRoutes, { ctx });
  await app.register(orderAdminRoutes, { ctx });
  await app.register(photosReadyRoutes, { ctx });
  await app.register(eventAdminRoutes, { ctx });
  await app.register(watermarkRoutes, { ctx });
  await app.register(paymentMethodRoutes, { ctx });
  await app.register(receiptAdminRoutes, { ctx });
  await app.register(mediaVersionRoutes, { ctx });
  await app.register(todayRoutes, { ctx });
};
