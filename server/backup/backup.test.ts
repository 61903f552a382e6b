import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupCommand } from '../../scripts/backup';
import type { AdminMedia } from '../../shared/schemas/admin';
import { buildApp } from '../app';
import { connectDatabase, type Database } from '../db/database';
import { type Config, loadConfig } from '../env';
import { createStorage } from '../storage/index';
import type { Storage } from '../storage/storage';
import { uploadReadyPhoto } from '../test/admin-upload';
import { signUpVerified, type VerifiedUser } from '../test/email-links';
import { createTestAppWithAdmin, makeTempDir, type TestApp } from '../test/harness';
import { until } from '../test/support/ingest';
import { FAST_HASH, TestClient } from '../test/test-client';
import { MANIFEST_FILE } from './manifest';
import { makePostgresDatabase } from './restore-test-support';

const ADMIN = { email: 'photographer@example.com', password: 'backup-admin-secret' };
const PASSWORD = 'riding at dawn';
const SECRET = 'test-secret-test-secret-test-secret-0123';
/** The rows that make the business: who the clients are, what they own, what they agreed to and ordered. */
const COMPARED_TABLES = [
  'user',
  'account',
  'client',
  'media',
  'gallery_mode',
  'client_order',
  'client_order_item',
] as const;

async function rowsOf(database: Database, table: string): Promise<unknown[]> {
  // Named as one table of the schema type only to type the query: the compared tables include better-auth's
  // `account`, which the type omits, and only their rows' content is read.
  const rows: unknown[] = await database.db
    .selectFrom(table as 'user')
    .selectAll()
    .execute();
  // In a stable order whatever the table's key (some are keyed by a pair): by the row's whole content.
  return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function sha256OfEveryObject(storage: Storage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  let pageToken: string | undefined;
  do {
    const page = await storage.list({ pageToken, maxResults: 1000 });
    for (const item of page.items) {
      const hash = createHash('sha256');
      for await (const chunk of (await storage.get(item.key)).stream) hash.update(chunk as Buffer);
      hashes[item.key] = hash.digest('hex');
    }
    pageToken = page.nextPageToken;
  } while (pageToken);
  return hashes;
}

const kinds: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(kinds)('a backup of a running site on %s, restored into a fresh one', (kind) => {
  let source: TestApp;
  let admin: TestClient;
  let rider: TestClient;
  let riderUser: VerifiedUser;
  let photos: AdminMedia[];
  let restoredConfig: Config;
  const restoreDir = makeTempDir('gallery-restore-');
  const snapshotParent = makeTempDir('gallery-snapshot-');
  const snapshot = path.join(snapshotParent.dir, 'nightly');
  const databases: Array<{ drop: () => Promise<void> }> = [];

  beforeAll(async () => {
    let sourceEnv: Record<string, string> = {};
    let restoredEnv: Record<string, string> = {};
    if (kind === 'postgres') {
      const [from, to] = [await makePostgresDatabase(), await makePostgresDatabase()];
      databases.push(from, to);
      sourceEnv = { DATABASE_URL: from.url };
      restoredEnv = { DATABASE_URL: to.url };
    }
    ({ t: source, admin } = await createTestAppWithAdmin('sqlite', ADMIN, sourceEnv));
    rider = new TestClient(source.app);
    riderUser = await signUpVerified(rider, source.dataDir, 'noa@example.com', PASSWORD, 'Noa Levi');
    photos = [];
    for (let i = 0; i < 3; i++)
      photos.push(await uploadReadyPhoto(admin, source.dataDir, riderUser.folder, `jump-${i}.jpg`));
    const { terms } = (await rider.get('/api/agreements/current?lng=he')).json();
    expect((await rider.post('/api/agreements', { language: 'he', termsVersion: terms.version })).statusCode).toBe(201);
    const folder = `/api/admin/folders/${encodeURIComponent(riderUser.folder)}`;
    expect((await admin.request({ method: 'PATCH', url: folder, payload: { mode: 'proofing' } })).statusCode).toBe(200);
    for (const photo of photos.slice(0, 2)) {
      expect((await rider.request({ method: 'PUT', url: `/api/me/picks/${photo.id}` })).statusCode).toBeLessThan(300);
    }
    expect((await rider.post('/api/me/orders', { note: 'The jump over the oxer' })).statusCode).toBeLessThan(300);
    // The proofs of the proofing gallery are made in the background: the comparison needs them settled first.
    const jobs = connectDatabase(source.config.database);
    await until(
      async () => {
        const open = await jobs.db
          .selectFrom('job')
          .select('id')
          .where('status', 'in', ['queued', 'running'])
          .execute();
        return open.length === 0;
      },
      'the background jobs to finish',
      60_000,
    );
    await jobs.close();

    restoredConfig = loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: SECRET,
      DATA_DIR: restoreDir.dir,
      LOG_LEVEL: 'silent',
      DEMO_CONTENT: 'false',
      ADMIN_EMAIL: ADMIN.email,
      PUBLIC_URL: 'http://localhost:3000',
      ...restoredEnv,
    });
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    for (const database of databases) await database.drop();
    restoreDir.remove();
    snapshotParent.remove();
  });

  it('brings back the accounts, galleries, agreements and orders, and the same media bytes', async () => {
    const before = connectDatabase(source.config.database);
    const agreementsBefore = await rowsOf(before, 'agreement');
    await before.close();
    // The site keeps working while the snapshot is taken: acceptances arrive during the backup.
    const { terms } = (await rider.get('/api/agreements/current?lng=en')).json();
    let writing = true;
    const writes = (async () => {
      let count = 0;
      while (writing) {
        await rider.post('/api/agreements', { language: 'en', termsVersion: terms.version });
        count++;
      }
      return count;
    })();
    const lines: string[] = [];
    const backedUp = await runBackupCommand('backup', snapshot, {
      config: source.config,
      out: (line) => lines.push(line),
    });
    writing = false;
    expect(await writes).toBeGreaterThan(0);
    expect(backedUp, lines.join('\n')).toBe(0);
    expect(fs.existsSync(path.join(snapshot, MANIFEST_FILE))).toBe(true);
    // Nothing but the finished snapshot is left beside it.
    expect(fs.readdirSync(snapshotParent.dir)).toEqual(['nightly']);

    const restored = await runBackupCommand('restore', snapshot, { config: restoredConfig, out: (l) => lines.push(l) });
    expect(restored, lines.join('\n')).toBe(0);

    const from = connectDatabase(source.config.database);
    const to = connectDatabase(restoredConfig.database);
    try {
      for (const table of COMPARED_TABLES) {
        const rows = await rowsOf(from, table);
        expect(rows.length, table).toBeGreaterThan(0);
        expect(await rowsOf(to, table), table).toEqual(rows);
      }
      // Every acceptance made before the backup is there; those made during it are there only if the source has them.
      const restoredAgreements = await rowsOf(to, 'agreement');
      const sourceAgreements = await rowsOf(from, 'agreement');
      for (const row of agreementsBefore) expect(restoredAgreements).toContainEqual(row);
      for (const row of restoredAgreements) expect(sourceAgreements).toContainEqual(row);
    } finally {
      await from.close();
      await to.close();
    }
    const sourceMedia = await sha256OfEveryObject(createStorage(source.config.storage));
    expect(Object.keys(sourceMedia).length).toBeGreaterThan(photos.length);
    expect(await sha256OfEveryObject(createStorage(restoredConfig.storage))).toEqual(sourceMedia);

    // The restored site serves the client their photo, signed in with the same password.
    const app = await buildApp(restoredConfig, { webRoot: path.join(restoreDir.dir, 'no-web-build'), ...FAST_HASH });
    try {
      await app.ready();
      const client = new TestClient(app);
      await client.signIn('noa@example.com', PASSWORD);
      const { items } = (await client.get('/api/me/gallery?page=1')).json();
      expect(items.map((item: { id: string }) => item.id).sort()).toEqual(photos.map((photo) => photo.id).sort());
      const src = items[0].image.src as string;
      const served = await client.get(src);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses to restore over a site that has data, and a damaged snapshot', async () => {
    const lines: string[] = [];
    expect(await runBackupCommand('restore', snapshot, { config: restoredConfig, out: (l) => lines.push(l) })).toBe(1);
    expect(lines.at(-1)).toMatch(/fresh/);

    const damaged = path.join(snapshotParent.dir, 'damaged');
    fs.cpSync(snapshot, damaged, { recursive: true });
    const mediaFile = fs
      .readdirSync(path.join(damaged, 'media'), { recursive: true, withFileTypes: true })
      .find((entry) => entry.isFile());
    expect(mediaFile).toBeDefined();
    if (mediaFile) fs.appendFileSync(path.join(mediaFile.parentPath, mediaFile.name), 'x');
    const fresh = makeTempDir('gallery-restore-damaged-');
    try {
      const config = { ...restoredConfig, dataDir: fresh.dir };
      const code = await runBackupCommand('restore', damaged, { config, out: (l) => lines.push(l) });
      expect(code).toBe(1);
      expect(lines.at(-1)).toMatch(/damaged/);
    } finally {
      fresh.remove();
    }
  });
});
