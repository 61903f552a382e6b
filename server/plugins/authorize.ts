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
 *
 * API keys: a request with `Authorization: Bearer <key>` is judged by its key alone, never by a cookie it may also
 * carry. A valid, unrevoked key acts as the admin on admin routes (requireAdmin: the admin API and the tus uploads);
 * a wrong or revoked key is 401 `unauthenticated` there. Everywhere else a key is no session: the request is treated
 * as an anonymous visitor's, so a key opens the admin API and nothing a client's session opens.
 * Add a row for every new route to server/test/route-access.ts; the authorization matrix test fails otherwise.
 */
interface CallerResolvers {
  /** The user behind the session cookie, or null. */
  session: (headers: Headers) => Promise<SessionUser | null>;
  /** The user an API key acts as (the admin), or null for a wrong or revoked key. */
  apiKey: (key: string) => Promise<SessionUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Installed by registerAuthorization; use the helpers of server/plugins/authorize.ts instead. */
    resolveCaller: CallerResolvers;
  }
}

/** Who made a request: a session's user, or the user an API key acts as. */
interface Caller {
  user: SessionUser;
  by: 'session' | 'key';
}

const loading = new WeakMap<FastifyRequest, Promise<Caller | null>>();
const loaded = new WeakMap<FastifyRequest, SessionUser>();

/** Installs the session and key lookups on the root instance (buildApp does this once, before any route). */
export function registerAuthorization(app: FastifyInstance, resolvers: CallerResolvers): void {
  app.decorate('resolveCaller', resolvers);
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The key of an `Authorization: Bearer <key>` header; '' for a malformed one; null without the header. */
export function bearerKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  return BEARER.exec(header)?.[1] ?? '';
}

/** The request's caller or null; looked up once per request, however many times it is asked. */
function callerOf(request: FastifyRequest): Promise<Caller | null> {
  let pending = loading.get(request);
  if (!pending) {
    const key = bearerKeyOf(request);
    const resolvers = request.server.resolveCaller;
    const lookup: Promise<Caller | null> =
      key !== null
        ? (key === '' ? Promise.resolve(null) : resolvers.apiKey(key)).then((user) => user && { user, by: 'key' })
        : resolvers.session(fromNodeHeaders(request.headers)).then((user) => user && { user, by: 'session' });
    // A key's user counts as loaded only once requireAdmin accepted it (elsewhere a key is no session).
    pending = lookup.then((caller) => {
      if (caller?.by === 'session') loaded.set(request, caller.user);
      return caller;
    });
    loading.set(request, pending);
  }
  return pending;
}

/** The request's signed-in user or null (a request with an API key has no session: null). */
export async function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const caller = await callerOf(request);
  return caller?.by === 'session' ? caller.user : null;
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
  const caller = await callerOf(request);
  if (!caller) throw new AppError('unauthenticated', 'Please sign in to continue.');
  if (!caller.user.isAdmin) throw new AppError('unauthorized', 'Not authorized.');
  loaded.set(request, caller.user);
}

/** Whether the admin made this request, as far as its route looked the caller up (never a lookup of its own). */
export function madeByAdmin(request: FastifyRequest): boolean {
  return loaded.get(request)?.isAdmin === true;
}

/** The user a `requireUser` or `requireAdmin` hook loaded. Calling it on an unguarded route is a bug. */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  const user = loaded.get(request);
  if (!user) throw new Error('sessionUserOf() needs requireUser or requireAdmin as the route onRequest hook');
  return user;
}
