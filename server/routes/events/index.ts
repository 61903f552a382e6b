import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  entryPhotosSchema,
  eventSearchQuerySchema,
  eventSearchResponseSchema,
  eventSlugSchema,
  publicEventListSchema,
  publicEventSchema,
} from '../../../shared/schemas/events';
import { publicEventList, publicEventPage } from '../../answers/event-answers';
import type { AppContext } from '../../context';
import { presentEntryResult, presentEventProof } from '../../presenters/event-presenter';
import { eventBuyingRoutes } from './buying';
import { riderSubscriptionRoutes } from './subscriptions';

const slugParams = z.object({ slug: eventSlugSchema });
const keyQuery = z.object({ key: z.string().max(64).optional() });

/**
 * The public side of competitions: the list of public events, an event's page (an unlisted one with its `key`), and
 * "find my photos" by start number, rider or horse. Hidden events and hidden entries answer nothing; a search lists
 * only the entries it matched, with watermarked proofs under proof-only signatures.
 */
export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/events', { schema: { response: { 200: publicEventListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return { events: await publicEventList(ctx) };
  });

  app.get(
    '/api/events/:slug',
    { schema: { params: slugParams, querystring: keyQuery, response: { 200: publicEventSchema } } },
    async (request, reply) => {
      const event = await publicEventPage(ctx, request.params.slug, request.query.key);
      // Signed proof URLs inside, and an unlisted event's key in the request: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      if (!event.indexable) reply.header('x-robots-tag', 'noindex');
      return event;
    },
  );

  app.get(
    '/api/events/:slug/search',
    {
      schema: { params: slugParams, querystring: eventSearchQuerySchema, response: { 200: eventSearchResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('x-robots-tag', 'noindex');
      const matches = await ctx.events.search(request.params.slug, request.query.q, request.query.key);
      return { entries: matches.map((match) => presentEntryResult(match, ctx.mediaUrls)) };
    },
  );

  app.get(
    '/api/events/:slug/entries/:entryId/photos',
    {
      schema: {
        params: slugParams.extend({ entryId: z.string().uuid('not an entry id') }),
        querystring: keyQuery,
        response: { 200: entryPhotosSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('x-robots-tag', 'noindex');
      const { slug, entryId } = request.params;
      const records = await ctx.events.entryPhotos(slug, entryId, request.query.key);
      return { items: records.map((record) => presentEventProof(record, ctx.mediaUrls)) };
    },
  );

  await app.register(eventBuyingRoutes, { ctx });
  await app.register(riderSubscriptionRoutes, { ctx });
};
