import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../plugins/error-handler';
import { SmallObjectCache } from '../storage/small-object-cache';
import type { Storage } from '../storage/storage';
import { DRIVERS } from '../test/support/storage/drivers';
import { type SendStoredObjectOptions, sendStoredObject } from './serve-object';

const BODY = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const KEY = 'gallery/ride.jpg';
const OPTIONS: SendStoredObjectOptions = {
  contentType: 'image/jpeg',
  cacheControl: 'private, max-age=3600',
  disposition: { type: 'attachment', filename: 'רכיבה בשדה.jpg' },
  extraHeaders: { 'content-security-policy': 'sandbox' },
};

/** A tiny app with one GET route (Fastify adds HEAD) that serves `/o/<key>` and records every stream it opens. */
async function buildServingApp(
  storage: Storage,
  options: SendStoredObjectOptions = OPTIONS,
): Promise<{ app: FastifyInstance; opened: Readable[] }> {
  const opened: Readable[] = [];
  const recording: Storage = {
    ...storage,
    get: async (key, range) => {
      const result = await storage.get(key, range);
      opened.push(result.stream);
      return result;
    },
  };
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/o/*', async (request, reply) =>
    sendStoredObject(request, reply, recording, (request.params as { '*': string })['*'], options),
  );
  await app.ready();
  return { app, opened };
}

/** Every answer must be the same whether the bytes come from storage or from the small-object cache. */
const MODES = DRIVERS.flatMap((driver) => [
  { ...driver, mode: 'streamed', options: OPTIONS },
  { ...driver, mode: 'cached', options: { ...OPTIONS, cache: new SmallObjectCache() } },
]);

describe.each(MODES)('sendStoredObject on $name, $mode', ({ setup, options }) => {
  let storage: Storage;
  let cleanup: () => Promise<void> | void;
  let app: FastifyInstance;
  let opened: Readable[];
  let etag: string;
  let lastModified: string;

  beforeAll(async () => {
    ({ storage, cleanup } = await setup());
    ({ app, opened } = await buildServingApp(storage, options));
    const info = await storage.put(KEY, BODY, { contentType: 'image/jpeg' });
    etag = info.etag;
    lastModified = info.lastModified.toUTCString();
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url: `/o/${KEY}`, headers });

  it('sends the whole object with validators, length, nosniff and an RFC 6266 file name', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(BODY)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-length': '1000',
      'content-type': 'image/jpeg',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
      etag,
      'last-modified': lastModified,
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=file.jpg; filename*=UTF-8''${encodeURIComponent('רכיבה בשדה')}.jpg`,
    );
  });

  it.each([
    ['bytes=0-1', 0, 1],
    ['bytes=100-199', 100, 199],
    ['bytes=990-', 990, 999],
    ['bytes=-10', 990, 999],
    ['bytes=995-5000', 995, 999],
    ['bytes=-5000', 0, 999],
  ])('answers %s with 206 and the exact bytes', async (range, start, end) => {
    const res = await get({ range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(BODY.subarray(start, end + 1))).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers %s with 416 and the size', async (range) => {
    const res = await get({ range });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.rawPayload.length).toBe(0);
  });

  it.each(['bytes=0-1,5-6', 'bytes=9-2', 'items=0-1', 'bytes=abc'])(
    'answers %s (several or malformed ranges) with the whole object',
    async (range) => {
      const res = await get({ range });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(BODY)).toBe(true);
    },
  );

  it('honours If-Range with the current ETag or date, and sends everything for a stale one', async () => {
    const current = await get({ range: 'bytes=0-9', 'if-range': etag });
    expect(current.statusCode).toBe(206);
    expect(current.rawPayload.length).toBe(10);

    const byDate = await get({ range: 'bytes=0-9', 'if-range': lastModified });
    expect(byDate.statusCode).toBe(206);

    const stale = await get({ range: 'bytes=0-9', 'if-range': '"an-older-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(BODY)).toBe(true);

    const weak = await get({ range: 'bytes=0-9', 'if-range': `W/${etag}` });
    expect(weak.statusCode).toBe(200);
  });

  it('answers 304 for a matching If-None-Match or a fresh If-Modified-Since', async () => {
    const match = await get({ 'if-none-match': `"other", ${etag}` });
    expect(match.statusCode).toBe(304);
    expect(match.rawPayload.length).toBe(0);
    expect(match.headers.etag).toBe(etag);

    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get({ 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await get({ 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).statusCode).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect((await get({ 'if-none-match': '"other"', 'if-modified-since': lastModified })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers and length of GET and no body, without opening the object', async () => {
    const before = opened.length;
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);

    const partial = await get({ range: 'bytes=10-19' }, 'HEAD');
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-length']).toBe('10');
    expect(partial.headers['content-range']).toBe('bytes 10-19/1000');
    expect(opened.length).toBe(before);
  });

  it('answers a missing object with the storage error object-not-found', async () => {
    const res = await app.inject({ method: 'GET', url: '/o/gallery/nothing.jpg' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'object-not-found', message: 'Object does not exist' } });
  });

  it('answers a malformed key with invalid-argument', async () => {
    const res = await app.inject({ method: 'GET', url: '/o/gallery/a%5Cb%00.jpg' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });

  it('serves an empty object', async () => {
    await storage.put('gallery/empty.bin', Buffer.alloc(0));
    const res = await app.inject({ method: 'GET', url: '/o/gallery/empty.bin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('0');
    expect(
      (await app.inject({ method: 'GET', url: '/o/gallery/empty.bin', headers: { range: 'bytes=0-' } })).statusCode,
    ).toBe(416);
  });

  it('releases the storage stream as soon as the client goes away', async () => {
    await storage.put('gallery/big.mp4', randomBytes(24 * 1024 * 1024));
    const { app: listening, opened: streams } = await buildServingApp(storage, options);
    await listening.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = listening.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/o/gallery/big.mp4' }, (res) => {
          res.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
      const stream = streams[0];
      expect(stream).toBeDefined();
      // Resolves only when the server side destroys the stream; a leaked stream would hang here and time out.
      await new Promise<void>((resolve) => {
        if (stream?.destroyed) resolve();
        else stream?.once('close', () => resolve());
      });
      expect(stream?.readableEnded).toBe(false);
    } finally {
      await listening.close();
    }
  }, 15_000);
});

describe.each(DRIVERS)('the small-object cache on $name', ({ setup }) => {
  let storage: Storage;
  let cleanup: () => Promise<void> | void;
  beforeAll(async () => {
    ({ storage, cleanup } = await setup());
  });
  afterAll(async () => cleanup());

  it('reads a small object once and answers later requests from memory; a large one is streamed every time', async () => {
    const cache = new SmallObjectCache(2000);
    const { app, opened } = await buildServingApp(storage, { ...OPTIONS, cache });
    const large = randomBytes(5000);
    await storage.put(KEY, BODY);
    await storage.put('gallery/large.webp', large);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ method: 'GET', url: `/o/${KEY}` });
        expect(res.rawPayload.equals(BODY)).toBe(true);
        const part = await app.inject({ method: 'GET', url: `/o/${KEY}`, headers: { range: 'bytes=-3' } });
        expect(part.statusCode).toBe(206);
        expect(part.rawPayload.equals(BODY.subarray(-3))).toBe(true);
      }
      expect(opened).toHaveLength(1);
      expect(cache.totalBytes).toBe(BODY.length);

      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ method: 'GET', url: '/o/gallery/large.webp' });
        expect(res.rawPayload.equals(large)).toBe(true);
      }
      expect(opened).toHaveLength(3);
      expect(cache.size).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('reads a missed object once for many requests that arrive together, and every one of them gets its bytes', async () => {
    const cache = new SmallObjectCache(2000);
    const { app, opened } = await buildServingApp(storage, { ...OPTIONS, cache });
    await storage.put(KEY, BODY);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          app.inject({ method: 'GET', url: `/o/${KEY}`, headers: i % 2 ? { range: 'bytes=10-19' } : {} }),
        ),
      );
      for (const [i, res] of answers.entries()) {
        expect(res.statusCode).toBe(i % 2 ? 206 : 200);
        expect(res.rawPayload.equals(i % 2 ? BODY.subarray(10, 20) : BODY)).toBe(true);
      }
      expect(opened).toHaveLength(1);
      // A missing object is a 404 for each of them, and nothing is left waiting or kept.
      const missing = await Promise.all(
        Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/o/gallery/none.webp' })),
      );
      expect(missing.map((res) => res.json().error.code)).toEqual(Array(5).fill('object-not-found'));
      expect(cache.size).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('SmallObjectCache', () => {
  const entry = (bytes: number) => ({
    info: { key: 'k', size: bytes, etag: '"e"', lastModified: new Date(0), contentType: undefined },
    bytes: Buffer.alloc(bytes),
  });

  it('keeps to its byte budget by dropping the least recently used first', () => {
    const cache = new SmallObjectCache(100, 250);
    cache.set('a', entry(100));
    cache.set('b', entry(100));
    cache.get('a');
    cache.set('c', entry(100));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.totalBytes).toBe(200);
    cache.set('d', entry(101));
    expect(cache.get('d')).toBeUndefined();
  });
});
