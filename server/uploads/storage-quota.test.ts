import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../shared/error-codes';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { registerErrorHandler } from '../plugins/error-handler';
import { createTestApp, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { writeTestJpeg } from '../test/support/ingest';
import { TEST_ADMIN } from '../test/support/media-test-app';
import { createUpload, encodeTusMetadata, patchUpload, uploadWhole } from '../test/support/tus';
import { TestClient } from '../test/test-client';
import { createFileUploadStore } from './file-upload-store';
import { createTusUploads, UNFINISHED_UPLOAD_TTL_MS, UPLOAD_PATH } from './tus-uploads';

/**
 * The storage code quota-exceeded (402, spec §8) when the storage is full: an upload that would pass
 * STORAGE_QUOTA_BYTES is refused when it is created, before a byte is stored. A disk that fills up while an upload
 * is written (ENOSPC, here a real one: the upload's file is pointed at /dev/full) answers 507 disk-full instead
 * (disk-full.test.ts fills a real file system and resumes).
 */
const FULL = { code: 'quota-exceeded', details: { reason: 'storage-full' } };
const DISK_FULL = { code: 'disk-full' };

async function startApp(database: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const t = await createTestApp({
    database,
    env: { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_INITIAL_PASSWORD: TEST_ADMIN.password, ...env },
  });
  const admin = new TestClient(t.app);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { t, admin };
}

/** The files of unfinished uploads (tus keeps `<id>` and `<id>.json`). */
const uploadFiles = (t: TestApp) => {
  const dir = path.join(t.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe.each(TEST_DATABASES)('the storage quota on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let jpeg: Buffer;

  beforeAll(async () => {
    const scratch = makeTempDir();
    jpeg = fs.readFileSync(await writeTestJpeg(path.join(scratch.dir, 'ride.jpg'), 64, 48));
    scratch.remove();
    // Room for one photo and a little more, not for two.
    ({ t, admin } = await startApp(database, { STORAGE_QUOTA_BYTES: String(jpeg.length * 2 - 1) }));
  });
  afterAll(async () => t?.close());

  it('accepts uploads while they fit, then refuses the one that would pass the quota with 402 quota-exceeded', async () => {
    expect(ERROR_STATUS['quota-exceeded']).toBe(402);
    const meta = { filename: 'first.jpg', filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER };
    const first = await uploadWhole(admin, jpeg, meta);
    expect(first.finished?.statusCode, first.finished?.body).toBe(204);

    const before = uploadFiles(t);
    const second = await createUpload(admin, jpeg.length, { ...meta, filename: 'second.jpg' });
    expect(second.statusCode).toBe(402);
    expect(second.json()).toMatchObject({ error: FULL });
    expect(second.json().error.message).toMatch(/storage is full/i);
    // Refused before anything was stored: no new upload file, no Location to send bytes to.
    expect(second.headers.location).toBeUndefined();
    expect(uploadFiles(t)).toEqual(before);

    // A file that still fits goes through.
    const small = await createUpload(admin, 1, { ...meta, filename: 'tiny.jpg' });
    expect(small.statusCode).toBe(201);
  });
});

describe('a full disk', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    ({ t, admin } = await startApp('sqlite'));
  });
  afterAll(async () => t?.close());

  it('answers an upload written to it with 507 disk-full, not a bare 500', async () => {
    expect(fs.existsSync('/dev/full'), 'the test needs /dev/full (Linux)').toBe(true);
    const created = await createUpload(admin, 4096, {
      filename: 'ride.jpg',
      filetype: 'image/jpeg',
      folder: MAIN_GALLERY_FOLDER,
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const id = location.split('/').at(-1) ?? '';
    const file = path.join(t.dataDir, 'uploads', id);
    expect(fs.existsSync(file)).toBe(true);
    // The disk is full from here on: every write to the upload's file fails with ENOSPC.
    fs.rmSync(file);
    fs.symlinkSync('/dev/full', file);
    const written = await patchUpload(admin, location, 0, Buffer.alloc(4096, 1));
    expect(written.statusCode).toBe(507);
    expect(written.json()).toMatchObject({ error: DISK_FULL });
  });
});

describe('a disk that fills up while a finished upload is stored', () => {
  it('answers the last PATCH with 507 disk-full and keeps nothing of the upload', async () => {
    const scratch = makeTempDir();
    const tus = createTusUploads({
      store: createFileUploadStore(scratch.dir, UNFINISHED_UPLOAD_TTL_MS),
      ingest: {
        findStored: async () => undefined,
        ingestFile: async () => {
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        },
      },
      resolveFolder: async () => undefined,
      logger: { error: () => {} },
    });
    const server = http.createServer((req, res) => void tus.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const tusHeaders = { 'tus-resumable': '1.0.0' };
      const created = await fetch(`${base}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: {
          ...tusHeaders,
          'upload-length': '4',
          'upload-metadata': encodeTusMetadata({
            filename: 'a.jpg',
            filetype: 'image/jpeg',
            folder: MAIN_GALLERY_FOLDER,
          }),
        },
      });
      expect(created.status).toBe(201);
      const location = new URL(created.headers.get('location') ?? '', `${base}${UPLOAD_PATH}/`).href;
      const finished = await fetch(location, {
        method: 'PATCH',
        headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: Buffer.from('abcd'),
      });
      expect(finished.status).toBe(507);
      expect(await finished.json()).toMatchObject({ error: DISK_FULL });
      expect(fs.readdirSync(scratch.dir)).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      scratch.remove();
    }
  });
});

describe('the error handler', () => {
  it('answers any route whose write meets a full disk (files or the database) with 507 disk-full', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const codes = ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100'];
    for (const code of codes) {
      app.get(`/${code}`, async () => {
        throw Object.assign(new Error(`${code}: no space left on device, write`), { code });
      });
    }
    for (const code of codes) {
      const res = await app.inject({ method: 'GET', url: `/${code}` });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toMatchObject({ error: DISK_FULL });
      expect(res.body).not.toContain('no space left');
    }
    await app.close();
  });
});
