import { type GalleryType, galleryPageSchema } from '../../shared/schemas/gallery';
import type { CachedAnswer } from '../cache/answer-cache';
import type { AppContext } from '../context';
import { presentPublicGalleryPage } from '../presenters/gallery-presenter';

/**
 * What GET /api/gallery sends, as the exact bytes the gallery service keeps per (type, page) until the main gallery
 * changes; the server-rendered gallery page reads the same bytes. The response schema filters the page once, when it
 * is made, as Fastify would on every request.
 */
export function publicGalleryAnswer(
  ctx: Pick<AppContext, 'gallery' | 'mediaUrls'>,
  type: GalleryType,
  page: number,
): Promise<CachedAnswer> {
  return ctx.gallery.publicAnswer(type, page, (records) =>
    galleryPageSchema.parse(presentPublicGalleryPage(records, ctx.mediaUrls)),
  );
}
