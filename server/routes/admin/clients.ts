import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminFolderParamsSchema } from '../../../shared/schemas/admin';
import {
  assignFolderBodySchema,
  clientIdParamsSchema,
  clientListSchema,
  clientSchema,
  createClientBodySchema,
  createdClientSchema,
  removedClientSchema,
  sendInvitationBodySchema,
  sentInvitationSchema,
  updateClientBodySchema,
} from '../../../shared/schemas/clients';
import type { AppContext } from '../../context';

/**
 * The photographer's clients (registered inside adminRoutes, so every route is admin-only and never cached): add a
 * client before they have an account, invite them, change their address, remove them, and give a folder without an
 * owner to one of them.
 */
export const clientRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const clients = ctx.clientsAdmin;

  app.get('/api/admin/clients', { schema: { response: { 200: clientListSchema } } }, () => clients.list());

  app.post(
    '/api/admin/clients',
    { schema: { body: createClientBodySchema, response: { 201: createdClientSchema } } },
    async (request, reply) => reply.code(201).send(await clients.create(request.body)),
  );

  app.patch(
    '/api/admin/clients/:id',
    { schema: { params: clientIdParamsSchema, body: updateClientBodySchema, response: { 200: clientSchema } } },
    (request) => clients.update(request.params.id, request.body),
  );

  app.post(
    '/api/admin/clients/:id/invitation',
    {
      schema: { params: clientIdParamsSchema, body: sendInvitationBodySchema, response: { 200: sentInvitationSchema } },
    },
    (request) => clients.invite(request.params.id, request.body.language),
  );

  app.delete(
    '/api/admin/clients/:id',
    { schema: { params: clientIdParamsSchema, response: { 200: removedClientSchema } } },
    (request) => clients.remove(request.params.id),
  );

  app.put(
    '/api/admin/folders/:folder/owner',
    { schema: { params: adminFolderParamsSchema, body: assignFolderBodySchema, response: { 200: clientSchema } } },
    (request) => clients.assignFolder(request.params.folder, request.body.clientId),
  );
};
