import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sessionUserOf } from '../../plugins/authorize';
import { RECEIPT_PAGE_HEADERS, renderReceiptPage } from '../../presenters/receipt-page';

const orderParams = z.object({ id: z.string().uuid('not an order id') });

/**
 * A paid order's receipt as a printable page, for the order's owner (and the photographer). Registered inside the
 * client's proofing routes, so a verified account is needed; another client's order answers 404, an unpaid one 409
 * `receipt-not-issued`.
 */
export const receiptRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/me/orders/:id/receipt', { schema: { params: orderParams } }, async (request, reply) => {
    const receipt = await ctx.receipts.ofOrder(sessionUserOf(request), request.params.id);
    return reply.headers(RECEIPT_PAGE_HEADERS).send(renderReceiptPage(receipt));
  });
};
