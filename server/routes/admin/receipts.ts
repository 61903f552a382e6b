import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessDetailsAnswerSchema,
  businessDetailsInputSchema,
  receiptListQuerySchema,
  receiptListSchema,
  receiptYearSchema,
} from '../../../shared/schemas/receipts';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../i18n/request-language';
import { RECEIPT_PAGE_HEADERS, renderReceiptPage } from '../../presenters/receipt-page';
import { presentReceiptList, receiptsCsv } from '../../presenters/receipt-presenter';

const receiptParams = z.object({ year: receiptYearSchema, number: z.coerce.number().int().positive().max(999_999) });

/**
 * The photographer's side of receipts (registered inside the admin routes, so admin-only): the business details
 * printed on them, a year's receipts as a list and as a CSV file for the accountant, and any receipt's page.
 */
export const receiptAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/admin/business', { schema: { response: { 200: businessDetailsAnswerSchema } } }, async () => ({
    details: await ctx.receipts.businessDetails(),
  }));

  app.put(
    '/api/admin/business',
    { schema: { body: businessDetailsInputSchema, response: { 200: businessDetailsAnswerSchema } } },
    async (request) => ({ details: await ctx.receipts.saveBusinessDetails(request.body) }),
  );

  app.get(
    '/api/admin/receipts',
    { schema: { querystring: receiptListQuerySchema, response: { 200: receiptListSchema } } },
    async (request) => presentReceiptList(await ctx.receipts.ofYear(request.query.year)),
  );

  app.get('/api/admin/receipts.csv', { schema: { querystring: receiptListQuerySchema } }, async (request, reply) => {
    const { year, receipts } = await ctx.receipts.ofYear(request.query.year);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="receipts-${year}.csv"`)
      .send(receiptsCsv(receipts, requestLanguage(request)));
  });

  app.get('/api/admin/receipts/:year/:number', { schema: { params: receiptParams } }, async (request, reply) => {
    const receipt = await ctx.receipts.byNumber(request.params);
    return reply.headers(RECEIPT_PAGE_HEADERS).send(renderReceiptPage(receipt));
  });
};
