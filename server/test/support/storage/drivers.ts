import path from 'node:path';
import { createLocalStorage } from '../../../storage/local-storage';
import { createS3Storage } from '../../../storage/s3-storage';
import type { Storage } from '../../../storage/storage';
import { makeTempDir } from '../../harness';
import { S3RVER_CREDENTIALS, startS3rver } from './s3rver';

export interface DriverUnderTest {
  name: 'disk' | 's3';
  setup: () => Promise<{ storage: Storage; cleanup: () => Promise<void> | void }>;
}

/** Both drivers, each on a fresh, empty store: a temp folder, or an s3rver bucket started for the test file. */
export const DRIVERS: DriverUnderTest[] = [
  {
    name: 'disk',
    setup: async () => {
      const temp = makeTempDir('gallery-storage-');
      return { storage: createLocalStorage(path.join(temp.dir, 'media')), cleanup: temp.remove };
    },
  },
  {
    name: 's3',
    setup: async () => {
      const server = await startS3rver();
      const storage = createS3Storage({
        bucket: server.bucket,
        endpoint: server.endpoint,
        region: 'us-east-1',
        ...S3RVER_CREDENTIALS,
        forcePathStyle: true,
        partSizeBytes: 5 * 1024 * 1024,
      });
      return { storage, cleanup: server.stop };
    },
  },
];
