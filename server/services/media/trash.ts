import { TRASH_RETENTION_DAYS } from '../../../shared/schemas/admin';
import { AppError } from '../../errors';
import type { FolderOwnerName, FolderOwnerRepository } from '../../repositories/folder-owner-repository';
import type { MediaRecord } from '../../repositories/media-repository';
import type { TrashRepository } from '../../repositories/trash-repository';
import type { Storage } from '../../storage/storage';
import type { GalleryChanged } from '../galleries/gallery-service';
import { deleteItemFiles } from './item-files';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrashDependencies {
  admin: Pick<
    TrashRepository,
    'moveToTrash' | 'trashMany' | 'restoreFromTrash' | 'listTrash' | 'listTrashedBefore' | 'purgeRow'
  > &
    Pick<FolderOwnerRepository, 'ownersOfFolders'>;
  storage: Pick<Storage, 'delete' | 'list' | 'head'>;
  findById: (id: string) => Promise<MediaRecord | undefined>;
  /** Told when an item leaves or comes back to its gallery. */
  galleryChanged?: GalleryChanged;
  /** The clock; tests pass a fixed or moving one. */
  now?: () => Date;
  retentionDays?: number;
}

const notFound = () => new AppError('object-not-found', 'Object does not exist');
/** A bulk action named an item that is no longer a visible item of its folder: nothing was changed. */
export const selectionChanged = () =>
  new AppError('selection-changed', 'Some of the selected items are no longer in this folder. Nothing was changed.');

/**
 * Deleting media moves it to a trash for 30 days: it disappears from every gallery at once, its bytes stay, and the
 * admin can restore it. `purgeExpired` (the daily sweep) removes what is older, bytes first and then the row, so a
 * crash half-way leaves a row the next sweep finishes, never bytes that a new upload could be confused with.
 */
export function createTrashService(deps: TrashDependencies) {
  const now = deps.now ?? (() => new Date());
  const retentionMs = (deps.retentionDays ?? TRASH_RETENTION_DAYS) * DAY_MS;

  return {
    /** When a trashed item goes for good. */
    purgeAt(deletedAt: string): string {
      return new Date(new Date(deletedAt).getTime() + retentionMs).toISOString();
    },

    /** Trashes an item; returns it as it now is (with its deletion time). */
    async moveToTrash(id: string): Promise<MediaRecord> {
      const record = await deps.findById(id);
      if (!record || record.deletedAt) throw notFound();
      if (!(await deps.admin.moveToTrash(id, now()))) throw notFound();
      deps.galleryChanged?.(record.folder);
      const trashed = await deps.findById(id);
      if (!trashed) throw notFound();
      return trashed;
    },

    /**
     * Trashes the listed items of `folder` together, in one transaction, or none (409 `selection-changed` when one is
     * no longer a visible item of that folder).
     */
    async moveManyToTrash(folder: string, ids: string[]): Promise<void> {
      if (!(await deps.admin.trashMany(folder, ids, now()))) throw selectionChanged();
      deps.galleryChanged?.(folder);
    },

    async restore(id: string): Promise<MediaRecord> {
      const record = await deps.findById(id);
      if (!record?.deletedAt) throw notFound();
      // A sweep may have removed the bytes a moment ago: restoring would bring back an empty item.
      if (!(await deps.storage.head(record.originalKey))) throw notFound();
      if (!(await deps.admin.restoreFromTrash(id))) throw notFound();
      deps.galleryChanged?.(record.folder);
      return record;
    },

    /** The trash, most recently deleted first, each item with the client whose folder it came from. */
    async list(limit = 500): Promise<Array<{ record: MediaRecord; owner: FolderOwnerName | null }>> {
      const records = await deps.admin.listTrash(limit);
      const owners = await deps.admin.ownersOfFolders([...new Set(records.map((record) => record.folder))]);
      return records.map((record) => ({ record, owner: owners.get(record.folder) ?? null }));
    },

    /** Purges every item deleted more than the retention period ago; returns how many went. */
    async purgeExpired(): Promise<number> {
      const before = new Date(now().getTime() - retentionMs);
      let purged = 0;
      for (;;) {
        const batch = await deps.admin.listTrashedBefore(before, 100);
        if (batch.length === 0) return purged;
        for (const record of batch) {
          await deleteItemFiles(deps.storage, record);
          if (await deps.admin.purgeRow(record.id)) purged++;
        }
      }
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
