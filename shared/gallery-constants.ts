import type { GalleryType } from './schemas/gallery';

/**
 * The gallery's constants for the browser, kept apart from the zod schemas so the gallery chunk does not carry zod
 * (~23 KB gzip). gallery-logic.test.ts checks they equal shared/schemas/gallery.ts.
 */
export const PAGE_SIZE = 6;
/** A client's dense grid: 48 tiles a page. */
export const DENSE_PAGE_SIZE = 48;
export const GALLERY_TYPES: readonly GalleryType[] = ['all', 'images', 'videos'];

export function isGalleryType(value: unknown): value is GalleryType {
  return GALLERY_TYPES.includes(value as GalleryType);
}
