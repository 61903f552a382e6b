import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaIdSchema } from '../../../shared/schemas/admin';
import { eventOrderRequestSchema, eventSlugSchema } from '../../../shared/schemas/events';
import { orderCreatedSchema, picksResponseSchema } from '../../../shared/schemas/proofing';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../i18n/request-language';
import { requireVerified, sessionUserOf } from '../../plugins/authorize';
import { presentOrderCreated, presentPicks } from '../../presenters/order-presenter';

const slugParams = z.object({ slug: eventSlugSchema });
const pickParams = slugParams.extend({ mediaId: mediaIdSchema });
const keyQuery = z.object({ key: z.string().max(64).optional() });

/**
 * Buying from a competition's page, for a verified client: picks of its photos (priced like picks anywhere, without
 * the booking deposit) or the whole entry (the price per entry plus each additional horse in the heat). Either way
 * it is an order like the others; once delivered, the photos are copied into the client's own gallery.
 */
export const eventBuyingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireVerified);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/events/:slug/picks',
    { schema: { params: slugParams, querystring: keyQuery, response: { 200: picksResponseSchema } } },
    async (request) => {
      const scope = await ctx.events.pickScope(request.params.slug, request.query.key);
      return presentPicks(await ctx.picks.summary(sessionUserOf(request), scope));
    },
  );

  // PUT picks a photo of the event's page, DELETE unpicks it: the same scope and answer, one call apart.
  for (const [method, change] of [
    ['PUT', 'pick'],
    ['DELETE', 'unpick'],
  ] as const) {
    app.route({
      method,
      url: '/api/events/:slug/picks/:mediaId',
      schema: { params: pickParams, querystring: keyQuery, response: { 200: picksResponseSchema } },
      async handler(request) {
        const scope = await ctx.events.pickScope(request.params.slug, request.query.key);
        return presentPicks(await ctx.picks[change](sessionUserOf(request), request.params.mediaId, scope));
      },
    });
  }

  app.post(
    '/api/events/:slug/orders',
    {
      schema: {
        params: slugParams,
        body: eventOrderRequestSchema,
        response: { 200: orderCreatedSchema, 201: orderCreatedSchema },
      },
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const { note, entryId, key } = request.body;
      const language = requestLanguage(request);
      const { order, created } = entryId
        ? await ctx.orders.submitEntry(user, {
            ...(await ctx.events.wholeEntry(request.params.slug, entryId, key)),
            note,
            language,
          })
        : await (async () => {
            const scope = await ctx.events.pickScope(request.params.slug, key);
            return ctx.orders.submit(user, { note, language, scope, eventId: scope.eventId });
          })();
      reply.code(created ? 201 : 200);
      return presentOrderCreated(order);
    },
  );
};
