import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMountTmpfs, fillDisk, mountTmpfs } from '../../e2e/support/tmpfs';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { isEmptyDatabase } from '../db/snapshot';
import { createStorage } from '../storage/index';
import type { Storage } from '../storage/storage';
import { uploadReadyPhoto } from '../test/admin-upload';
import { createTestAppWithAdmin, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { MEDIA_FOLDER, readManifest, SQLITE_FILE } from './manifest';
import { freshRestoreTarget, makePostgresDatabase, type RestoreTarget, runCommand } from './restore-test-support';

const ADMIN = { email: 'photographer@example.com', password: 'backup-admin-secret' };
/** tmpfs hands out whole pages: a file takes its size rounded up to one, and the disk driver adds a sidecar page. */
const PAGE = 4096;

async function allKeys(storage: Storage): Promise<string[]> {
  return (await storage.list({ maxResults: 1000 })).items.map((item) => item.key);
}

/** Every file below `dir`, whatever its name (the disk driver's temporary files and sidecars included). */
function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * The disk fills up while a restore writes the media (a real ENOSPC: DATA_DIR is a small tmpfs, as in
 * server/uploads/disk-full.test.ts). Skipped only where mounting is not permitted (not root); CI runs as root.
 */
describe.skipIf(!canMountTmpfs())('a restore that runs out of disk halfway', () => {
  describe.each(TEST_DATABASES)('on %s', (kind) => {
    let source: TestApp;
    const temp = makeTempDir('gallery-restore-full-');
    const snapshot = path.join(temp.dir, 'snapshot');
    const dataDir = path.join(temp.dir, 'data');
    const filler = path.join(dataDir, 'filler.bin');
    const cleanups: Array<() => unknown> = [];
    let into: RestoreTarget;

    beforeAll(async () => {
      let env: Record<string, string> = {};
      if (kind === 'postgres') {
        const database = await makePostgresDatabase();
        cleanups.push(database.drop);
        env = { DATABASE_URL: database.url };
      }
      let admin: Awaited<ReturnType<typeof createTestAppWithAdmin>>['admin'];
      ({ t: source, admin } = await createTestAppWithAdmin('sqlite', ADMIN, env));
      for (const name of ['one.jpg', 'two.jpg', 'three.jpg']) {
        await uploadReadyPhoto(admin, source.dataDir, MAIN_GALLERY_FOLDER, name);
      }
      const backup = await runCommand('backup', snapshot, source.config);
      expect(backup.code, backup.output).toBe(0);
      cleanups.push(mountTmpfs(dataDir, 16));
      into = await freshRestoreTarget(kind, {}, dataDir);
      cleanups.push(into.remove);
    }, 120_000);

    afterAll(async () => {
      await source?.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
      temp.remove();
    });

    it('removes what it wrote, and runs again once there is room', async () => {
      const { files } = readManifest(snapshot);
      const media = files.filter((file) => file.path.startsWith(`${MEDIA_FOLDER}/`));
      expect(media.length).toBeGreaterThan(3);
      // Room for the data files, a SQLite database and about half of the media: whatever order the restore writes
      // them in, it stops with part of them written.
      const pages = (size: number) => Math.ceil(size / PAGE) * PAGE + PAGE;
      const database = files.find((file) => file.path === SQLITE_FILE);
      const half = media.slice(0, Math.floor(media.length / 2));
      const room = (database ? pages(database.size) : 0) + 2 * PAGE + half.reduce((sum, f) => sum + pages(f.size), 0);
      fillDisk(filler, room);

      const failed = await runCommand('restore', snapshot, into.config);
      expect(failed.code).toBe(1);
      expect(failed.output).toMatch(/ENOSPC/);
      expect(failed.output).toMatch(/removed what it had written/);
      expect(await isEmptyDatabase(into.config.database)).toBe(true);
      expect(filesBelow(dataDir)).toEqual(['filler.bin']);

      fs.rmSync(filler);
      const restored = await runCommand('restore', snapshot, into.config);
      expect(restored.code, restored.output).toBe(0);
      expect(await isEmptyDatabase(into.config.database)).toBe(false);
      const sourceKeys = await allKeys(createStorage(source.config.storage));
      expect(await allKeys(createStorage(into.config.storage))).toEqual(sourceKeys);
    });
  });
});
