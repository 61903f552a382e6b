import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { MediaRecord } from '../../repositories/media-repository';
import { type MediaTestApp, startMediaTestApp, writeTestMp4 } from '../../test/support/media-test-app';

/**
 * The Range matrix of issue 4 through the real media route (an original video, as a `<video>` element asks for it),
 * on both storage drivers: the storage unit tests cover the drivers, this covers what a browser actually gets.
 */
describe.each(['disk', 's3'] as const)('Range requests for an original video on %s storage', (driver) => {
  let m: MediaTestApp;
  let video: MediaRecord;
  let bytes: Buffer;
  let url: string;

  beforeAll(async () => {
    m = await startMediaTestApp({ driver, database: 'sqlite' });
    const clip = writeTestMp4(path.join(m.t.dataDir, 'clip.mp4'));
    bytes = fs.readFileSync(clip);
    ({ video } = await m.settle({ video: await m.ingest(MAIN_GALLERY_FOLDER, clip, 'clip.mp4') }));
    expect(video).toMatchObject({ status: 'ready', isVideo: true, contentType: 'video/mp4' });
    url = `/media/${video.id}/original`;
  });
  afterAll(async () => m?.close());

  const get = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    m.clients.anonymous.request({ method, url, headers });

  function expectPartial(res: Awaited<ReturnType<typeof get>>, start: number, end: number) {
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  }

  it('serves the whole file with Accept-Ranges when no range is asked', async () => {
    expect(bytes.length).toBeGreaterThan(1000);
    const res = await get({});
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('bytes=0-1: the first two bytes', async () => {
    expectPartial(await get({ range: 'bytes=0-1' }), 0, 1);
  });

  it('bytes=a-b: a slice from the middle', async () => {
    expectPartial(await get({ range: 'bytes=100-599' }), 100, 599);
  });

  it('bytes=a-: from a to the end (and an end past the file is clamped)', async () => {
    const start = bytes.length - 300;
    expectPartial(await get({ range: `bytes=${start}-` }), start, bytes.length - 1);
    expectPartial(await get({ range: `bytes=${start}-${bytes.length + 5000}` }), start, bytes.length - 1);
  });

  it('bytes=-n: the last n bytes', async () => {
    expectPartial(await get({ range: 'bytes=-120' }), bytes.length - 120, bytes.length - 1);
  });

  it('a range starting at or past the end: 416 with the size', async () => {
    for (const range of [`bytes=${bytes.length}-`, `bytes=${bytes.length + 10}-${bytes.length + 20}`]) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${bytes.length}`);
    }
  });

  it('If-Range: the range when the validator matches, the whole file when it is stale', async () => {
    const etag = String((await get({}, 'HEAD')).headers.etag);
    expect(etag).toMatch(/^"/);
    expectPartial(await get({ range: 'bytes=10-19', 'if-range': etag }), 10, 19);
    const stale = await get({ range: 'bytes=10-19', 'if-range': '"an-older-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['content-range']).toBeUndefined();
    expect(stale.rawPayload.equals(bytes)).toBe(true);
  });

  it('HEAD: the headers of the full answer or of the range, and no body', async () => {
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload).toHaveLength(0);
    const partial = await get({ range: 'bytes=0-1' }, 'HEAD');
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 0-1/${bytes.length}`);
    expect(partial.rawPayload).toHaveLength(0);
  });
});
