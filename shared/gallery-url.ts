import { isGalleryType } from './gallery-constants';
import type { GalleryType } from './schemas/gallery';

export interface GalleryUrlState {
  type: GalleryType;
  page: number;
  /** The id of the open item, or null. */
  item: string | null;
}

/**
 * Reads `?type=&page=&item=`; anything unreadable means the default (all, page 1, nothing open). Pure, so the server
 * reads a gallery address the same way when it renders the page.
 */
export function readGalleryUrl(params: URLSearchParams): GalleryUrlState {
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    type: isGalleryType(type) ? type : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    item: params.get('item') || null,
  };
}
