import fs from 'node:fs';
import path from 'node:path';
import { restoreDatabase } from '../db/snapshot';
import type { Config } from '../env';
import type { Storage } from '../storage/storage';
import { DATA_FILES, databaseFileOf, MEDIA_FOLDER, readManifest } from './manifest';
import { checkRestorable } from './restore-checks';

export interface RestoreResult {
  files: number;
  objectsChecked: number;
}

/**
 * Brings a snapshot back into the configured DATA_DIR, database and storage, which must be fresh: restoring over a
 * site that has data would mix two histories, so that is refused rather than guessed at. The snapshot's database
 * kind must be the configured one (moving between SQLite and PostgreSQL is a migration, not a restore).
 *
 * Everything that can be checked is checked before the first write (restore-checks.ts). A write that still fails
 * (a full disk, a storage that stops answering) undoes the ones before it: the media written are deleted and the
 * data files removed, and the database, restored last and all or nothing, is left empty. So a failed restore can
 * simply be run again once its cause is fixed.
 */
export async function restoreBackup(config: Config, storage: Storage, source: string): Promise<RestoreResult> {
  const dir = path.resolve(source);
  const manifest = readManifest(dir);
  await checkRestorable(config, storage, dir, manifest);

  const undo: Array<{ what: string; run: () => unknown }> = [];
  try {
    const mediaPrefix = `${MEDIA_FOLDER}/`;
    for (const entry of manifest.files) {
      if (!entry.path.startsWith(mediaPrefix)) continue;
      const key = entry.path.slice(mediaPrefix.length);
      // Recorded before the write: a put that fails halfway may still have left something.
      undo.push({ what: `media object ${key}`, run: () => storage.delete(key) });
      await storage.put(key, fs.createReadStream(path.join(dir, entry.path)));
    }

    fs.mkdirSync(config.dataDir, { recursive: true });
    for (const name of DATA_FILES) {
      const file = path.join(dir, name);
      if (!fs.existsSync(file)) continue;
      const target = path.join(config.dataDir, name);
      undo.push({ what: target, run: () => fs.rmSync(target, { force: true }) });
      fs.copyFileSync(file, target, fs.constants.COPYFILE_EXCL);
    }

    await restoreDatabase(config.database, path.join(dir, databaseFileOf(manifest.database)));
  } catch (error) {
    throw new Error(`${describe(error)}\n${await undoWrites(undo)}`, { cause: error });
  }
  return { files: manifest.files.length, objectsChecked: manifest.objects.length };
}

/** Undoes the writes, newest first; says whether the target is fresh again or what is left to remove by hand. */
async function undoWrites(undo: Array<{ what: string; run: () => unknown }>): Promise<string> {
  const left: string[] = [];
  for (const step of undo.reverse()) {
    try {
      await step.run();
    } catch {
      left.push(step.what);
    }
  }
  if (left.length === 0) {
    return 'The restore stopped and removed what it had written: fix the cause and run it again.';
  }
  return (
    `The restore stopped, and ${left.length} of the things it had written could not be removed (the first: ` +
    `${left[0]}): empty DATA_DIR and the media storage before running it again.`
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
