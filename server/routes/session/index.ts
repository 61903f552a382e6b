import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_PATH } from '../../../shared/api-paths';
import { sessionResponseSchema } from '../../../shared/schemas/session';
import type { AppContext } from '../../context';
import { getSessionUser } from '../../plugins/authorize';

/**
 * GET /api/session: the signed-in user `{ id, email, name, isAdmin, folder }`, or null. The navigation bar uses it;
 * `isAdmin` only decides what the browser shows, every admin route checks again.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(SESSION_PATH, { schema: { response: { 200: sessionResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getSessionUser(request);
  });
};
