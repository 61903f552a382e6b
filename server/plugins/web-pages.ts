import type { FastifyReply, FastifyRequest } from 'fastify';
import { galleryPageUrl, HOME_PATH, PUBLIC_GALLERY_PATH, SESSION_PATH, VIEWER_HEADER } from '../../shared/api-paths';
import { readGalleryUrl } from '../../shared/gallery-url';
import {
  directionOf,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_STORAGE_KEY,
  type Language,
  resolveLanguage,
} from '../../shared/i18n/languages';
import type { SessionUser } from '../../shared/schemas/session';
import type { PublicPageCache } from '../cache/public-pages';
import { sendAnswer } from '../cache/send-answer';
import type { AppContext } from '../context';
import { escapeHtml } from '../html';
import { readNamespace } from '../i18n/locale-files';
import { headTags } from '../ssr/head-tags';
import { loadPageData } from '../ssr/page-data';
import { PAGE_SOURCES, pageParams, type ServerPage, serverPageOf } from '../ssr/pages';
import type { ServerRenderer } from '../ssr/renderer';
import type { SocialCards } from '../ssr/social-card';
import { getSessionUser } from './authorize';

/**
 * The API answers a page the browser renders asks for as soon as its script runs. Announced in the HTML, they are
 * fetched while the scripts download instead of after (the gallery's first tiles waited ~0.7 s for its scripts and
 * the session check). Only a plain first view (no parameter but the language); a server-rendered page carries its
 * answers, the session's included, so it announces none.
 */
function preloadsFor(pathname: string, params: URLSearchParams, rendered: boolean): string[] {
  if (rendered) return [];
  const urls = [SESSION_PATH];
  if (params.size > 0) return urls;
  if (pathname === '/') urls.push(HOME_PATH);
  if (pathname === '/gallery') urls.push(galleryPageUrl(PUBLIC_GALLERY_PATH, 'all', 1));
  return urls;
}

/**
 * Where a request is: its path, and the parameters it is made from. A public page is made from the parameters it
 * reads and nothing else (`pageParams`, server/ssr/pages.ts), and kept under those, so what it shows can depend on
 * nothing its key leaves out.
 */
interface PageAddress {
  pathname: string;
  params: URLSearchParams;
}

/** Which public page `url` is, if any, and its address. */
function addressOf(url: string): { page: ServerPage | null; address: PageAddress } {
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const search = at < 0 ? '' : url.slice(at + 1);
  const page = serverPageOf(pathname);
  return { page, address: { pathname, params: page ? pageParams(page, search) : new URLSearchParams(search) } };
}

