import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaIdSchema } from '../../../shared/schemas/admin';
import { mediaVersionListSchema, mediaVersionParamsSchema } from '../../../shared/schemas/media-versions';
import type { AppContext } from '../../context';
import { presentMediaVersion } from '../../presenters/media-version-presenter';

/**
 * The previous originals edited versions replaced (registered inside the admin routes, so admin-only): listed for 30
 * days, and restorable. A restore is queued: the item shows its present original until the restored one's
 * derivatives are made, then both swap at once (202).
 */
export const mediaVersionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const versions = ctx.mediaVersions;

  app.get(
    '/api/admin/media/:id/versions',
    { schema: { params: z.object({ id: mediaIdSchema }), response: { 200: mediaVersionListSchema } } },
    async (request) => ({
      items: (await versions.versionsOf(request.params.id)).map((version) =>
        presentMediaVersion(version, versions.purgeAt),
      ),
    }),
  );

  app.post(
    '/api/admin/media/:id/versions/:versionId/restore',
    { schema: { params: mediaVersionParamsSchema, response: { 202: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      await versions.restore(request.params.id, request.params.versionId);
      return reply.code(202).send({ ok: true as const });
    },
  );
};
