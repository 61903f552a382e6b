import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayCountsSchema } from '../../../shared/schemas/today';
import type { AppContext } from '../../context';
import { presentToday } from '../../presenters/today-presenter';

/** The admin's Today page: what waits for the photographer, counted. Registered inside the admin routes, behind requireAdmin. */
export const todayRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/admin/today', { schema: { response: { 200: todayCountsSchema } } }, async () =>
    presentToday(await ctx.today.counts()),
  );
};
