import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfoSchema } from '../../../shared/schemas/site';
import type { AppContext } from '../../context';

/** GET /api/site: public settings the pages need (the booking form's address). */
export const siteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/site', { schema: { response: { 200: siteInfoSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { bookingFormUrl: ctx.config.bookingFormUrl ?? null };
  });
};
