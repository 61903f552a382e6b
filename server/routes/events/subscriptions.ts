import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventSlugSchema } from '../../../shared/schemas/events';
import {
  riderSubscriptionAcceptedSchema,
  riderSubscriptionBodySchema,
  riderSubscriptionTokenQuerySchema,
} from '../../../shared/schemas/rider-subscriptions';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../i18n/request-language';
import { noStore } from '../../plugins/no-store';
import type { SubscriptionLanding } from '../../services/events/rider-subscriptions';

/** A rider subscribes to a number or two at a show; more than this from one address in an hour is not a rider. */
const REQUESTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

/** Where a subscription link lands: the event's page (or the list, when the link named no event) with the outcome. */
function landingPath({ event, outcome }: SubscriptionLanding): string {
  const query = new URLSearchParams({ subscription: outcome });
  if (event?.key) query.set('key', event.key);
  return `${event ? `/events/${encodeURIComponent(event.slug)}` : '/events'}?${query}`;
}

/**
 * "Tell me when my photos are ready" (services/events/rider-subscriptions.ts): the request on an event's page, and
 * the two links its e-mails carry, which need no sign-in. A link opened lands on the event's page, which says what
 * happened.
 */
export const riderSubscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onSend', noStore);

  app.post(
    '/api/events/:slug/subscriptions',
    {
      config: { rateLimit: { max: REQUESTS_PER_HOUR, timeWindow: HOUR_MS } },
      schema: {
        params: z.object({ slug: eventSlugSchema }),
        body: riderSubscriptionBodySchema,
        response: { 202: riderSubscriptionAcceptedSchema },
      },
    },
    async (request, reply) => {
      const { number, email, key } = request.body;
      await ctx.riderSubscriptions.subscribe({
        slug: request.params.slug,
        key,
        number,
        email,
        language: requestLanguage(request),
      });
      return reply.status(202).send({ status: 'check-your-email' });
    },
  );

  app.get(
    '/api/subscriptions/confirm',
    {
      config: { rateLimit: { max: REQUESTS_PER_HOUR * 6, timeWindow: HOUR_MS } },
      schema: { querystring: riderSubscriptionTokenQuerySchema },
    },
    async (request, reply) => {
      return reply.redirect(landingPath(await ctx.riderSubscriptions.confirm(request.query.token)), 303);
    },
  );

  app.get(
    '/api/subscriptions/unsubscribe',
    {
      config: { rateLimit: { max: REQUESTS_PER_HOUR * 6, timeWindow: HOUR_MS } },
      schema: { querystring: riderSubscriptionTokenQuerySchema },
    },
    async (request, reply) => {
      return reply.redirect(landingPath(await ctx.riderSubscriptions.unsubscribe(request.query.token)), 303);
    },
  );
};
