import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaIdSchema } from '../../../shared/schemas/admin';
import { paymentReportRequestSchema } from '../../../shared/schemas/payments';
import {
  clientOrderListSchema,
  clientOrderSchema,
  orderCreatedSchema,
  pickedItemsSchema,
  picksResponseSchema,
  submitOrderRequestSchema,
} from '../../../shared/schemas/proofing';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../i18n/request-language';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import { presentMedia } from '../../presenters/media-presenter';
import { presentClientOrder, presentOrderCreated, presentPicks } from '../../presenters/order-presenter';
import { receiptRoutes } from './receipts';

const pickParams = z.object({ mediaId: mediaIdSchema });
const orderParams = z.object({ id: z.string().uuid('not an order id') });

/**
 * The client's side of proofing: their picks (GET, PUT and DELETE /api/me/picks…), the picked items as proofs, and
 * their orders (POST sends the selection; GET lists them; a payment they made is reported on its order). Every route
 * needs a verified account and acts only on the folder that account owns; prices are computed by the server
 * (ctx.picks, ctx.orders).
 */
export const proofingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireVerified);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/me/picks', { schema: { response: { 200: picksResponseSchema } } }, async (request) =>
    presentPicks(await ctx.picks.summary(sessionUserOf(request))),
  );

  app.put(
    '/api/me/picks/:mediaId',
    { schema: { params: pickParams, response: { 200: picksResponseSchema } } },
    async (request) => presentPicks(await ctx.picks.pick(sessionUserOf(request), request.params.mediaId)),
  );

  app.delete(
    '/api/me/picks/:mediaId',
    { schema: { params: pickParams, response: { 200: picksResponseSchema } } },
    async (request) => presentPicks(await ctx.picks.unpick(sessionUserOf(request), request.params.mediaId)),
  );

  app.get('/api/me/picks/items', { schema: { response: { 200: pickedItemsSchema } } }, async (request) => {
    const user = sessionUserOf(request);
    const records = await ctx.picks.items(user);
    const folder = ctx.mediaAccess.ownFolder(user);
    const delivery = folder === null ? null : await ctx.mediaAccess.delivery(folder);
    return {
      items: records.map((record) =>
        presentMedia(record, ctx.mediaUrls, { signed: true, proof: !(delivery?.isClean(record.id) ?? false) }),
      ),
    };
  });

  app.post(
    '/api/me/orders',
    { schema: { body: submitOrderRequestSchema, response: { 200: orderCreatedSchema, 201: orderCreatedSchema } } },
    async (request, reply) => {
      const { order, created } = await ctx.orders.submit(sessionUserOf(request), {
        note: request.body.note,
        language: requestLanguage(request),
      });
      // Sending the same selection again is not an error: it answers the order the first send made.
      reply.code(created ? 201 : 200);
      return presentOrderCreated(order);
    },
  );

  app.get('/api/me/orders', { schema: { response: { 200: clientOrderListSchema } } }, async (request) => ({
    orders: (await ctx.orders.listForClient(sessionUserOf(request))).map(presentClientOrder),
  }));

  app.post(
    '/api/me/orders/:id/payment-report',
    { schema: { params: orderParams, body: paymentReportRequestSchema, response: { 200: clientOrderSchema } } },
    async (request) =>
      presentClientOrder(
        await ctx.orders.detailsOf(await ctx.payments.report(sessionUserOf(request), request.params.id, request.body)),
      ),
  );
  await app.register(receiptRoutes, { ctx });
};
