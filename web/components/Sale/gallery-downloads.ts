import { galleryArchiveUrl } from '../../../shared/archive-paths';
import type { PicksResponse } from '../../../shared/schemas/proofing';

/** The client's gallery as one ZIP, at each size: everything in a delivered gallery, what was delivered in proofing. */
export const GALLERY_DOWNLOADS = { web: galleryArchiveUrl('web'), full: galleryArchiveUrl('full') } as const;

/**
 * Whether a proofing gallery offers its own Download All of what was delivered: when something was, and the latest
 * order's panel does not already offer all of it (an earlier order delivered more, or a newer order is still open).
 */
export function offersGalleryDownload(picks: Pick<PicksResponse, 'delivered' | 'order'>): boolean {
  if (picks.delivered === 0) return false;
  const order = picks.order;
  return !(order?.downloads && order.count >= picks.delivered);
}
