import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  knownUploadsBodySchema,
  knownUploadsSchema,
} from '../../../shared/schemas/api-keys';
import type { AppContext } from '../../context';
import { presentApiKey } from '../../presenters/api-key-presenter';

/**
 * The sync command's side of the panel (inside adminRoutes, so admin-only, by session or by key): the API keys it
 * signs in with, made (the key in the answer, once), listed and revoked; and its question of which files a folder
 * or an event already has.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/admin/api-keys',
    { schema: { body: createApiKeyBodySchema, response: { 201: createdApiKeySchema } } },
    async (request, reply) => reply.code(201).send(await ctx.apiKeys.create(request.body.name)),
  );

  app.get('/api/admin/api-keys', { schema: { response: { 200: apiKeyListSchema } } }, async () => ({
    keys: (await ctx.apiKeys.list()).map(presentApiKey),
  }));

  app.delete('/api/admin/api-keys/:id', { schema: { params: apiKeyParamsSchema } }, async (request, reply) => {
    await ctx.apiKeys.revoke(request.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/api/admin/uploads/known',
    { schema: { body: knownUploadsBodySchema, response: { 200: knownUploadsSchema } } },
    async (request) => {
      const { md5, ...target } = request.body;
      return { known: await ctx.knownUploads.known(target, md5) };
    },
  );
};
