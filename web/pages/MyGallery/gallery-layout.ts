import { DENSE_PAGE_SIZE, PAGE_SIZE } from '../../../shared/gallery-constants';

/**
 * How a client's gallery is laid out: `grid`, small square tiles, 48 a page, grouped by day (a competition's hundreds
 * of photos at a glance); or `large`, the site's collage, 6 a page.
 */
export type GalleryLayout = 'grid' | 'large';

/** Where the client's choice is remembered, on this device, for every visit after. */
export const LAYOUT_STORAGE_KEY = 'gallery.layout';

export const PAGE_SIZE_OF: Record<GalleryLayout, number> = { grid: DENSE_PAGE_SIZE, large: PAGE_SIZE };

/** The layout chosen on this device, or null when none was (or storage is unavailable). */
export function readLayout(storage: Pick<Storage, 'getItem'> | undefined): GalleryLayout | null {
  try {
    const stored = storage?.getItem(LAYOUT_STORAGE_KEY);
    return stored === 'grid' || stored === 'large' ? stored : null;
  } catch {
    // Storage can throw (blocked cookies, some private modes): nothing remembered then.
    return null;
  }
}

/** Galleries larger than this open as the dense grid until the client chooses; smaller ones look best large. */
export const DENSE_FROM_ITEMS = 12;

/** The layout shown: the client's choice, else the dense grid for a big gallery and the collage for a small one. */
export function layoutFor(chosen: GalleryLayout | null, total: number): GalleryLayout {
  return chosen ?? (total > DENSE_FROM_ITEMS ? 'grid' : 'large');
}

export function rememberLayout(storage: Pick<Storage, 'setItem'> | undefined, layout: GalleryLayout): void {
  try {
    storage?.setItem(LAYOUT_STORAGE_KEY, layout);
  } catch {
    // Not remembered, but still applied for this visit.
  }
}

/**
 * The page of the other layout that holds the first item of `page`, so switching keeps the client where they were:
 * page 3 of the collage (items 13–18) is page 1 of the grid (items 1–48), and page 2 of the grid is page 9 of the
 * collage.
 */
export function pageAfterSwitch(page: number, fromSize: number, toSize: number): number {
  return Math.floor(((page - 1) * fromSize) / toSize) + 1;
}
