import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  storage: z.enum(['disk', 's3']),
});

/** GET /api/health: for load balancers and uptime checks. It touches the database, so a dead one shows. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/health', { schema: { response: { 200: healthResponse } } }, async () => {
    return { status: 'ok' as const, ...(await ctx.health.check()) };
  });
};
