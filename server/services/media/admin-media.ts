import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { type AdminFolderList, FEATURED_PICKS, type HomePicks } from '../../../shared/schemas/admin';
import { AppError } from '../../errors';
import { formatContentDisposition } from '../../http/content-disposition';
import type { AdminMediaRepository, FolderOwner } from '../../repositories/admin-media-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { ProofingRepository } from '../../repositories/proofing-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { GalleryChanged } from '../galleries/gallery-service';
import { HOME_FEATURED_SETTING, HOME_HERO_SETTING } from '../site/home-picks';
import { DERIVE_JOB, UPLOAD_CACHE_CONTROL } from './ingest';

/** Items a folder view shows at most (a client's folder from one competition is a few hundred). */
export const FOLDER_VIEW_LIMIT = 5000;
/** Items one fix-metadata step handles, so the browser can show progress and no request runs long. */
export const FIX_METADATA_BATCH = 25;

export interface AdminMediaDependencies {
  admin: AdminMediaRepository;
  media: Pick<MediaRepository, 'findVisibleByIds'>;
  settings: SettingsRepository;
  /** Which client galleries are in proofing (every other one is delivered). */
  modes: Pick<ProofingRepository, 'foldersIn'>;
  /** Wakes the job worker after items are sent back through the pipeline. */
  notifyWorker: () => void;
  /** Told when a gallery's order or content changes (reordering, items sent back through the pipeline). */
  galleryChanged?: GalleryChanged;
}

const folderNotFound = () => new AppError('not-found', 'There is no such folder.');

/**
 * The admin panel's operations: every client's folder and what is in it, the metadata repair, the main gallery's
 * order and the home page's picks. Only the admin reaches them (the routes check it).
 */
export function createAdminMediaService(deps: AdminMediaDependencies) {
  const { admin } = deps;

  return {
    /** Every client's folder with its statistics, plus the main gallery's. */
    async listFolders(): Promise<AdminFolderList> {
      const [owners, stats, proofing] = await Promise.all([
        admin.listClientFolders(),
        admin.folderStats(),
        deps.modes.foldersIn('proofing'),
      ]);
      const byFolder = new Map(stats.map((row) => [row.folder, row]));
      const inProofing = new Set(proofing);
      const empty = { itemCount: 0, totalSize: 0, lastUpload: null };
      const items = owners.map(({ folder, email, name }) => {
        const row = byFolder.get(folder);
        return {
          folder,
          email,
          name,
          mode: inProofing.has(folder) ? ('proofing' as const) : ('delivered' as const),
          ...(row ? { itemCount: row.itemCount, totalSize: row.totalSize, lastUpload: row.lastUpload } : empty),
        };
      });
      const main = byFolder.get(MAIN_GALLERY_FOLDER);
      return {
        items,
        mainGallery: {
          folder: MAIN_GALLERY_FOLDER,
          ...(main ? { itemCount: main.itemCount, totalSize: main.totalSize, lastUpload: main.lastUpload } : empty),
        },
      };
    },

    /**
     * The client that owns `folder`, null for the main gallery; 404 `not-found` for a folder no client owns. The
     * upload endpoint calls it too, so files only ever land in a folder that belongs to someone (an invited client
     * who has no account yet included).
     */
    async resolveFolder(folder: string): Promise<FolderOwner | null> {
      if (folder === MAIN_GALLERY_FOLDER) return null;
      const owner = await admin.findOwnerByFolder(folder);
      if (!owner) throw folderNotFound();
      return owner;
    },

    async listFolderMedia(folder: string): Promise<MediaRecord[]> {
      await this.resolveFolder(folder);
      return admin.listFolder(folder, FOLDER_VIEW_LIMIT);
    },

    /**
     * "Fix existing files (force download)", one batch: re-applies the metadata every upload gets (its content type, or
     * octet-stream when unknown; a one-hour public cache; attachment under the stored name) and sends items without
     * derivatives back through the pipeline.
     */
    async fixMetadata(folder: string, after: string | undefined) {
      await this.resolveFolder(folder);
      const batch = await admin.folderBatch(folder, after, FIX_METADATA_BATCH);
      let requeued = 0;
      for (const record of batch) {
        await admin.updateMetadata(record.id, {
          contentType: record.contentType || 'application/octet-stream',
          cacheControl: UPLOAD_CACHE_CONTROL,
          contentDisposition: formatContentDisposition('attachment', record.name),
        });
        const lacksDerivatives = record.status === 'failed' || record.derivatives.length === 0;
        if (lacksDerivatives && record.status !== 'processing') {
          await admin.requeue(record.id, { type: DERIVE_JOB, payload: { mediaId: record.id } });
          requeued++;
        }
      }
      // The content type is shown too (a video's own file when it has no playable copy).
      if (batch.length > 0) deps.galleryChanged?.(folder);
      if (requeued > 0) deps.notifyWorker();
      const total = await admin.countFolder(folder);
      const last = batch.at(-1);
      return {
        processed: batch.length,
        requeued,
        total,
        next: batch.length === FIX_METADATA_BATCH && last ? last.id : null,
      };
    },

    /** Shows the main gallery in the given order; ids of other folders are ignored. */
    async reorderMainGallery(ids: string[]): Promise<void> {
      if (new Set(ids).size !== ids.length) throw new AppError('invalid-argument', 'An item is listed twice.');
      await admin.setOrder(MAIN_GALLERY_FOLDER, ids);
      deps.galleryChanged?.(MAIN_GALLERY_FOLDER);
    },

    async homePicks(): Promise<HomePicks> {
      return {
        heroId: (await deps.settings.get<string | null>(HOME_HERO_SETTING)) ?? null,
        featuredIds: (await deps.settings.get<string[]>(HOME_FEATURED_SETTING)) ?? [],
      };
    },

    /** The hero must be a ready main-gallery video, the featured ones distinct ready main-gallery images. */
    async setHomePicks(picks: HomePicks): Promise<HomePicks> {
      const { heroId, featuredIds } = picks;
      if (new Set(featuredIds).size !== featuredIds.length || featuredIds.length > FEATURED_PICKS) {
        throw new AppError('invalid-argument', `Pick up to ${FEATURED_PICKS} different images.`);
      }
      const found = await deps.media.findVisibleByIds([...(heroId ? [heroId] : []), ...featuredIds]);
      const usable = (id: string, video: boolean) =>
        found.some((item) => item.id === id && item.folder === MAIN_GALLERY_FOLDER && item.isVideo === video);
      if (heroId && !usable(heroId, true)) {
        throw new AppError('invalid-argument', 'The hero must be a ready video of the main gallery.');
      }
      if (!featuredIds.every((id) => usable(id, false))) {
        throw new AppError('invalid-argument', 'Featured items must be ready images of the main gallery.');
      }
      await deps.settings.set(HOME_HERO_SETTING, heroId);
      await deps.settings.set(HOME_FEATURED_SETTING, featuredIds);
      return { heroId, featuredIds };
    },
  };
}

export type AdminMediaService = ReturnType<typeof createAdminMediaService>;
