import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { startDeployedProxy } from '../../test/support/deployed-proxy';
import { type MediaTestApp, startMediaTestApp, writeTestMp4 } from '../../test/support/media-test-app';
import type { RunningNginx } from '../../test/support/nginx';

/** What a test reads of an answer, whether it came from the app in-process or over HTTP through nginx. */
interface Answer {
  status: number;
  header(name: string): string | undefined;
  body: Buffer;
}
type Get = (headers: Record<string, string>, method?: 'GET' | 'HEAD') => Promise<Answer>;

/**
 * The Range / If-Range / 304 / 416 matrix through the real media route (an original video, as a `<video>` element
 * asks for it): on both storage drivers as the app answers by itself, and through nginx with the shipped
 * configuration (deploy/nginx) and MEDIA_ACCEL=nginx, where the app authorizes and nginx sends the bytes. The
 * storage unit tests cover the drivers; this covers what a browser actually gets.
 */
const setups = [
  { name: 'disk storage', driver: 'disk', proxy: false },
  { name: 's3 storage', driver: 's3', proxy: false },
  { name: 'disk storage behind nginx with X-Accel-Redirect', driver: 'disk', proxy: true },
  { name: 's3 storage behind nginx', driver: 's3', proxy: true },
] as const;

describe.each(setups)('Range requests for an original video on $name', ({ driver, proxy }) => {
  let m: MediaTestApp;
  let nginx: RunningNginx | undefined;
  let bytes: Buffer;
  let get: Get;

  beforeAll(async () => {
    m = await startMediaTestApp({ driver, database: 'sqlite', env: proxy ? { MEDIA_ACCEL: 'nginx' } : {} });
    const clip = writeTestMp4(path.join(m.t.dataDir, 'clip.mp4'));
    bytes = fs.readFileSync(clip);
    const { video } = await m.settle({ video: await m.ingest(MAIN_GALLERY_FOLDER, clip, 'clip.mp4') });
    expect(video).toMatchObject({ status: 'ready', isVideo: true, contentType: 'video/mp4' });
    const url = `/media/${video.id}/original`;
    if (proxy) {
      const appUrl = await m.t.app.listen({ host: '127.0.0.1', port: 0 });
      nginx = await startDeployedProxy({ appUrl, dataDir: m.t.dataDir });
      get = (headers, method = 'GET') => fetchAnswer(`${nginx?.url}${url}`, method, headers);
    } else {
      get = async (headers, method = 'GET') => {
        const res = await m.clients.anonymous.request({ method, url, headers });
        return { status: res.statusCode, header: (name) => headerText(res.headers[name]), body: res.rawPayload };
      };
    }
  });
  afterAll(async () => {
    await nginx?.stop();
    await m?.close();
  });

  function expectPartial(res: Answer, start: number, end: number) {
    expect(res.status).toBe(206);
    expect(res.header('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(res.header('content-length')).toBe(String(end - start + 1));
    expect(res.header('content-type')).toBe('video/mp4');
    expect(res.header('x-content-type-options')).toBe('nosniff');
    expect(res.body.equals(bytes.subarray(start, end + 1))).toBe(true);
  }

  it('serves the whole file with Accept-Ranges when no range is asked', async () => {
    expect(bytes.length).toBeGreaterThan(1000);
    const res = await get({});
    expect(res.status).toBe(200);
    expect(res.header('accept-ranges')).toBe('bytes');
    expect(res.header('content-length')).toBe(String(bytes.length));
    expect(res.header('content-type')).toBe('video/mp4');
    expect(res.header('cache-control')).toBe('public, no-cache');
    expect(res.header('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(res.header('x-accel-redirect')).toBeUndefined();
    // nginx's own validator (mtime-size in hex), where the app's is the MD5: the bytes came from nginx.
    if (proxy && driver === 'disk') expect(res.header('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.body.equals(bytes)).toBe(true);
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
      expect(res.status, range).toBe(416);
      expect(res.header('content-range'), range).toBe(`bytes */${bytes.length}`);
    }
  });

  it('If-Range: the range when the validator matches, the whole file when it is stale', async () => {
    const etag = String((await get({}, 'HEAD')).header('etag'));
    expect(etag).toMatch(/^"/);
    expectPartial(await get({ range: 'bytes=10-19', 'if-range': etag }), 10, 19);
    const stale = await get({ range: 'bytes=10-19', 'if-range': '"an-older-version"' });
    expect(stale.status).toBe(200);
    expect(stale.header('content-range')).toBeUndefined();
    expect(stale.body.equals(bytes)).toBe(true);
  });

  it('304 for a matching If-None-Match or an If-Modified-Since at its Last-Modified, the file otherwise', async () => {
    const head = await get({}, 'HEAD');
    const etag = String(head.header('etag'));
    const lastModified = String(head.header('last-modified'));
    const cases: Record<string, string>[] = [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }];
    for (const conditions of cases) {
      const res = await get(conditions);
      expect(res.status, JSON.stringify(conditions)).toBe(304);
      expect(res.body).toHaveLength(0);
    }
    const changed = await get({ 'if-none-match': '"an-older-version"' });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(bytes)).toBe(true);
  });

  it('HEAD: the headers of the full answer or of the range, and no body', async () => {
    const head = await get({}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.header('content-length')).toBe(String(bytes.length));
    expect(head.header('accept-ranges')).toBe('bytes');
    expect(head.body).toHaveLength(0);
    const partial = await get({ range: 'bytes=0-1' }, 'HEAD');
    expect(partial.status).toBe(206);
    expect(partial.header('content-range')).toBe(`bytes 0-1/${bytes.length}`);
    expect(partial.body).toHaveLength(0);
  });
});

function headerText(value: string | string[] | number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** A real HTTP request, the body read whole (none for HEAD); fetch must not decode or follow anything. */
async function fetchAnswer(url: string, method: 'GET' | 'HEAD', headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(url, { method, headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, header: (name) => res.headers.get(name) ?? undefined, body };
}
