import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How many pages the server may render for one client address in a window. */
export interface RenderLimit {
  max: number;
  windowMs: number;
}

/**
 * 120 a minute. A person's full page loads are a few a minute (moving around the site is the app's, not the server's),
 * and most public pages come kept, made for an earlier visitor; a crawler walking the sitemap fetches kept pages too,
 * apart from events' pages, which are never kept, at a polite second or more apart. What goes past 120 is a client
 * asking for page after page nobody asked for before, each a render, or many people behind one address (a carrier's
 * NAT on a competition day), who still get a working page (see `createRenderLimit`).
 */
export const DEFAULT_RENDER_LIMIT: RenderLimit = { max: 120, windowMs: 60_000 };

/**
 * Whether the server may render one more page for this request's client address. Counted by @fastify/rate-limit in
 * the shared store (server/plugins/rate-limit-store.ts, one total for all instances), keyed by the address as
 * TRUST_PROXY lets the server see it. Only renders made for this request are counted: a kept page, or one another
 * request is making, costs nothing more.
 *
 * Past the limit the page is sent unrendered, the document the browser renders itself as it does every private page
 * (with its title, description and canonical URL), rather than a 429: whoever reaches the limit by a burst of their
 * own or by sharing an address still gets the page they asked for, a moment slower to draw, and a crawler still reads
 * its head; the server spends on it no render, only a few kilobytes of template (measured: about a sixth of a render's
 * CPU time).
 */
export function createRenderLimit(
  app: FastifyInstance,
  limit: RenderLimit,
): (request: FastifyRequest) => Promise<boolean> {
  // A group of its own: the shared store counts it under `group:page-renders`, apart from every route's limit
  // (createRateLimit's type leaves groupId out, but the plugin passes it on to the store).
  const options: RateLimitOptions = { groupId: 'page-renders', max: limit.max, timeWindow: limit.windowMs };
  const count = app.createRateLimit(options);
  return async (request) => {
    const counted = await count(request);
    return counted.isAllowed || !counted.isExceeded;
  };
}
