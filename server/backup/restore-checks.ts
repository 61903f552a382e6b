import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isEmptyDatabase } from '../db/snapshot';
import type { Config } from '../env';
import type { Storage, StoredObjectInfo } from '../storage/storage';
import { DATA_FILES, databaseFileOf, isUnfinishedUpload, type Manifest, verifySnapshot } from './manifest';

/**
 * Everything a restore can know before it writes: the snapshot is complete and intact, every object it lists is in
 * the bucket as it was, the target is fresh, and the storage takes a write. A restore that would fail on any of these
 * is refused here, with nothing written. Throws naming the first problem.
 */
export async function checkRestorable(config: Config, storage: Storage, dir: string, manifest: Manifest) {
  if (manifest.database !== config.database.kind) {
    throw new Error(
      `The snapshot holds a ${manifest.database} database, but this site is set up for ${config.database.kind}.`,
    );
  }
  if (manifest.storage !== storage.kind) {
    throw new Error(`The snapshot's media were on ${manifest.storage}, but this site stores media on ${storage.kind}.`);
  }
  const databaseFile = databaseFileOf(manifest.database);
  if (!manifest.files.some((entry) => entry.path === databaseFile)) {
    throw new Error(`${dir} is not a complete snapshot: its manifest lists no ${databaseFile}.`);
  }
  await verifySnapshot(dir, manifest);
  if (storage.kind === 's3') await checkBucketHolds(storage, manifest.objects);
  await refuseIfNotFresh(config, storage);
  await checkWritable(storage);
}

async function refuseIfNotFresh(config: Config, storage: Storage): Promise<void> {
  if (!(await isEmptyDatabase(config.database))) {
    throw new Error('The database already holds a site: restore into a fresh DATA_DIR and database.');
  }
  for (const name of DATA_FILES) {
    if (fs.existsSync(path.join(config.dataDir, name))) {
      throw new Error(`DATA_DIR already holds ${name}: restore into a fresh DATA_DIR.`);
    }
  }
  if (storage.kind === 'disk') {
    const page = await storage.list({ maxResults: 1 });
    if (page.items.length > 0) throw new Error('The media folder is not empty: restore into a fresh DATA_DIR.');
  }
}

/** Writes a small object, reads it back and deletes it: the restored site will need all three. */
async function checkWritable(storage: Storage): Promise<void> {
  const key = `restore-check-${randomBytes(8).toString('hex')}`;
  const bytes = Buffer.from('restore check\n');
  try {
    await storage.put(key, bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.get(key)).stream) chunks.push(chunk as Buffer);
    if (!Buffer.concat(chunks).equals(bytes)) throw new Error('what was read back differs from what was written');
  } catch (error) {
    throw new Error(`The media storage does not take writes (${describe(error)}); nothing was restored.`, {
      cause: error,
    });
  } finally {
    await storage.delete(key).catch(() => {});
  }
}

/**
 * On S3 the bytes never left the bucket: every listed object must still be there with its size and ETag. One listing
 * of the bucket answers for all of them (a HEAD per object would take minutes on a large site).
 */
async function checkBucketHolds(storage: Storage, objects: Manifest['objects']): Promise<void> {
  const expected = new Map(objects.filter((object) => !isUnfinishedUpload(object.key)).map((o) => [o.key, o]));
  const changed: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await storage.list({ pageToken, maxResults: 1000 });
    for (const item of page.items) {
      const wanted = expected.get(item.key);
      if (!wanted) continue;
      expected.delete(item.key);
      if (!sameObject(item, wanted)) changed.push(item.key);
    }
    pageToken = page.nextPageToken;
  } while (pageToken);
  const problems = [...expected.keys(), ...changed];
  if (problems.length > 0) {
    throw new Error(
      `The bucket no longer holds ${problems.length} of the snapshot's objects as they were (the first: ${problems[0]}); ` +
        "restore those versions from the bucket's versioning first. Nothing was restored.",
    );
  }
}

function sameObject(found: StoredObjectInfo, wanted: Manifest['objects'][number]): boolean {
  return found.size === wanted.size && found.etag === wanted.etag;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
