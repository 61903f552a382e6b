import fsp from 'node:fs/promises';
import path from 'node:path';
import { StreamingFileStore } from './streaming-file-store';
import { isUploadUrlId, type UploadStore } from './upload-store';

/** Unfinished uploads on this machine's disk, under `directory` (DATA_DIR/uploads): finishing is a rename. */
export function createFileUploadStore(directory: string, expiryMs: number): UploadStore {
  const datastore = new StreamingFileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  /** One machine, one process: an upload's lock is the tail of the work queued on it here. */
  const queued = new Map<string, Promise<unknown>>();
  function exclusively<T>(id: string, work: () => Promise<T>): Promise<T> {
    const turn = (queued.get(id) ?? Promise.resolve()).then(work, work);
    const tail = turn.catch(() => {});
    queued.set(id, tail);
    void tail.then(() => {
      if (queued.get(id) === tail) queued.delete(id);
    });
    return turn;
  }
  async function forget(id: string): Promise<void> {
    await fsp.rm(path.join(directory, id), { force: true });
    await fsp.rm(path.join(directory, `${id}.json`), { force: true });
  }
  return {
    datastore,
    localFile: async (upload) => upload.storage?.path ?? path.join(directory, upload.id),
    forget,
    deleteExpired: () => datastore.deleteExpired(),
    // Every PATCH writes the upload's file, so its modification time is the last byte's; the record is written once.
    async lastWritten(id) {
      const mtimeOf = (file: string) =>
        fsp.stat(path.join(directory, file)).then(
          (stat) => stat.mtimeMs,
          () => 0,
        );
      const newest = Math.max(await mtimeOf(id), await mtimeOf(`${id}.json`));
      return newest > 0 ? new Date(newest) : undefined;
    },
    discard: forget,
    async listIds() {
      const names = await fsp.readdir(directory).catch(() => [] as string[]);
      return names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
    },
    async whileUnheld(id, work) {
      if (queued.has(id)) return false;
      await exclusively(id, work);
      return true;
    },
    exclusively,
    uploadIdOf: (urlId) => (isUploadUrlId(urlId) ? urlId : undefined),
  };
}
