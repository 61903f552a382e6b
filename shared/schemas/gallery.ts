import { z } from 'zod';
import { mediaViewSchema } from './media';

/** Tiles per gallery page: six, the layout's repeating pattern (one wide, two half) twice. */
export const GALLERY_PAGE_SIZE = 6;

/**
 * Tiles per page of a client's dense grid: a whole competition holds hundreds of photos, so a page of the grid is
 * eight of the collage's pages at once.
 */
export const DENSE_PAGE_SIZE = 48;

/** The gallery filter: everything, only images, or only videos (changing it goes back to page 1). */
export const galleryTypeSchema = z.enum(['all', 'images', 'videos']);
export type GalleryType = z.infer<typeof galleryTypeSchema>;

/** The deepest page anyone may ask for: far beyond any real gallery, small enough to stay a plain integer. */
export const MAX_GALLERY_PAGE = 1_000_000;

/**
 * Query of GET /api/gallery and GET /api/me/gallery. Both fields are optional (`all`, page 1); anything else — an
 * unknown type, a page that is not a whole number from 1 — is refused with 400 invalid-argument.
 */
export const galleryQuerySchema = z.object({
  type: galleryTypeSchema.default('all'),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(MAX_GALLERY_PAGE, `page must be at most ${MAX_GALLERY_PAGE}`)
    .default(1),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

/**
 * Query of GET /api/me/gallery: the same, plus `per`, the page size: the collage's 6 (the default) or the dense grid's
 * 48. Any other size is refused with 400 invalid-argument.
 */
export const privateGalleryQuerySchema = galleryQuerySchema.extend({
  per: z.coerce
    .number()
    .refine((per) => per === GALLERY_PAGE_SIZE || per === DENSE_PAGE_SIZE, {
      error: `per must be ${GALLERY_PAGE_SIZE} or ${DENSE_PAGE_SIZE}`,
    })
    .default(GALLERY_PAGE_SIZE),
});

/**
 * One gallery page. `pageCount` is 0 when the gallery (or the filter) is empty; a page past the last one answers
 * with no items rather than an error, so a client whose gallery shrank can jump back to page 1.
 */
export const galleryPageSchema = z.object({
  items: z.array(mediaViewSchema).max(DENSE_PAGE_SIZE),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;
