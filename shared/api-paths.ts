import type { GalleryType } from './schemas/gallery';

/**
 * The read endpoints a first view asks for, shared by the routes that serve them, the app that fetches them and the
 * page HTML that preloads them: a preload is reused only when its URL is the app's, to the byte. No zod here, so
 * the browser's gallery chunk can import it.
 */
export const SESSION_PATH = '/api/session';
export const HOME_PATH = '/api/home';
export const PUBLIC_GALLERY_PATH = '/api/gallery';
export const PRIVATE_GALLERY_PATH = '/api/me/gallery';

/** The collage's page size, which a gallery URL leaves unsaid (shared/schemas/gallery.ts, without zod). */
const DEFAULT_PER_PAGE = 6;

/**
 * One page of a gallery, with the parameters always in this order; `per`, a client's dense page size, only when it
 * is not the collage's.
 */
export function galleryPageUrl(path: string, type: GalleryType, page: number, per = DEFAULT_PER_PAGE): string {
  return `${path}?type=${type}&page=${page}${per === DEFAULT_PER_PAGE ? '' : `&per=${per}`}`;
}

/**
 * The header of a server-rendered page naming its viewer's user id (empty when signed out): the service worker learns
 * who is signed in from it, as from an /api/session answer.
 */
export const VIEWER_HEADER = 'x-viewer';

/**
 * The admin's web app manifest, written by the server in the language `?lng=` names (server/ssr/admin-manifest.ts)
 * and linked by the panel (web/pages/Admin/shell/useAdminManifest.ts).
 */
export const ADMIN_MANIFEST_PATH = '/admin.webmanifest';
