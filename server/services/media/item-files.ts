import { DERIVED_PREFIX } from '../../media/types';
import type { MediaRecord } from '../../repositories/media-repository';
import { deletePrefix, type Storage } from '../../storage/storage';
import { ORIGINALS_PREFIX } from './replace-job';

/**
 * Deletes every stored file of an item that is being removed for good: its original where it is stored, its name
 * path, the edited and kept versions under `_originals/<id>/`, and its derivatives. Its row (and its versions' rows)
 * go after, so an interrupted removal leaves a row that a second try finishes.
 */
export async function deleteItemFiles(storage: Pick<Storage, 'delete' | 'list'>, record: MediaRecord): Promise<void> {
  await storage.delete(record.originalKey);
  if (record.originalKey !== record.fullPath) await storage.delete(record.fullPath);
  await deletePrefix(storage, `${ORIGINALS_PREFIX}${record.id}/`);
  await deletePrefix(storage, `${DERIVED_PREFIX}${record.id}/`);
}
