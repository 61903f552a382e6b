import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminFolderParamsSchema } from '../../../shared/schemas/admin';
import {
  adminOrderListSchema,
  adminOrderPatchSchema,
  clientOrderSchema,
  folderModeRequestSchema,
  folderModeResponseSchema,
  orderStatusSchema,
} from '../../../shared/schemas/proofing';
import type { AppContext } from '../../context';
import { sendZip } from '../../http/send-zip';
import { requestLanguage } from '../../i18n/request-language';
import { presentAdminOrder, presentClientOrder } from '../../presenters/order-presenter';

const orderParams = z.object({ id: z.string().uuid('not an order id') });
const listQuery = z.object({ status: orderStatusSchema.optional() });

/**
 * The photographer's side of proofing (registered inside the admin routes, so admin-only): a gallery's mode, the
 * orders tab, each order's steps, and the picked originals as one ZIP for editing.
 */
export const orderAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.patch(
    '/api/admin/folders/:folder',
    {
      schema: {
        params: adminFolderParamsSchema,
        body: folderModeRequestSchema,
        response: { 200: folderModeResponseSchema },
      },
    },
    (request) => ctx.galleryModes.setMode(request.params.folder, request.body.mode),
  );

  app.get(
    '/api/admin/orders',
    { schema: { querystring: listQuery, response: { 200: adminOrderListSchema } } },
    async (request) => {
      // The photographer's e-mails follow the language they use the panel in.
      await ctx.orders.rememberAdminLanguage(requestLanguage(request));
      const orders = await ctx.orders.listForAdmin(request.query.status);
      return { orders: orders.map((order) => presentAdminOrder(order, ctx.mediaUrls)) };
    },
  );

  app.patch(
    '/api/admin/orders/:id',
    { schema: { params: orderParams, body: adminOrderPatchSchema, response: { 200: clientOrderSchema } } },
    async (request) => presentClientOrder(await ctx.orders.update(request.params.id, request.body)),
  );

  app.get(
    '/api/admin/orders/:id/archive',
    { schema: { params: orderParams }, compress: false },
    async (request, reply) => {
      const { order, records } = await ctx.orders.pickedOriginals(request.params.id);
      const day = order.createdAt.slice(0, 10);
      const archive = ctx.archives.ofRecords(records, `${order.folder}-order-${day}.zip`);
      return sendZip(request, reply, archive, archive.fileName);
    },
  );
};
