import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactDetailsInputSchema, contactDetailsSchema, siteInfoSchema } from '../../../shared/schemas/site';
import { siteInfo } from '../../answers/site-info';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/authorize';

/**
 * GET /api/site: public settings the pages need (the booking form's address, the photographer's contact details).
 * PUT /api/admin/contact-details: the photographer changes those details.
 */
export const siteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/site', { schema: { response: { 200: siteInfoSchema } } }, async (_request, reply) => {
    const info = await siteInfo(ctx);
    // Short enough that changed contact details reach visitors within a minute; not kept at all while the demo photos
    // are being made, so the gallery stops saying so as soon as they are there.
    reply.header('cache-control', info.demoPreparing ? 'no-cache' : 'public, max-age=60');
    return info;
  });

  app.put(
    '/api/admin/contact-details',
    {
      onRequest: requireAdmin,
      schema: { body: contactDetailsInputSchema, response: { 200: contactDetailsSchema } },
    },
    async (request) => ctx.contactDetails.save(request.body),
  );
};
