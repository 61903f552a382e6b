import type { MediaRepository } from '../../repositories/media-repository';

export interface KnownUploadsDependencies {
  media: Pick<MediaRepository, 'knownHashes'>;
  /** Throws when the folder does not exist (as an upload into it would be refused). */
  resolveFolder: (folder: string) => Promise<unknown>;
  /** The storage folder of an event's photos; throws when there is no such event. */
  resolveEvent: (eventId: string) => Promise<string>;
}

/**
 * "Which of these files do you have already?", asked by the sync command before it sends a folder: a file whose
 * content (MD5) the target has is skipped, even from another machine or after its own record of what it sent is lost.
 */
export function createKnownUploads(deps: KnownUploadsDependencies) {
  return {
    async known(target: { folder?: string; event?: string }, md5Hashes: string[]): Promise<string[]> {
      let folder: string;
      if (target.event !== undefined) folder = await deps.resolveEvent(target.event);
      else {
        folder = target.folder ?? '';
        await deps.resolveFolder(folder);
      }
      return deps.media.knownHashes(folder, md5Hashes);
    },
  };
}

export type KnownUploads = ReturnType<typeof createKnownUploads>;
