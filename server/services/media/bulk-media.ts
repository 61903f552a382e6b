import { createHash } from 'node:crypto';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { BulkResult } from '../../../shared/schemas/admin-bulk';
import { AppError } from '../../errors';
import { formatContentDisposition } from '../../http/content-disposition';
import { DERIVED_PREFIX } from '../../media/types';
import type { AdminMediaRepository, MediaMove } from '../../repositories/admin-media-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { ProofingRepository } from '../../repositories/proofing-repository';
import { deletePrefix, type Storage } from '../../storage/storage';
import type { GalleryChanged } from '../galleries/gallery-service';
import type { AdminMediaService } from './admin-media';
import { copyMediaFiles, copyObject, freeNameIn } from './media-copy';
import { selectionChanged, type TrashService } from './trash';

export interface BulkMediaDependencies {
  admin: Pick<
    AdminMediaRepository,
    'findInFolder' | 'idsInOrders' | 'moveMany' | 'addCopies' | 'findAnyByIds' | 'trashMany'
  >;
  media: Pick<MediaRepository, 'fullPathTaken'>;
  storage: Pick<Storage, 'get' | 'put' | 'delete' | 'head' | 'list'>;
  /** Which folders belong to a client (or are the main gallery): the single-item rules, reused. */
  folders: Pick<AdminMediaService, 'resolveFolder'>;
  trash: Pick<TrashService, 'moveManyToTrash'>;
  modes: Pick<ProofingRepository, 'modeOf'>;
  /** Queues watermarked proofs for a proofing gallery's items that lack them. */
  prepareProofs: (folder: string) => Promise<unknown>;
  galleryChanged?: GalleryChanged;
}

const tryAgain = () => new AppError('conflict', 'The trash is being emptied right now. Please try again in a moment.');

/**
 * The id of a client item's copy in the main gallery: the same every time, so adding an item twice finds the first
 * copy instead of making another.
 */
export function mainGalleryCopyId(mediaId: string): string {
  return createHash('sha256').update(`main-gallery\u0000${mediaId}`).digest().subarray(0, 16).toString('base64url');
}

/**
 * What the folder view does to many selected items at once: trash them, move them to another client's folder, or
 * add them to the main gallery. Each is all-or-nothing: the database changes in one transaction, after every file it
 * needs is in place; a refusal changes nothing and leaves no stray files.
 */
