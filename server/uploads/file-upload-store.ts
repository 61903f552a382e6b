import fsp from 'node:fs/promises';
import path from 'node:path';
import { StreamingFileStore } from './streaming-file-store';
import type { UploadStore } from './upload-store';

/** Unfinished uploads on this machine's disk, under `directory` (DATA_DIR/uploads): finishing is a rename. */
export function createFileUploadStore(directory: string, expiryMs: number): UploadStore {
  const datastore = new StreamingFileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  return {
    datastore,
    localFile: async (upload) => upload.storage?.path ?? path.join(directory, upload.id),
    async forget(id) {
      await fsp.rm(path.join(directory, id), { force: true });
      await fsp.rm(path.join(directory, `${id}.json`), { force: true });
    },
    deleteExpired: () => datastore.deleteExpired(),
    async listIds() {
      const names = await fsp.readdir(directory).catch(() => [] as string[]);
      return names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
    },
    // One machine: the recovery runs at start, before this process takes requests.
    async whileUnheld(_id, work) {
      await work();
      return true;
    },
  };
}
