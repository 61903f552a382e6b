import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { outageAnswer, outageOf } from '../../plugins/error-handler';

const setup = {
  database: z.enum(['sqlite', 'postgres']),
  storage: z.enum(['disk', 's3']),
};

const healthResponse = z.object({
  status: z.literal('ok'),
  ...setup,
  checks: z.object({ database: z.literal('up') }),
});

/** Only whether the database answers: what failed, and where, is for the log. */
const unavailableResponse = z.object({
  status: z.literal('unavailable'),
  ...setup,
  checks: z.object({ database: z.literal('down') }),
  error: z.object({ code: z.string(), message: z.string() }),
});

/**
 * GET /api/health: for load balancers and uptime checks. It touches the database, so a dead one shows: 503 with
 * Retry-After and `checks.database: "down"` while it cannot be reached, 200 again once the pool has reconnected.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponse, 503: unavailableResponse } } },
    async (request, reply) => {
      try {
        return { status: 'ok' as const, ...(await ctx.health.check()), checks: { database: 'up' as const } };
      } catch (error) {
        const outage = outageOf(error);
        if (outage?.code !== 'database-unavailable') throw error;
        request.log.warn({ err: error }, outage.log);
        return {
          status: 'unavailable' as const,
          database: ctx.config.database.kind,
          storage: ctx.config.storage.kind,
          checks: { database: 'down' as const },
          ...outageAnswer(reply, outage),
        };
      }
    },
  );
};
