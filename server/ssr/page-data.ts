import type { z } from 'zod';
import type { Language } from '../../shared/i18n/languages';
import { currentTermsResponseSchema } from '../../shared/schemas/agreements';
import { publicEventListSchema, publicEventSchema } from '../../shared/schemas/events';
import { type GalleryPage, type GalleryType, galleryQuerySchema } from '../../shared/schemas/gallery';
import { homeResponseSchema } from '../../shared/schemas/media';
import { type SessionUser, sessionResponseSchema } from '../../shared/schemas/session';
import { siteInfoSchema } from '../../shared/schemas/site';
import type { PageData } from '../../web/entry-server';
import { publicEventList, publicEventPage } from '../answers/event-answers';
import { publicGalleryAnswer } from '../answers/gallery-answer';
import { homeAnswer } from '../answers/home-answer';
import { siteInfo } from '../answers/site-info';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import type { ServerPage } from './pages';

export type PageDataContext = Pick<
  AppContext,
  'config' | 'contactDetails' | 'demoContent' | 'home' | 'gallery' | 'events' | 'mediaUrls' | 'agreements'
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
  /** The page's language: the contact page's terms are the text in it. */
  language: Language;
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
    return await publicEventPage(ctx, slug, key);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The API answers a server-rendered page shows, made by the functions the API routes answer with (GET /api/session
 * and GET /api/site on every page, for the navigation and the footer; /api/home, a page of /api/gallery, /api/events,
 * /api/events/<slug> or /api/agreements/current for the page itself), so a page can never show what its API would not. An answer the API
 * would refuse (an event that cannot be shown, a gallery page past the deepest) loads nothing: the page then renders
 * its loading state, as the browser does before it asks, and the browser finds out.
 */
export async function loadPageData(ctx: PageDataContext, request: PageRequest): Promise<PageData> {
  const { page } = request;
  const data: PageData = {
    session: asSent(sessionResponseSchema, request.session),
    site: asSent(siteInfoSchema, await siteInfo(ctx)),
  };
  if (page.name === 'home') {
    data.home = asSent(homeResponseSchema, await homeAnswer(ctx));
  } else if (page.name === 'gallery') {
    const { type, page: number } = request.gallery;
    // The very bytes GET /api/gallery sends (and keeps). A page the API refuses (past the deepest one) loads nothing:
    // the browser asks for it and is told, as it would be without the server's render.
    if (galleryQuerySchema.safeParse({ type, page: number }).success) {
      const answer = await publicGalleryAnswer(ctx, type, number);
      data.gallery = { type, page: number, answer: JSON.parse(answer.body.toString('utf8')) as GalleryPage };
    }
  } else if (page.name === 'events') {
    data.events = asSent(publicEventListSchema, { events: await publicEventList(ctx) });
  } else if (page.name === 'event') {
    const event = await eventOrNull(ctx, page.slug, request.eventKey);
    if (event) data.event = { slug: page.slug, key: request.eventKey, answer: asSent(publicEventSchema, event) };
  } else if (page.name === 'contact') {
    // The terms are the contact page's largest text: shown only after the scripts asked for them, they were its LCP.
    const answer = await ctx.agreements.current(request.language, request.session);
    data.terms = { language: request.language, answer: asSent(currentTermsResponseSchema, answer) };
  }
  return data;
}
