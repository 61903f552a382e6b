import { galleryPageUrl, PRIVATE_GALLERY_PATH, PUBLIC_GALLERY_PATH } from '../../../shared/api-paths';
import { PAGE_SIZE } from '../../../shared/gallery-constants';
import type { GalleryPage, GalleryType } from '../../../shared/schemas/gallery';
import { apiFetch } from '../../api/client';
import { trackConnection } from '../../hooks/useConnectionState';

/** Which gallery a view shows: the public main gallery, or the signed-in user's own (keyed by user id). */
export type GallerySource = { kind: 'public' } | { kind: 'private'; userId: string };

export function galleryUrl(source: GallerySource, type: GalleryType, page: number, per = PAGE_SIZE): string {
  return galleryPageUrl(source.kind === 'public' ? PUBLIC_GALLERY_PATH : PRIVATE_GALLERY_PATH, type, page, per);
}

/**
 * Query options for one gallery page of `per` items (a client's dense grid asks for more than the collage's 6).
 * `offlineFirst` lets the request run even when the browser says it is offline, so the service worker can answer with
 * the copy it kept.
 */
export function galleryPageQuery(source: GallerySource, type: GalleryType, page: number, per = PAGE_SIZE) {
  return {
    queryKey: ['gallery', source.kind, source.kind === 'private' ? source.userId : '', type, page, per] as const,
    queryFn: () => {
      const url = galleryUrl(source, type, page, per);
      return trackConnection(apiFetch<GalleryPage>(url), url);
    },
    staleTime: 60_000,
    networkMode: 'offlineFirst' as const,
  };
}
