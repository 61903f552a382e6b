import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import type { MediaRecord } from '../repositories/media-repository';
import { writeTestJpeg } from '../test/support/ingest';
import { type MediaTestApp, startMediaTestApp } from '../test/support/media-test-app';

/**
 * The S3 store goes away (s3rver stopped) and comes back (started again on the same port with the same objects):
 * meanwhile media requests get a clean 503 `storage-unavailable` with Retry-After, and afterwards the same bytes.
 */
describe('the S3 store unreachable', () => {
  let m: MediaTestApp;
  let photo: MediaRecord;
  let original: Buffer;

  beforeAll(async () => {
    m = await startMediaTestApp({ driver: 's3', database: 'sqlite' });
    const source = await writeTestJpeg(path.join(m.t.dataDir, 'source.jpg'), 800, 600);
    ({ photo } = await m.settle({ photo: await m.ingest(MAIN_GALLERY_FOLDER, source, 'ride.jpg') }));
    expect(photo.status).toBe('ready');
    const res = await m.clients.anonymous.get(`/media/${photo.id}/original`);
    expect(res.statusCode).toBe(200);
    original = res.rawPayload;
  });
  afterAll(async () => m?.close());

  it('answers 503 storage-unavailable while the store is down, and the bytes again once it is back', async () => {
    await m.s3?.pause();
    const derivative = photo.derivatives[0];
    if (!derivative) throw new Error('the photo has no derivatives');
    const reads = [`/media/${photo.id}/original`, `/media/${photo.id}/${derivative.file}`];
    for (const url of reads) {
      const res = await m.clients.anonymous.get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toMatchObject({ error: { code: 'storage-unavailable' } });
      expect(res.headers['retry-after'], url).toBe('30');
    }
    // A download's GET is a presigned redirect that needs no call to the store; its HEAD asks the store.
    const head = await m.clients.anonymous.request({ method: 'HEAD', url: `/api/media/${photo.id}/download` });
    expect(head.statusCode).toBe(503);
    await m.s3?.resume();
    const back = await m.clients.anonymous.get(`/media/${photo.id}/original`);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(original)).toBe(true);
  });
});
