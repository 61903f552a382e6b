import fs from 'node:fs';
import path from 'node:path';
import { snapshotDatabase } from '../db/snapshot';
import type { Config } from '../env';
import type { Storage, StoredObjectInfo } from '../storage/storage';
import {
  DATA_FILES,
  databaseFileOf,
  hashFile,
  isUnfinishedUpload,
  MANIFEST_FILE,
  type Manifest,
  type ManifestFile,
  MEDIA_FOLDER,
  writeHashed,
} from './manifest';

export interface BackupResult {
  dir: string;
  files: number;
  bytes: number;
  objects: number;
}

/**
 * Writes a snapshot of a running site into `target`, which must not exist yet.
 *
 * The database is copied first (SQLite's online backup, or pg_dump, each a consistent view of one moment), then the
 * media. Media are written once under their keys and deleted only when the trash is emptied days later, so every
 * object the copied database names is still there when the media are read; objects uploaded meanwhile are copied
 * too and are simply unreferenced after a restore. Unfinished uploads in the bucket (the tus store's parts and
 * records) are left out: they are not the site's data yet, and they are gone once each upload finishes or expires,
 * so a snapshot naming them could not be restored.
 *
 * Everything goes into a sibling `.partial` folder that is renamed to `target` only after the manifest, written last,
 * is on disk: an interrupted backup never leaves a folder that looks complete.
 */
export async function createBackup(config: Config, storage: Storage, target: string): Promise<BackupResult> {
  const finalDir = path.resolve(target);
  if (fs.existsSync(finalDir)) throw new Error(`${finalDir} exists already: give a new folder for the snapshot.`);
  const workDir = `${finalDir}.partial-${process.pid}-${Date.now()}`;
  fs.mkdirSync(workDir, { recursive: true });
  try {
    const files: ManifestFile[] = [];
    const record = async (relative: string) => {
      files.push({ path: relative, ...(await hashFile(path.join(workDir, relative))) });
    };

    const databaseFile = databaseFileOf(config.database.kind);
    await snapshotDatabase(config.database, path.join(workDir, databaseFile));
    await record(databaseFile);

    for (const name of DATA_FILES) {
      const source = path.join(config.dataDir, name);
      if (!fs.existsSync(source)) continue;
      fs.copyFileSync(source, path.join(workDir, name));
      await record(name);
    }

    const objects: Manifest['objects'] = [];
    for await (const object of listAll(storage)) {
      if (isUnfinishedUpload(object.key)) continue;
      if (storage.kind === 's3') {
        objects.push({ key: object.key, size: object.size, etag: object.etag });
        continue;
      }
      const relative = path.posix.join(MEDIA_FOLDER, object.key);
      const { stream } = await storage.get(object.key);
      files.push({ path: relative, ...(await writeHashed(stream, path.join(workDir, relative))) });
    }

    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: config.database.kind,
      storage: storage.kind,
      files,
      objects,
    };
    fs.writeFileSync(path.join(workDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(workDir, finalDir);
    return {
      dir: finalDir,
      files: files.length,
      bytes: files.reduce((sum, file) => sum + file.size, 0),
      objects: objects.length,
    };
  } catch (error) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}

async function* listAll(storage: Storage): AsyncGenerator<StoredObjectInfo> {
  let pageToken: string | undefined;
  do {
    const page = await storage.list({ pageToken, maxResults: 1000 });
    yield* page.items;
    pageToken = page.nextPageToken;
  } while (pageToken);
}
