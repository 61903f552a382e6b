import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An `onSend` hook for answers that carry one person's data (their account, their acceptance of the terms, their
 * booking) or set their session cookie: no cache, shared or the browser's, may keep them, so the next person on a
 * shared computer or behind the same proxy never gets them. Register it on a route plugin whose every answer is so.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'private, no-store');
}
