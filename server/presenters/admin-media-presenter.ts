import type { AdminMedia } from '../../shared/schemas/admin';
import type { TrashItem } from '../../shared/schemas/admin-bulk';
import type { FolderOwnerName } from '../repositories/admin-media-repository';
import type { MediaRecord } from '../repositories/media-repository';
import type { MediaUrls } from '../services/media/media-urls';
import { presentMedia } from './media-presenter';

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
    // Trashed items keep their view: the trash shows thumbnails, which /media/ serves to the admin only.
    view: record.status === 'ready' ? presentMedia(record, urls, { signed: true }) : null,
    edited: record.editedAt !== null,
  };
}

/** A trashed item, with the client whose folder it came from (null for the main gallery). */
export function presentTrashItem(
  { record, owner }: { record: MediaRecord; owner: FolderOwnerName | null },
  urls: MediaUrls,
  purgeAt: (deletedAt: string) => string,
): TrashItem {
  return { ...presentAdminMedia(record, urls, purgeAt), owner };
}
