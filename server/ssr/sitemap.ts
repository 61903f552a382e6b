import type { FastifyInstance } from 'fastify';
import { LANGUAGES } from '../../shared/i18n/languages';
import type { AppContext } from '../context';
import { escapeHtml } from '../html';

/** The public pages every site has; each public competition adds its own. */
const SITE_PAGES = ['/', '/gallery', '/events', '/contact'];

/** `pathname` in `language` (`?lng=`), or without it: the address where the server picks the visitor's language. */
const inLanguage = (publicUrl: string, pathname: string, language: string | null) =>
  `${publicUrl}${pathname}${language ? `?lng=${language}` : ''}`;

/**
 * The sitemap: every public page in every language, each entry naming its versions in the other languages and the
 * `x-default` one, as the pages' own `hreflang` links do.
 */
export function sitemapXml(publicUrl: string, pathnames: string[]): string {
  const urls = pathnames.flatMap((pathname) => {
    const alternates = [
      ...LANGUAGES.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeHtml(inLanguage(publicUrl, pathname, language))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(inLanguage(publicUrl, pathname, null))}"/>`,
    ].join('');
    return LANGUAGES.map(
      (language) => `<url><loc>${escapeHtml(inLanguage(publicUrl, pathname, language))}</loc>${alternates}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled but the API; private pages say `noindex` themselves (a crawler must see it). */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/** GET /sitemap.xml and GET /robots.txt, both with the site's absolute address (PUBLIC_URL). */
export function registerSitemapRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'events'>): void {
  const { publicUrl } = ctx.config;
  app.get('/sitemap.xml', async (_request, reply) => {
    const events = await ctx.events.listPublic();
    const pathnames = [...SITE_PAGES, ...events.map(({ event }) => `/events/${encodeURIComponent(event.slug)}`)];
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(publicUrl, pathnames));
  });
  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );
}
