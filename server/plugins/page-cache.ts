import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../cache/change-feed';
import { PUBLIC_PAGES_TOPIC } from '../cache/public-pages';
import { UPLOAD_PATH } from '../uploads/tus-uploads';
import { madeByAdmin } from './authorize';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Announces every successful write by the photographer, just before it is answered, so the kept public pages
 * (server/cache/public-pages.ts) are dropped on every instance: whoever the photographer tells next already sees it.
 * The tus upload chunks are left out: an upload changes no page until its item is ready, and that is announced as a
 * gallery change.
 */
export function announcePhotographerWrites(app: FastifyInstance, changes: Pick<ChangeFeed, 'publish'>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (WRITES.has(request.method) && reply.statusCode < 400 && madeByAdmin(request)) {
      if (!request.url.startsWith(UPLOAD_PATH)) changes.publish(PUBLIC_PAGES_TOPIC, 'admin');
    }
    return payload;
  });
}
