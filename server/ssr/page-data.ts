import type { z } from 'zod';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { publicEventListSchema, publicEventSchema } from '../../shared/schemas/events';
import { type GalleryType, galleryPageSchema } from '../../shared/schemas/gallery';
import { homeResponseSchema } from '../../shared/schemas/media';
import { type SessionUser, sessionResponseSchema } from '../../shared/schemas/session';
import { siteInfoSchema } from '../../shared/schemas/site';
import type { PageData } from '../../web/entry-server';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { presentMedia } from '../presenters/media-presenter';
import { siteInfo } from '../routes/site/site-info';
import type { ServerPage } from './pages';

export type PageDataContext = Pick<
  AppContext,
  'config' | 'contactDetails' | 'demoContent' | 'home' | 'gallery' | 'events' | 'mediaUrls'
>;

/**
 * An answer as the API sends it: the route's response schema applied (as the serializer does) and made plain JSON,
 * so the browser's cache holds, byte for byte, what its own request would have brought.
 */
function asSent<S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> {
  return JSON.parse(JSON.stringify(schema.encode(value as z.output<S>)));
}

export interface PageRequest {
  page: ServerPage;
  /** The visitor, as GET /api/session would answer them. */
  session: SessionUser | null;
  /** The gallery's filter and page, read from the URL as the page reads them. */
  gallery: { type: GalleryType; page: number };
  /** An unlisted event's `?key=`. */
  eventKey: string | undefined;
}

/** The event, or null when there is none to show at this address (unknown, hidden, or unlisted without its key). */
async function eventOrNull(ctx: PageDataContext, slug: string, key: string | undefined) {
  try {
    return await ctx.events.page(slug, key);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The API answers a server-rendered page shows, from the services the API routes call (GET /api/session and
 * GET /api/site on every page, for the navigation and the footer; /api/home, a page of /api/gallery, /api/events or /api/events/<slug> for the page itself). An
 * event that cannot be shown loads nothing: the page then renders its loading state, as the browser does before it
 * asks, and the browser finds out.
 */
export async function loadPageData(ctx: PageDataContext, request: PageRequest): Promise<PageData> {
  const { page } = request;
  const data: PageData = {
    session: asSent(sessionResponseSchema, request.session),
    site: asSent(siteInfoSchema, await siteInfo(ctx)),
  };
  if (page.name === 'home') {
    const { hero, featured } = await ctx.home.picks();
    data.home = asSent(homeResponseSchema, {
      hero: hero ? presentMedia(hero, ctx.mediaUrls, { signed: false }) : null,
      featured: featured.map((item) => presentMedia(item, ctx.mediaUrls, { signed: false })),
    });
  } else if (page.name === 'gallery') {
    const { type, page: number } = request.gallery;
    const { records, ...counts } = await ctx.gallery.page({ folder: MAIN_GALLERY_FOLDER, kind: type }, number);
    const answer = asSent(galleryPageSchema, {
      ...counts,
      items: records.map((record) => presentMedia(record, ctx.mediaUrls, { signed: false })),
    });
    data.gallery = { type, page: number, answer };
  } else if (page.name === 'events') {
    data.events = asSent(publicEventListSchema, { events: await ctx.events.listPublic() });
  } else if (page.name === 'event') {
    const event = await eventOrNull(ctx, page.slug, request.eventKey);
    if (event) data.event = { slug: page.slug, key: request.eventKey, answer: asSent(publicEventSchema, event) };
  }
  return data;
}
