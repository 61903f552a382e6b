import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { GalleryMode } from '../../../shared/schemas/proofing';
import { AppError } from '../../errors';
import type { FolderOwnerRepository } from '../../repositories/folder-owner-repository';
import type { ProofingRepository } from '../../repositories/proofing-repository';

/**
 * The mode of each client gallery. Switching a gallery to proofing asks for its proofs at once (they are made by
 * background jobs), so the client sees watermarked pictures as soon as possible; until a proof exists the client sees
 * the blurred placeholder only, never the clean picture.
 */
export function createGalleryModes(deps: {
  modes: ProofingRepository;
  folders: Pick<FolderOwnerRepository, 'findOwnerByFolder'>;
  /** Enqueues the proofs of a folder's items (server/services/media/proofs.ts). */
  prepareProofs: (folder: string) => Promise<unknown>;
}) {
  return {
    modeOf: (folder: string): Promise<GalleryMode> => deps.modes.modeOf(folder),

    async setMode(folder: string, mode: GalleryMode): Promise<{ folder: string; mode: GalleryMode }> {
      if (folder === MAIN_GALLERY_FOLDER) {
        throw new AppError('invalid-argument', 'The main gallery is public: only a client gallery has a mode.');
      }
      if (!(await deps.folders.findOwnerByFolder(folder))) throw new AppError('not-found', 'There is no such folder.');
      await deps.modes.setMode(folder, mode);
      if (mode === 'proofing') await deps.prepareProofs(folder);
      return { folder, mode };
    },

    proofingFolders: (): Promise<string[]> => deps.modes.foldersIn('proofing'),
  };
}

export type GalleryModes = ReturnType<typeof createGalleryModes>;
