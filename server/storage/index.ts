import type { Config } from '../env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export type { ByteRange, ListOptions, ListResult, PutOptions, Storage, StoredObjectInfo } from './storage';
export {
  InvalidStorageArgumentError,
  InvalidStorageKeyError,
  StorageNotFoundError,
  StorageRangeError,
  StorageUnavailableError,
} from './storage';

/** The driver the configuration asks for; called once at boot. */
export function createStorage(config: Config['storage']): Storage {
  if (config.kind === 's3') return createS3Storage(config);
  return createLocalStorage(config.root);
}
