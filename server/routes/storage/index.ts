import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireAdmin } from '../../plugins/authorize';
import { presentObject } from '../../presenters/storage-object-presenter';
import { listQuery, listResponse, metadataPatch, objectMetadata, objectParams } from './schema';

/**
 * requireAdmin (run as onRequest, so a visitor gets 401 before any validation) with the storage service's messages
 * for its two codes.
 */
async function requireStorageAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    await requireAdmin(request, reply);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthenticated') {
      throw new AppError('unauthenticated', 'User is not authenticated, please sign in and try again.');
    }
    if (error instanceof AppError && error.code === 'unauthorized') {
      throw new AppError('unauthorized', 'User does not have permission to access the storage.');
    }
    throw error;
  }
}

/**
 * The storage-style API of the original backend, for the admin only. Objects are media items at `<folder>/<name>`
 * paths; the path goes in one URL segment, percent-encoded (`MainGallery%2Fphoto.jpg`).
 *
 *   GET    /api/storage/o?prefix=&delimiter=/&pageToken=&maxResults=1..1000
 *          → { items: ObjectMetadata[], prefixes: string[], nextPageToken?: string }
 *          (prefix '' with delimiter '/' lists the folders as prefixes: "MainGallery/", "dana_cohen@example_com/")
 *   GET    /api/storage/o/:path     → ObjectMetadata
 *   PATCH  /api/storage/o/:path     { contentType?, cacheControl?, contentDisposition?, contentLanguage?,
 *                                     customMetadata?: { key: value | null } } → ObjectMetadata
 *          (null clears a field or removes a custom key; metageneration goes up by one)
 *   DELETE /api/storage/o/:path     → 204: the item, its original and its derivatives, for good
 *
 * ObjectMetadata has the original storage service's fields: bucket, name, fullPath, size, contentType, md5Hash
 * (base64), generation, metageneration, timeCreated, updated, cacheControl, contentDisposition, contentEncoding,
 * contentLanguage, customMetadata. Errors are the storage codes: 401 unauthenticated, 403 unauthorized, 404
 * object-not-found ("Object does not exist"), 400 invalid-argument, 409 conflict (a delete while the item is still
 * processing), 402 quota-exceeded (the storage is full: the service's assertRoomFor refuses an upload past
 * STORAGE_QUOTA_BYTES when tus creates it; a full disk answers 507 disk-full). The whole list, with what
 * a person reads for each, is docs/ERROR-CODES.md.
 * Derivatives (`_derived/`) and `.placeholder` files are never objects here.
 */
export const storageApiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.storageApi;
  const storageConfig = ctx.config.storage;
  const bucket = storageConfig.kind === 's3' ? storageConfig.bucket : path.basename(storageConfig.root);
  const guard = { onRequest: requireStorageAdmin };

  app.get(
    '/api/storage/o',
    { ...guard, schema: { querystring: listQuery, response: { 200: listResponse } } },
    async (request) => {
      const page = await service.list(request.query);
      return {
        items: page.items.map((record) => presentObject(record, bucket)),
        prefixes: page.prefixes,
        ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      };
    },
  );

  app.get(
    '/api/storage/o/:path',
    { ...guard, schema: { params: objectParams, response: { 200: objectMetadata } } },
    async (request) => presentObject(await service.get(request.params.path), bucket),
  );

  app.patch(
    '/api/storage/o/:path',
    { ...guard, schema: { params: objectParams, body: metadataPatch, response: { 200: objectMetadata } } },
    async (request) => presentObject(await service.update(request.params.path, request.body), bucket),
  );

  app.delete('/api/storage/o/:path', { ...guard, schema: { params: objectParams } }, async (request, reply) => {
    await service.delete(request.params.path);
    return reply.code(204).send();
  });
};
