import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { galleryPageUrl, HOME_PATH, PUBLIC_GALLERY_PATH, SESSION_PATH } from '../../shared/api-paths';
import { directionOf, LANGUAGE_STORAGE_KEY, resolveLanguage } from '../../shared/i18n/languages';
import type { Config } from '../env';
import { errorBody } from '../errors';
import { escapeHtml } from '../html';

export interface WebAppOptions {
  /** The folder `vite build` wrote (dist/). */
  root: string;
  config: Config;
}

/**
 * Serves the built single-page app: hashed assets as immutable files, and index.html for every other GET that is
 * not under /api. index.html is rendered per request with `<html lang dir>` already set from the language cookie,
 * `?lng=` or Accept-Language, so the first paint is in the right direction. The language value written into the
 * page is always one of ours, never the raw input.
 */
export async function registerWebApp(app: FastifyInstance, { root, config }: WebAppOptions): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const template = fs.existsSync(indexFile) ? prepareTemplate(fs.readFileSync(indexFile, 'utf8'), config) : null;
  if (!template) app.log.warn({ root }, 'the web app is not built; run `npm run build`');

  if (fs.existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      wildcard: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, filePath) {
        const relative = path.relative(root, filePath);
        res.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The static handler answers '/' as a directory (403), so the home page gets its own route.
  app.get('/', (request, reply) => (template ? sendPage(request, reply, template) : notBuilt(reply)));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && !isMissingFile(pathname);
    if (!isPage) {
      return reply.status(404).send(errorBody('not-found', `Nothing is at ${request.method} ${pathname}.`));
    }
    return template ? sendPage(request, reply, template) : notBuilt(reply);
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

function prepareTemplate(html: string, config: Config): string {
  const siteName = escapeHtml(config.siteName);
  return html.replaceAll('%SITE_NAME%', siteName);
}

/**
 * The API answers a page asks for as soon as its script runs. Announced in the HTML, they are fetched while the
 * scripts download instead of after (the gallery's first tiles waited ~0.7 s for its scripts and the session check).
 * Only a plain first view (no parameter but the language): other pages and filters are asked for by the app.
 */
function preloadsFor(pathname: string, search: string): string[] {
  const params = new URLSearchParams(search);
  params.delete('lng');
  const plain = params.size === 0;
  const urls = [SESSION_PATH];
  if (pathname === '/' && plain) urls.push(HOME_PATH);
  if (pathname === '/gallery' && plain) urls.push(galleryPageUrl(PUBLIC_GALLERY_PATH, 'all', 1));
  return urls;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, template: string) {
  const query = request.query as Record<string, unknown> | undefined;
  const [pathname = '/', search = ''] = request.url.split('?');
  const language = resolveLanguage({
    cookie: request.cookies?.[LANGUAGE_STORAGE_KEY],
    query: typeof query?.lng === 'string' ? query.lng : null,
    acceptLanguage: request.headers['accept-language'],
  });
  // `crossorigin` gives the preload the mode and credentials of the app's own fetch, so the browser reuses it.
  const links = preloadsFor(pathname, search)
    .map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin>`)
    .join('');
  const html = template
    .replace(/<html[^>]*>/, `<html lang="${language}" dir="${directionOf(language)}">`)
    .replace('</head>', `${links}</head>`);
  return reply
    .status(200)
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie, Accept-Language')
    .type('text/html; charset=utf-8')
    .send(html);
}
