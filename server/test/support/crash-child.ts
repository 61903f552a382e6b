/**
 * A child process for the crash-recovery test (server/jobs/crash-recovery.test.ts): it ingests one file, starts the
 * worker, and stops dead right after the job has stored its first derivative, so the test can kill -9 it there.
 * Not part of the running server.
 */
import path from 'node:path';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { createMediaRuntime } from '../../composition/media-pipeline';
import { openDatabase } from '../../db/database';
import type { Config } from '../../env';
import { createLocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';

const [databaseJson, dataDir, sourceFile, leaseMsText] = process.argv.slice(2);
if (!databaseJson || !dataDir || !sourceFile || !leaseMsText) {
  throw new Error('usage: crash-child <database json> <data dir> <file> <job lease ms>');
}

const database = await openDatabase(JSON.parse(databaseJson) as Config['database']);
const storage = createLocalStorage(path.join(dataDir, 'media'));
const stalling: Storage = {
  ...storage,
  async put(key, body, options) {
    const info = await storage.put(key, body, options);
    if (key.startsWith('_derived/')) {
      process.stdout.write('DERIVING\n');
      await new Promise(() => {});
    }
    return info;
  },
};
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const runtime = createMediaRuntime({
  database,
  storage: stalling,
  dataDir,
  logger: silent,
  siteName: 'Crash test',
  leaseMs: Number(leaseMsText),
});
const record = await runtime.ingest.ingestFile({
  folder: MAIN_GALLERY_FOLDER,
  localPath: sourceFile,
  originalName: 'crash.jpg',
});
process.stdout.write(`INGESTED ${record.id}\n`);
await runtime.worker.start();
