import type { AdminMedia } from '../../shared/schemas/admin';
import type { MediaRecord } from '../repositories/media-repository';
import { presentMedia } from './media-presenter';
import type { MediaUrls } from './media-urls';

/**
 * A media item as the admin panel sees it: any state, with the grid view once ready. Private items get signed URLs
 * like the owner's; trashed items also say when they go for good.
 */
export function presentAdminMedia(
  record: MediaRecord,
  urls: MediaUrls,
  purgeAt: (deletedAt: string) => string,
): AdminMedia {
  return {
    id: record.id,
    folder: record.folder,
    name: record.name,
    kind: record.isVideo ? 'video' : 'image',
    status: record.status,
    errorCode: record.errorCode,
    size: record.size,
    contentType: record.contentType,
    timeCreated: record.timeCreated,
    deletedAt: record.deletedAt,
    purgeAt: record.deletedAt ? purgeAt(record.deletedAt) : null,
    // The trash view shows thumbnails too; /media/ refuses trashed items to everyone, so they stay null there.
    view: record.status === 'ready' && !record.deletedAt ? presentMedia(record, urls, { signed: true }) : null,
  };
}
