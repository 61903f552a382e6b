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

/** The page module each server page renders, as the client build's manifest names it (its chunk and styles). */
export const PAGE_SOURCES: Record<ServerPage['name'], string> = {
  home: 'pages/Home/index.tsx',
  gallery: 'pages/Gallery/index.tsx',
  contact: 'pages/Contact/index.tsx',
  events: 'pages/Events/index.tsx',
  event: 'pages/Events/index.tsx',
};
