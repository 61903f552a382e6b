import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER_HEADER = /^Bearer\s/i;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for every state-changing request (POST, PUT, PATCH, DELETE…): it must come from the site's own
 * origin, PUBLIC_URL. Browsers send `Origin` on such requests; when it is absent, `Referer` stands in. A request
 * carrying neither is refused as well, so scripts and tests must send `Origin: <PUBLIC_URL>`.
 * When developing with the Vite dev server, set PUBLIC_URL to the dev server's address.
 *
 * A request with an `Authorization: Bearer` header passes: it is judged by its key alone, never by a cookie
 * (server/plugins/authorize.ts), so a forged cross-site request gains nothing from the visitor's session; and a page
 * of another site cannot add that header without a CORS preflight, which this server never grants.
 */
export function registerSameOrigin(app: FastifyInstance, publicUrl: string): void {
  const expected = new URL(publicUrl).origin;
  // Synchronous: an async hook costs every request, reads included, a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || BEARER_HEADER.test(request.headers.authorization ?? '')) return done();
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (origin !== expected)
      return done(new AppError('forbidden-origin', 'This request must come from the site itself.'));
    done();
  });
}
