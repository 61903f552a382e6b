import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DetailedError, type HttpResponse, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMountTmpfs, fillDisk, mountTmpfs } from '../../e2e/support/tmpfs';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { writePhotoLikeJpeg } from '../media/test-images';
import { makeTempDir } from '../test/harness';
import {
  adminHeaders,
  freePort,
  startServerProcess,
  stopServerProcess,
  storedOriginalPath,
} from '../test/support/server-process';
import { encodeTusMetadata } from '../test/support/tus';
import { UPLOAD_PATH } from './tus-uploads';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const TUS = { 'tus-resumable': '1.0.0' };
const META = { filename: 'arena.jpg', filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER };

/** Sends `bytes` by tus (a new upload, or the one at `uploadUrl`) until it succeeds or fails, without retrying. */
function send(
  bytes: Buffer,
  endpoint: string,
  headers: Record<string, string>,
  uploadUrl?: string,
): Promise<{ upload: Upload; response?: HttpResponse; error?: Error }> {
  return new Promise((resolve) => {
    const upload: Upload = new Upload(bytes, {
      endpoint,
      uploadUrl: uploadUrl ?? null,
      headers,
      chunkSize: 1024 * 1024,
      retryDelays: null,
      metadata: META,
      onSuccess: ({ lastResponse }) => resolve({ upload, response: lastResponse }),
      onError: (error) => resolve({ upload, error }),
    });
    upload.start();
  });
}

// Skipped only where mounting is not permitted (not root): the disk must really fill, so the test mounts a small tmpfs
// as DATA_DIR. CI runs as root.
describe.skipIf(!canMountTmpfs())('a disk that fills up during an upload', () => {
  const temp = makeTempDir('gallery-disk-full-');
  const dataDir = path.join(temp.dir, 'data');
  const filler = path.join(dataDir, 'filler.bin');
  let unmount: (() => void) | undefined;
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let photo: Buffer;

  beforeAll(async () => {
    photo = fs.readFileSync(await writePhotoLikeJpeg(path.join(temp.dir, 'arena.jpg'), 3000, 2000));
    // Everything the server keeps (SQLite, unfinished uploads, media) is on this one small file system.
    unmount = mountTmpfs(dataDir, 48);
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server.child);
    unmount?.();
    temp.remove();
  });

  it('answers 507 disk-full, keeps what was written, and resumes to a byte-identical original once space is freed', async () => {
    server = await startServerProcess(dataDir, await freePort());
    const endpoint = `${server.url}${UPLOAD_PATH}`;
    const headers = await adminHeaders(server.url);

    // Room for a third of the photo: the rest of the file system is taken by a file the operator can delete.
    fillDisk(filler, Math.floor(photo.length / 3));

    const first = await send(photo, endpoint, headers);
    expect(first.error).toBeInstanceOf(DetailedError);
    const refused = (first.error as DetailedError).originalResponse;
    expect(refused?.getStatus()).toBe(507);
    expect(JSON.parse(refused?.getBody() ?? '{}')).toMatchObject({ error: { code: 'disk-full' } });
    // The log line comes through the process's stdout, which may arrive after the answer.
    await expect.poll(() => server?.output()).toContain('the disk is full');

    // The bytes that reached the disk are kept, and a HEAD reports exactly them.
    const uploadUrl = String(first.upload.url);
    const id = uploadUrl.split('/').at(-1) ?? '';
    const head = await fetch(uploadUrl, { method: 'HEAD', headers: { ...headers, ...TUS } });
    expect(head.status).toBe(200);
    const keptOffset = Number(head.headers.get('upload-offset'));
    expect(keptOffset).toBeGreaterThan(0);
    expect(keptOffset).toBeLessThan(photo.length);
    expect(keptOffset).toBe(fs.statSync(path.join(dataDir, 'uploads', id)).size);
    const kept = fs.readFileSync(path.join(dataDir, 'uploads', id));
    expect(sha256(kept)).toBe(sha256(photo.subarray(0, keptOffset)));

    // A new upload cannot even be created while the disk is full, and leaves nothing behind.
    const created = await fetch(endpoint, {
      method: 'POST',
      headers: { ...headers, ...TUS, 'upload-length': '1000', 'upload-metadata': encodeTusMetadata(META) },
    });
    expect(created.status).toBe(507);
    expect(await created.json()).toMatchObject({ error: { code: 'disk-full' } });
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).toSorted()).toEqual([id, `${id}.json`]);

    // Nothing reached the media table or the stored originals.
    const db = new Database(path.join(dataDir, 'app.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM media').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }

    // The operator frees space; the same upload resumes from the kept offset and finishes.
    fs.rmSync(filler);
    const resumed = await send(photo, endpoint, headers, uploadUrl);
    expect(resumed.error).toBeUndefined();
    expect(resumed.upload.url).toBe(uploadUrl);
    const name = decodeURIComponent(String(resumed.response?.getHeader('x-media-name')));
    expect(sha256(fs.readFileSync(storedOriginalPath(dataDir, MAIN_GALLERY_FOLDER, name)))).toBe(sha256(photo));
    // A server process starts here; a busy machine needs more than the default 5 s.
  }, 120_000);
});
