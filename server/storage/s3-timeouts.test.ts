import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import type { AdminMedia } from '../../shared/schemas/admin';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { uploadReadyPhoto } from '../test/admin-upload';
import { makeTempDir } from '../test/harness';
import { type RunningS3rver, S3RVER_CREDENTIALS, s3rverEnv, startS3rver } from '../test/support/storage/s3rver';
import { FAST_HASH, TestClient } from '../test/test-client';
import { createS3Storage, type S3Timeouts } from './s3-storage';

/** pass: forwards as is; hang: reads what the app sends and answers nothing; trickle: forwards a slice at a time. */
type ProxyMode = 'pass' | 'hang' | 'trickle';
const SLICE_BYTES = 8 * 1024;
const SLICE_EVERY_MS = 20;

interface StoreProxy {
  endpoint: string;
  mode: ProxyMode;
  /** The request lines the app sent while the proxy was hanging. */
  unanswered: string[];
  close: () => Promise<void>;
}

/** A TCP proxy in front of s3rver whose behaviour can change at any moment, connections already open included. */
async function startStoreProxy(upstream: string): Promise<StoreProxy> {
  const target = new URL(upstream);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((app) => {
    const store = net.connect(Number(target.port), target.hostname);
    for (const socket of [app, store]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    app.on('close', () => store.destroy());
    store.on('close', () => app.destroy());
    forward(app, store, true);
    forward(store, app, false);
  });
  const proxy: StoreProxy = {
    endpoint: '',
    mode: 'pass',
    unanswered: [],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  function forward(from: net.Socket, to: net.Socket, fromApp: boolean) {
    from.on('data', async (chunk: Buffer) => {
      if (proxy.mode === 'hang') {
        if (fromApp) proxy.unanswered.push(...(chunk.toString('latin1').match(/^[A-Z]+ \S+ HTTP\/1\.1/gm) ?? []));
        return;
      }
      if (proxy.mode === 'pass') {
        to.write(chunk);
        return;
      }
      from.pause();
      for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
        to.write(chunk.subarray(at, at + SLICE_BYTES));
        await sleep(SLICE_EVERY_MS);
      }
      from.resume();
    });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.endpoint = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return proxy;
}

describe('S3 timeouts', () => {
  let s3: RunningS3rver;
  let proxy: StoreProxy;

  beforeAll(async () => {
    s3 = await startS3rver();
    proxy = await startStoreProxy(s3.endpoint);
  });
  afterAll(async () => {
    await proxy?.close();
    await s3?.stop();
  });

  function storageWith(timeouts: Partial<S3Timeouts>) {
    return createS3Storage({
      bucket: s3.bucket,
      endpoint: proxy.endpoint,
      region: 'us-east-1',
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
      timeouts,
    });
  }

  describe('a store that accepts connections and then says nothing', () => {
    // Short, yet long enough for s3rver on a busy machine while the photo is stored and read before the store hangs.
    const timeouts: S3Timeouts = { connectMs: 2_000, answerMs: 2_000, idleMs: 5_000, attempts: 2 };
    let temp: ReturnType<typeof makeTempDir>;
    let app: FastifyInstance;
    let photo: AdminMedia;

    beforeAll(async () => {
      temp = makeTempDir('gallery-s3-hung-');
      const admin = { email: 'photographer@example.com', password: 'hung-store-secret' };
      const config = loadConfig({
        NODE_ENV: 'test',
        AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
        DATA_DIR: temp.dir,
        LOG_LEVEL: 'silent',
        DEMO_CONTENT: 'false',
        PUBLIC_URL: 'http://localhost:3000',
        ADMIN_EMAIL: admin.email,
        ADMIN_INITIAL_PASSWORD: admin.password,
        ...s3rverEnv({ endpoint: proxy.endpoint, bucket: s3.bucket }),
      });
      const storage = { ...config.storage, timeouts };
      app = await buildApp({ ...config, storage }, { webRoot: path.join(temp.dir, 'no-web-build'), ...FAST_HASH });
      await app.ready();
      const client = new TestClient(app);
      await client.signIn(admin.email, admin.password);
      photo = await uploadReadyPhoto(client, temp.dir, MAIN_GALLERY_FOLDER, 'frozen.jpg');
    }, 60_000);
    afterAll(async () => {
      proxy.mode = 'pass';
      await app?.close();
      temp?.remove();
    });

    it('answers a media request 503 storage-unavailable with Retry-After after the configured tries', async () => {
      proxy.mode = 'hang';
      const res = await new TestClient(app).get(`/media/${photo.id}/original`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: { code: 'storage-unavailable' } });
      expect(res.headers['retry-after']).toBe('30');
      expect(proxy.unanswered.filter((line) => line.includes(photo.name))).toHaveLength(timeouts.attempts);

      proxy.mode = 'pass';
      expect((await new TestClient(app).get(`/media/${photo.id}/original`)).statusCode).toBe(200);
    });
  });

  describe('a slow transfer that keeps moving', () => {
    // About 2.5 s through the proxy at 8 KiB every 20 ms: well past every timeout below.
    const bytes = randomBytes(1024 * 1024);
    const key = 'MainGallery/slow.bin';

    afterAll(() => {
      proxy.mode = 'pass';
    });

    it('is not cut by the idle timeout while downloading', async () => {
      await storageWith({}).put(key, bytes);
      proxy.mode = 'trickle';
      const { stream } = await storageWith({ answerMs: 1_000, idleMs: 1_000, attempts: 1 }).get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });

    it('is not cut by the answer timeout while uploading', async () => {
      // The idle timeout stays long: on loopback the kernel takes the whole body at once and then drains it slowly.
      proxy.mode = 'trickle';
      const info = await storageWith({ answerMs: 1_000, idleMs: 10_000, attempts: 1 }).put(`${key}.up`, bytes);
      expect(info.size).toBe(bytes.length);
      proxy.mode = 'pass';
      const { stream } = await storageWith({}).get(`${key}.up`);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });
  });
});
