import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingListSchema,
  bookingRequestBodySchema,
  bookingStatusBodySchema,
  bookingViewSchema,
  NOTICE_KINDS,
  noticeCountsSchema,
} from '../../../shared/schemas/booking';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../i18n/request-language';
import { requireAdmin, requireUser, requireVerified, sessionUserOf } from '../../plugins/authorize';
import { noStore } from '../../plugins/no-store';
import { presentBooking } from '../../presenters/booking-presenter';

/** A person books a few competitions a season; more than this from one address in an hour is not a person. */
const REQUESTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

const bookingParams = z.object({ id: z.string().uuid('not a booking id') });
const noticeParams = z.object({ kind: z.enum(NOTICE_KINDS) });

/**
 * Booking requests: a signed-in client with a proven address who accepted the terms sends one and sees their own; the
 * photographer lists them all and answers each (new → confirmed or declined). Also the counts of news behind the
 * panel's badges. An unproven address gets nothing sent on its behalf: a request mails a confirmation to it.
 */
export const bookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A booking holds the client's phone and e-mail; the counts are the photographer's.
  app.addHook('onSend', noStore);
  app.post(
    '/api/bookings',
    {
      onRequest: requireVerified,
      config: { rateLimit: { max: REQUESTS_PER_HOUR, timeWindow: HOUR_MS } },
      schema: { body: bookingRequestBodySchema, response: { 201: bookingViewSchema } },
    },
    async (request, reply) => {
      const record = await ctx.bookings.request(sessionUserOf(request), request.body);
      return reply.status(201).send(presentBooking(record));
    },
  );

  app.get(
    '/api/me/bookings',
    { onRequest: requireUser, schema: { response: { 200: bookingListSchema } } },
    async (request) => ({ items: (await ctx.bookings.listOwn(sessionUserOf(request))).map(presentBooking) }),
  );

  app.get(
    '/api/admin/bookings',
    { onRequest: requireAdmin, schema: { response: { 200: bookingListSchema } } },
    async () => ({
      items: (await ctx.bookings.listAll()).map(presentBooking),
    }),
  );

  app.patch(
    '/api/admin/bookings/:id',
    {
      onRequest: requireAdmin,
      schema: { params: bookingParams, body: bookingStatusBodySchema, response: { 200: bookingViewSchema } },
    },
    async (request) => presentBooking(await ctx.bookings.setStatus(request.params.id, request.body.status)),
  );

  app.get(
    '/api/admin/notices',
    { onRequest: requireAdmin, schema: { response: { 200: noticeCountsSchema } } },
    async (request) => {
      // The panel asks for these as it opens: the photographer's e-mails follow the language they use it in.
      await ctx.notices.rememberLanguage(requestLanguage(request));
      return ctx.notices.counts();
    },
  );

  app.post(
    '/api/admin/notices/:kind/seen',
    { onRequest: requireAdmin, schema: { params: noticeParams, response: { 200: noticeCountsSchema } } },
    async (request) => {
      await ctx.notices.markSeen(request.params.kind);
      return ctx.notices.counts();
    },
  );
};
