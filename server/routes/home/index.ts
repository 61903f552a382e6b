import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOME_PATH } from '../../../shared/api-paths';
import { homeResponseSchema } from '../../../shared/schemas/media';
import { homeAnswer } from '../../answers/home-answer';
import type { AppContext } from '../../context';

/** GET /api/home: the hero video and three featured images, public (they are main-gallery items). */
export const homeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(HOME_PATH, { schema: { response: { 200: homeResponseSchema } } }, async (_request, reply) => {
    const answer = await homeAnswer(ctx);
    // Short shared caching: the picks change rarely, and a new upload shows within a minute.
    reply.header('cache-control', 'public, max-age=60');
    return answer;
  });
};
