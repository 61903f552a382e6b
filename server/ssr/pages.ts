import { eventSlugSchema } from '../../shared/schemas/events';

/** A public page the server renders; every other page of the app is sent as the shell the browser renders. */
export type ServerPage = { name: 'home' | 'gallery' | 'contact' | 'events' } | { name: 'event'; slug: string };

/** The addresses of the public pages, as routes (an event's slug is checked by serverPageOf). */
export const SERVER_PAGE_ROUTES = ['/', '/gallery', '/contact', '/events', '/events/:slug'] as const;

/**
 * Which public page `pathname` is (the same paths as the app's routes in web/routes.tsx), or null. A path under
 * /events/ that cannot be an event's address is no event page; nor is `/gallery/`, which the app's router sends home.
 */
export function serverPageOf(path: string): ServerPage | null {
  if (path === '/') return { name: 'home' };
  if (path === '/gallery' || path === '/contact' || path === '/events') {
    return { name: path.slice(1) as 'gallery' | 'contact' | 'events' };
  }
  const slug = /^\/events\/([^/]+)$/.exec(path)?.[1];
  return slug && eventSlugSchema.safeParse(slug).success ? { name: 'event', slug } : null;
}

/**
 * The query parameters each public page reads. A page is rendered from these alone, and kept under these alone
 * (server/plugins/web-pages.ts), so a parameter no page reads (a cache-buster, a campaign tag) cannot make a page of
 * its own, and a parameter a page reads cannot be left out of its key. `lng` is read on every page (the language, and
 * whether the canonical URL names it); the gallery reads its filter, page and open item (`readGalleryUrl`,
 * shared/gallery-url.ts); an event's page its access key (web/pages/Events/EventPage.tsx) and its
 * search (EventSearch.tsx). In name order: that is the order of a page's parameters in its key.
 */
export const PAGE_PARAMS: Record<ServerPage['name'], readonly string[]> = {
  home: ['lng'],
  gallery: ['item', 'lng', 'page', 'type'],
  contact: ['lng'],
  events: ['lng'],
  event: ['key', 'lng', 'q'],
};

/**
 * The parameters of `search` (a query string without its `?`) that `page` reads, in name order, each with its first
 * value (the one the page reads): `?b=2&a=1&a=3&junk=x` and `?a=1&b=2` are one page.
 */
export function pageParams(page: ServerPage, search: string): URLSearchParams {
  const given = new URLSearchParams(search);
  const read = new URLSearchParams();
  for (const name of PAGE_PARAMS[page.name]) {
    const value = given.get(name);
    if (value !== null) read.set(name, value);
  }
  return read;
}

/** The page module each server page renders, as the client build's manifest names it (its chunk and styles). */
export const PAGE_SOURCES: Record<ServerPage['name'], string> = {
  home: 'pages/Home/index.tsx',
  gallery: 'pages/Gallery/index.tsx',
  contact: 'pages/Contact/index.tsx',
  events: 'pages/Events/index.tsx',
  event: 'pages/Events/index.tsx',
};
