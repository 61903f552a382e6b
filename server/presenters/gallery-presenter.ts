import type { GalleryPage } from '../../shared/schemas/gallery';
import type { GalleryPageRecords } from '../services/galleries/gallery-service';
import type { MediaUrls } from '../services/media/media-urls';
import { presentMedia } from './media-presenter';

/** A page of the public main gallery: plain URLs, so an answer kept for every visitor carries nothing that expires. */
export function presentPublicGalleryPage({ records, ...counts }: GalleryPageRecords, urls: MediaUrls): GalleryPage {
  return { ...counts, items: records.map((record) => presentMedia(record, urls, { signed: false })) };
}

/**
 * A page of a client's own gallery: signed URLs; in a proofing gallery watermarked proofs, except for what an order
 * delivered to them (`isClean`). Each item carries the day it was added, for the dense grid's date headings.
 */
export function presentClientGalleryPage(
  { records, ...counts }: GalleryPageRecords,
  urls: MediaUrls,
  isClean: (mediaId: string) => boolean,
): GalleryPage {
  return {
    ...counts,
    items: records.map((record) => ({
      ...presentMedia(record, urls, { signed: true, proof: !isClean(record.id) }),
      addedAt: record.timeCreated,
    })),
  };
}
