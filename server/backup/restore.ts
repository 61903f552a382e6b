import fs from 'node:fs';
import path from 'node:path';
import { isEmptyDatabase, restoreDatabase } from '../db/snapshot';
import type { Config } from '../env';
import type { Storage } from '../storage/storage';
import { DATA_FILES, MEDIA_FOLDER, PG_DUMP_FILE, readManifest, SQLITE_FILE, verifySnapshot } from './manifest';

export interface RestoreResult {
  files: number;
  objectsChecked: number;
}

/**
 * Brings a snapshot back into the configured DATA_DIR, database and storage, which must be fresh: restoring over a
 * site that has data would mix two histories, so that is refused rather than guessed at. Every file is checked
 * against the manifest's SHA-256 before anything is written. The snapshot's database kind must be the configured one
 * (moving between SQLite and PostgreSQL is a migration, not a restore).
 */
export async function restoreBackup(config: Config, storage: Storage, source: string): Promise<RestoreResult> {
  const dir = path.resolve(source);
  const manifest = readManifest(dir);
  if (manifest.database !== config.database.kind) {
    throw new Error(
      `The snapshot holds a ${manifest.database} database, but this site is set up for ${config.database.kind}.`,
    );
  }
  if (manifest.storage !== storage.kind) {
    throw new Error(`The snapshot's media were on ${manifest.storage}, but this site stores media on ${storage.kind}.`);
  }
  await verifySnapshot(dir, manifest);
  await refuseIfNotFresh(config, storage);

  fs.mkdirSync(config.dataDir, { recursive: true });
  await restoreDatabase(
    config.database,
    path.join(dir, config.database.kind === 'sqlite' ? SQLITE_FILE : PG_DUMP_FILE),
  );

  for (const name of DATA_FILES) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(config.dataDir, name), fs.constants.COPYFILE_EXCL);
  }

  const mediaPrefix = `${MEDIA_FOLDER}/`;
  for (const entry of manifest.files) {
    if (!entry.path.startsWith(mediaPrefix)) continue;
    const key = entry.path.slice(mediaPrefix.length);
    await storage.put(key, fs.createReadStream(path.join(dir, entry.path)));
  }

  // On S3 the bytes never left the bucket: check that every listed object is still there, unchanged.
  for (const object of manifest.objects) {
    const found = await storage.head(object.key);
    if (!found || found.etag !== object.etag) {
      throw new Error(
        `The bucket no longer holds ${object.key} as it was at the snapshot; restore that version from the bucket's versioning first.`,
      );
    }
  }
  return { files: manifest.files.length, objectsChecked: manifest.objects.length };
}

async function refuseIfNotFresh(config: Config, storage: Storage): Promise<void> {
  if (!(await isEmptyDatabase(config.database))) {
    throw new Error('The database already holds a site: restore into a fresh DATA_DIR and database.');
  }
  if (storage.kind === 'disk') {
    const page = await storage.list({ maxResults: 1 });
    if (page.items.length > 0) throw new Error('The media folder is not empty: restore into a fresh DATA_DIR.');
  }
}
