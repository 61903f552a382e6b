import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Config } from '../env';
import { errorBody } from '../errors';
import { escapeHtml } from '../html';
import { registerAdminManifestRoute } from '../ssr/admin-manifest';
import { SERVER_PAGE_ROUTES } from '../ssr/pages';
import { createRenderLimit, DEFAULT_RENDER_LIMIT, type RenderLimit } from '../ssr/render-limit';
import { loadServerRenderer } from '../ssr/renderer';
import { registerSitemapRoutes } from '../ssr/sitemap';
import { registerSocialCardRoute } from '../ssr/social-card';
import { announcePhotographerWrites } from './page-cache';
import { registerStaticFiles } from './static-files';
import { sendPage } from './web-pages';

export interface WebAppOptions {
  /** The folder `npm run build` wrote (dist/): the client build, and the server renderer in its server/ folder. */
  root: string;
  config: Config;
  ctx: AppContext;
  /** How many pages the server renders for one client address per window; DEFAULT_RENDER_LIMIT when not given. */
  renderLimit?: RenderLimit;
}

/**
 * Serves the web app: hashed assets as immutable files, and for every other GET that is not under /api the page.
 * The public pages (/, /gallery, /contact, /events, a public event) are rendered by the server when the build has
 * its renderer; every page gets `<html lang dir>` (from the language cookie, `?lng=` or Accept-Language; always one
 * of ours, never the raw input) and its head tags. Also /sitemap.xml, /robots.txt, the shared-link picture and the
 * admin's web app manifest.
 */
export async function registerWebApp(
  app: FastifyInstance,
  { root, config, ctx, renderLimit = DEFAULT_RENDER_LIMIT }: WebAppOptions,
): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const template = fs.existsSync(indexFile) ? prepareTemplate(fs.readFileSync(indexFile, 'utf8'), config) : null;
  if (!template) app.log.warn({ root }, 'the web app is not built; run `npm run build`');
  const renderer = template ? await loadServerRenderer(root, app.log) : null;
  const cards = ctx.socialCards;
  const pages = ctx.publicPages;
  announcePhotographerWrites(app, ctx.changes);
  const mayRender = createRenderLimit(app, renderLimit);

  await registerStaticFiles(app, root);
  registerSitemapRoutes(app, ctx);
  registerAdminManifestRoute(app);
  registerSocialCardRoute(app, cards);

  const page = (request: FastifyRequest, reply: FastifyReply) =>
    template ? sendPage(request, reply, { template, renderer, ctx, cards, pages, mayRender }) : notBuilt(reply);
  // The public pages get routes of their own: the static handler answers '/' as a directory (403), and for any
  // other address it first looks on disk (a stat and a directory read, through the thread pool, where a crowd's
  // pictures wait too) before it gives up and hands the address to the page handler below.
  for (const route of SERVER_PAGE_ROUTES) app.get(route, page);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !isMissingFile(pathname);
    if (!isPage) {
      return reply.status(404).send(errorBody('not-found', `Nothing is at ${request.method} ${pathname}.`));
    }
    return page(request, reply);
  });
}

function notBuilt(reply: FastifyReply) {
  return reply.status(503).type('text/plain; charset=utf-8').send('The site is not built yet. Run: npm run build');
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * A missing /assets/x.js or /media/… must be a 404, not the page: a browser would try to run HTML as a script or
 * show it as a picture. Any other unknown path, `/old-page.php` or `/index.html` included, gets the page, whose
 * router sends the visitor home.
 */
function isMissingFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || pathname.startsWith('/media/');
}

/** The site's name into the template; the head tags replace its `<title>`. */
function prepareTemplate(html: string, config: Config): string {
  return html.replaceAll('%SITE_NAME%', escapeHtml(config.siteName));
}
