/**
 * Download All: the sizes it comes in and the addresses that answer it. No zod here, so the browser's gallery chunk
 * can import it; the server builds the same addresses into its answers (a delivered order's `downloads`).
 */

/** `web`: the pictures at the site's largest rendition (WEB_SIZE_PIXELS wide at most); `full`: the originals. */
export const ARCHIVE_SIZES = ['web', 'full'] as const;
export type ArchiveSize = (typeof ARCHIVE_SIZES)[number];

/**
 * The widest picture a web-size download holds: the widest rendition the media pipeline makes
 * (server/media/variants.ts, VARIANT_WIDTHS), so a web-size archive sends files that exist, never a new resize.
 */
export const WEB_SIZE_PIXELS = 2400;

/** The signed-in client's whole gallery, as far as it is theirs clean (GET; `?size=`). */
export const GALLERY_ARCHIVE_PATH = '/api/me/gallery/archive';

export function galleryArchiveUrl(size: ArchiveSize): string {
  return `${GALLERY_ARCHIVE_PATH}?size=${size}`;
}

/** What one delivered order of the signed-in client gave them (GET; `?size=`). */
export function orderArchiveUrl(orderId: string, size: ArchiveSize): string {
  return `/api/me/orders/${encodeURIComponent(orderId)}/archive?size=${size}`;
}
