import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/schemas/session';
import { AppError } from '../errors';

/**
 * Authorization for every route. The server decides; the browser's `isAdmin` only chooses what to show.
 *
 * Use it like this in a route plugin:
 *
 *   import { requireAdmin, requireUser, sessionUserOf } from '../../plugins/authorize';
 *
 *   app.get('/api/me/media', { onRequest: requireUser }, async (request) => {
 *     const user = sessionUserOf(request);      // the signed-in user, already loaded by requireUser
 *     return service.list(user.folder);
 *   });
 *   app.delete('/api/admin/media/:id', { onRequest: requireAdmin }, handler);
 *
 * Use the `onRequest` hook (not preHandler): it runs before body validation, so an anonymous visitor gets 401,
 * never a 400 that would reveal the route's schema.
 * - `requireUser`: 401 `unauthenticated` without a valid session (none, expired, signed out or revoked).
 * - `requireVerified`: 401 as above, then 403 `email-not-verified` until the address is proven (private galleries).
 * - `requireAdmin`: 401 as above, then 403 `unauthorized` unless the user's e-mail is ADMIN_EMAIL; every answer of an
 *   admin route says `Cache-Control: no-store`.
 * - `getSessionUser(request)`: the user or null, for routes open to everyone that vary by visitor.
 * Add a row for every new route to server/test/route-access.ts; the authorization matrix test fails otherwise.
 */
type SessionResolver = (headers: Headers) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Installed by registerAuthorization; use the helpers of server/plugins/authorize.ts instead. */
    resolveSessionUser: SessionResolver;
  }
}

const loading = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
const loaded = new WeakMap<FastifyRequest, SessionUser>();

/** Installs the session lookup on the root instance (buildApp does this once, before any route). */
export function registerAuthorization(app: FastifyInstance, resolve: SessionResolver): void {
  app.decorate('resolveSessionUser', resolve);
}

/** The request's user or null; looked up once per request, however many times it is asked. */
export function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = loading.get(request);
  if (!pending) {
    pending = request.server.resolveSessionUser(fromNodeHeaders(request.headers)).then((user) => {
      if (user) loaded.set(request, user);
      return user;
    });
    loading.set(request, pending);
  }
  return pending;
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError('unauthenticated', 'Please sign in to continue.');
}

/** Like requireUser, then 403 `email-not-verified` until the account has proven its address. */
export async function requireVerified(request: FastifyRequest): Promise<void> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError('unauthenticated', 'Please sign in to continue.');
  if (!user.emailVerified) {
    throw new AppError('email-not-verified', 'Please confirm your e-mail address first: open the link we sent you.');
  }
}

/** Admin answers (lists of clients, signed URLs, agreements) are never kept by any cache; a route may say more. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  const user = await getSessionUser(request);
  if (!user) throw new AppError('unauthenticated', 'Please sign in to continue.');
  if (!user.isAdmin) throw new AppError('unauthorized', 'Not authorized.');
}

/** Whether the admin made this request, as far as its route looked the session up (never a lookup of its own). */
export function madeByAdmin(request: FastifyRequest): boolean {
  return loaded.get(request)?.isAdmin === true;
}

/** The user a `requireUser` or `requireAdmin` hook loaded. Calling it on an unguarded route is a bug. */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  const user = loaded.get(request);
  if (!user) throw new Error('sessionUserOf() needs requireUser or requireAdmin as the route onRequest hook');
  return user;
}