export function createBulkMediaService(deps: BulkMediaDependencies) {
  const { admin, storage } = deps;

  /** The listed items, every one a visible item of `folder`; otherwise 409 `selection-changed`. */
  async function selected(folder: string, ids: string[]): Promise<MediaRecord[]> {
    await deps.folders.resolveFolder(folder);
    const found = await admin.findInFolder(folder, ids);
    if (found.length !== ids.length) throw selectionChanged();
    const byId = new Map(found.map((record) => [record.id, record]));
    return ids.map((id) => byId.get(id) as MediaRecord);
  }

  /** Free names in `folder` for every item, distinct within the batch too. */
  async function namesIn(folder: string, records: MediaRecord[]): Promise<string[]> {
    const reserved = new Set<string>();
    const names: string[] = [];
    for (const record of records) {
      const name = await freeNameIn(
        folder,
        record.name,
        async (fullPath) => reserved.has(fullPath) || (await deps.media.fullPathTaken(fullPath)),
      );
      reserved.add(`${folder}/${name}`);
      names.push(name);
    }
    return names;
  }

  return {
    async trash(folder: string, ids: string[]): Promise<BulkResult> {
      await selected(folder, ids);
      await deps.trash.moveManyToTrash(folder, ids);
      return { count: ids.length, unchanged: 0 };
    },

    /**
     * Moves the items to another client's folder under free names there. An item an order lists stays (409
     * `media-in-order`): the order's history names it in its folder. The originals are copied first; the rows change
     * in one transaction; the old originals go last, so a failure at any point leaves every item readable.
     */
    async move(folder: string, ids: string[], to: string): Promise<BulkResult> {
      if (to === folder) throw new AppError('invalid-argument', 'The items are already in this folder.');
      if (to === MAIN_GALLERY_FOLDER) {
        throw new AppError('invalid-argument', 'Add items to the main gallery instead of moving them there.');
      }
      const records = await selected(folder, ids);
      await deps.folders.resolveFolder(to);
      const ordered = await admin.idsInOrders(ids);
      if (ordered.length > 0) {
        throw new AppError('media-in-order', 'An order lists some of these items, so they stay in this folder.', {
          ids: ordered,
        });
      }
      const names = await namesIn(to, records);
      const moves: MediaMove[] = records.map((record, index) => {
        const name = names[index] as string;
        return {
          id: record.id,
          fromPath: record.fullPath,
          fromKey: record.originalKey,
          folder: to,
          name,
          fullPath: `${to}/${name}`,
          contentDisposition: formatContentDisposition('attachment', name),
        };
      });
      const copied: string[] = [];
      const undoCopies = () => Promise.allSettled(copied.map((key) => storage.delete(key)));
      try {
        for (const [index, move] of moves.entries()) {
          await copyObject(storage, move.fromKey, move.fullPath, records[index]?.contentType);
          copied.push(move.fullPath);
        }
        if (!(await admin.moveMany(moves))) throw selectionChanged();
      } catch (error) {
        await undoCopies();
        throw error;
      }
      // The old originals: where each was stored, and its old name path (which an edited version left empty).
      const oldKeys = moves.flatMap((move) => [...new Set([move.fromKey, move.fromPath])]);
      await Promise.allSettled(oldKeys.map((key) => storage.delete(key)));
      deps.galleryChanged?.(folder);
      deps.galleryChanged?.(to);
      if ((await deps.modes.modeOf(to)) === 'proofing') await deps.prepareProofs(to);
      return { count: moves.length, unchanged: 0 };
    },

    /**
     * Copies ready items of a client's folder into the main gallery (the client keeps theirs). An item added before
     * is left as it is, or comes back from the trash; a processing or failed item is refused (409 `media-not-ready`).
     */
    async addToMainGallery(folder: string, ids: string[]): Promise<BulkResult> {
      if (folder === MAIN_GALLERY_FOLDER)
        throw new AppError('invalid-argument', 'These items are in the main gallery.');
      const records = await selected(folder, ids);
      const notReady = records.filter((record) => record.status !== 'ready').map((record) => record.id);
      if (notReady.length > 0) {
        throw new AppError('media-not-ready', 'Some of these items are still being processed or failed.', {
          ids: notReady,
        });
      }
      const earlier = new Map(
        (await admin.findAnyByIds(records.map((r) => mainGalleryCopyId(r.id)))).map((r) => [r.id, r]),
      );
      const fresh = records.filter((record) => !earlier.has(mainGalleryCopyId(record.id)));
      const trashed = [...earlier.values()].filter((copy) => copy.deletedAt !== null);
      // The daily sweep removes bytes before the row: a trashed copy without its original is on its way out.
      for (const copy of trashed) if (!(await storage.head(copy.originalKey))) throw tryAgain();
      const restoreIds = trashed.map((copy) => copy.id);
      const names = await namesIn(MAIN_GALLERY_FOLDER, fresh);
      const written: string[] = [];
      try {
        const inserts = [];
        for (const [index, source] of fresh.entries()) {
          const id = mainGalleryCopyId(source.id);
          const fullPath = `${MAIN_GALLERY_FOLDER}/${names[index]}`;
          written.push(fullPath);
          const derivatives = await copyMediaFiles(storage, source, { id, fullPath });
          inserts.push({
            source,
            copy: {
              id,
              folder: MAIN_GALLERY_FOLDER,
              name: names[index] as string,
              fullPath,
              derivatives,
              customMetadata: { ...source.customMetadata, copiedFrom: source.id },
            },
          });
        }
        if (!(await admin.addCopies(inserts, restoreIds))) throw selectionChanged();
      } catch (error) {
        await Promise.allSettled([
          ...written.map((key) => storage.delete(key)),
          ...fresh.map((source) => deletePrefix(storage, `${DERIVED_PREFIX}${mainGalleryCopyId(source.id)}/`)),
        ]);
        throw error;
      }
      deps.galleryChanged?.(MAIN_GALLERY_FOLDER);
      return { count: fresh.length + restoreIds.length, unchanged: earlier.size - restoreIds.length };
    },
  };
}

export type BulkMediaService = ReturnType<typeof createBulkMediaService>;