/** The parameters that make a page a page of its own, for its canonical URL: the gallery's filter and page. */
function ownParams(page: ServerPage | null, gallery: { type: string; page: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (page?.name !== 'gallery') return params;
  if (gallery.type !== 'all') params.set('type', gallery.type);
  if (gallery.page !== 1) params.set('page', String(gallery.page));
  return params;
}

/** The texts of the first page in `language`, and the competitions' too on their pages. */
function pageTexts(renderer: ServerRenderer, language: Language, page: ServerPage) {
  const namespaces = [...renderer.firstPageNamespaces];
  if (page.name === 'events' || page.name === 'event') namespaces.push('events');
  return Object.fromEntries(namespaces.map((ns) => [ns, readNamespace(language, ns) as Record<string, unknown>]));
}

export interface PageContext {
  template: string;
  renderer: ServerRenderer | null;
  ctx: AppContext;
  cards: SocialCards;
  pages: PublicPageCache;
  /** Whether the server may render one more page for this request's client address (server/ssr/render-limit.ts). */
  mayRender: (request: FastifyRequest) => Promise<boolean>;
}

/** A page as it is sent: its markup and status, and whether search engines may index it. */
interface BuiltPage {
  html: string;
  status: number;
  indexable: boolean;
  /**
   * Whether a visitor's page may be kept for the next ones: not while the demo set is being made (its end is not
   * announced), and not an event's page, whose watermarked proofs appear as they are made, unannounced.
   */
  keepable: boolean;
}

const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * Answers a page: a public one kept for visitors who are not signed in, or rendered for this request (within the
 * address's render limit), or the plain template for the browser to render.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, context: PageContext) {
  const { page, address } = addressOf(request.url);
  const language = resolveLanguage({
    cookie: request.cookies?.[LANGUAGE_STORAGE_KEY],
    query: address.params.get('lng'),
    acceptLanguage: request.headers['accept-language'],
  });
  const session = page ? await getSessionUser(request) : null;
  if (page) {
    // The page carries who is signed in. The service worker learns the viewer from this header (the app no longer asks
    // /api/session on such a page), and a page with someone's session in it is never kept for another visitor.
    reply.header(VIEWER_HEADER, session?.id ?? '');
  }
  // A `?lng=` the page is served in is remembered, as a choice in the language menu is. Here rather than by the
  // page's scripts: a link followed before they ran would lose it.
  if (address.params.get(LANGUAGE_STORAGE_KEY) === language && request.cookies?.[LANGUAGE_STORAGE_KEY] !== language) {
    reply.setCookie(LANGUAGE_STORAGE_KEY, language, {
      path: '/',
      maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
      sameSite: 'lax',
    });
  }
  // Content-Language names the language the server chose: the service worker remembers it for its offline page.
  reply
    .header('cache-control', session ? 'private, no-store' : 'no-cache')
    .header('vary', 'Cookie, Accept-Language')
    .header('content-language', language);

  // The same for every visitor who is not signed in, so kept by language and the parameters the page reads.
  const key = page && !session ? `${language} ${address.pathname}?${address.params}` : null;
  // A render made for this request alone (a page not kept nor being made, or a signed-in visitor's) counts against
  // its address; past the limit the page goes unrendered, for the browser to render (see createRenderLimit).
  if (page && !(key && context.pages.has(key)) && !(await context.mayRender(request))) {
    const plain = await buildPage(request, { ...context, renderer: null }, { address, language, page, session });
    return sendBuilt(reply, plain);
  }
  if (page && key) {
    // Made once and kept (or, when it may not be kept, made once for the requests that arrive while it is being
    // made), and revalidated by its ETag.
    const answer = await context.pages.getMade(key, async () => {
      const { html, keepable, ...meta } = await buildPage(request, context, { address, language, page, session });
      return { body: Buffer.from(html), type: HTML_TYPE, meta, keep: keepable };
    });
    const { status, indexable } = answer.meta;
    if (!indexable) reply.header('x-robots-tag', 'noindex');
    reply.status(status);
    return status === 200 ? sendAnswer(request, reply, answer) : reply.type(answer.type).send(answer.body);
  }
  return sendBuilt(reply, await buildPage(request, context, { address, language, page, session }));
}

function sendBuilt(reply: FastifyReply, built: BuiltPage) {
  if (!built.indexable) reply.header('x-robots-tag', 'noindex');
  return reply.status(built.status).type(HTML_TYPE).send(built.html);
}

/** The page for this request in `language`: its data, its server rendering where it has one, and its head tags. */
async function buildPage(
  request: FastifyRequest,
  { template, renderer, ctx, cards }: Pick<PageContext, 'template' | 'renderer' | 'ctx' | 'cards'>,
  {
    address: { pathname, params: given },
    language,
    page,
    session,
  }: { address: PageAddress; language: Language; page: ServerPage | null; session: SessionUser | null },
): Promise<BuiltPage> {
  const search = given.toString();
  const params = new URLSearchParams(given);
  params.delete('lng');
  const gallery = readGalleryUrl(params);
  const eventKey = params.get('key') ?? undefined;
  const data = page ? await loadPageData(ctx, { page, language, session, gallery, eventKey }) : {};
  // An event that cannot be shown here is not found; an unlisted one is shown but never indexed.
  const missing = page?.name === 'event' && !data.event;
  const indexable = page !== null && !missing && (page.name !== 'event' || data.event?.answer.indexable === true);

  let rendered: { html: string; stateScript: string; links: string } | null = null;
  if (page && renderer) {
    try {
      const result = await renderer.render({
        pathname,
        search,
        language,
        texts: pageTexts(renderer, language, page),
        siteName: ctx.config.siteName,
        data,
      });
      // React announces the pictures it will need first as <link rel="preload"> ahead of the markup: head material.
      const hints = /^(?:<link\b[^>]*>)*/.exec(result.html)?.[0] ?? '';
      rendered = {
        html: result.html.slice(hints.length),
        stateScript: result.stateScript,
        links: renderer.pageLinks(PAGE_SOURCES[page.name], language) + hints,
      };
    } catch (error) {
      // The page still works: the browser renders it, as it does every private page.
      request.log.error({ err: error, url: request.url }, 'server rendering failed');
    }
  }

  const head = headTags({
    publicUrl: ctx.config.publicUrl,
    siteName: ctx.config.siteName,
    language,
    languageInUrl: given.get('lng') === language,
    pathname,
    params: ownParams(page, gallery),
    page,
    data,
    socialImage: page ? await cards.url(ctx.config.publicUrl) : null,
    indexable,
  });
  // `crossorigin` gives the preload the mode and credentials of the app's own fetch, so the browser reuses it.
  const preloads = preloadsFor(pathname, params, rendered !== null)
    .map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin>`)
    .join('');
  // Replacements by function: the inserted text is taken as it is, a `$` in it included.
  let html = template
    .replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${directionOf(language)}">`)
    .replace(/<title>[^<]*<\/title>/, () => head)
    .replace('</head>', () => `${rendered?.links ?? ''}${preloads}</head>`);
  if (rendered) {
    const { html: app, stateScript } = rendered;
    html = html
      // The page reads without scripts: no "needs JavaScript" notice (taken out before the app's own <noscript>s).
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace('<div id="root"></div>', () => `<div id="root">${app}</div>${stateScript}`);
  }
  const keepable = page !== null && page.name !== 'event' && data.site?.demoPreparing !== true;
  return { html, status: missing ? 404 : 200, indexable, keepable };
}
