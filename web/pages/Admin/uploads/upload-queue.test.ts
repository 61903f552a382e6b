// @vitest-environment jsdom
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type UploadQueue as Queue, UPLOAD_ENDPOINT, type UploadTask } from './upload-queue';

// The browser's tus-js-client, as the admin's page runs it (XMLHttpRequest, localStorage): Node's resolution would
// pick its Node build.
// @ts-expect-error the build has no types of its own; it is the package's, whose types it shares
vi.mock('tus-js-client', async () => await import('tus-js-client/lib.esm/browser/index.js'));
const { UploadQueue } = await import('./upload-queue');

/** The window's jsdom, which Vitest's jsdom environment exposes. */
declare const jsdom: { reconfigure(options: { url: string }): void };

/** How the tiny tus server answers the next request of one kind; `undefined` answers as tus does. */
type Fault = `status-${number}` | 'drop' | 'half-then-503';

/**
 * A tus server small enough to read: one upload at a time, bytes kept in memory, and faults queued per method. It
 * records what the client asked, so a test can see where each PATCH started and how many uploads were created.
 */
function tinyTusServer() {
  const uploads = new Map<string, { length: number; bytes: Buffer }>();
  const faults = { HEAD: [] as Fault[], PATCH: [] as Fault[], POST: [] as Fault[] };
  const seen: string[] = [];
  /** The Upload-Metadata of each POST, decoded. */
  const metadata: Array<Record<string, string>> = [];
  let created = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? '';
      const id = (request.url ?? '').slice(UPLOAD_ENDPOINT.length + 1);
      const upload = uploads.get(id);
      // jsdom keeps the origin the window was made with, so to it this server is another origin.
      const headers = {
        'Tus-Resumable': '1.0.0',
        'Cache-Control': 'no-store',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': 'Location, Upload-Offset, Upload-Length, Tus-Resumable',
      };
      if (method === 'OPTIONS') {
        return response
          .writeHead(204, {
            ...headers,
            'Access-Control-Allow-Methods': 'POST, HEAD, PATCH, DELETE',
            'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*',
          })
          .end();
      }
      seen.push(method === 'PATCH' ? `PATCH @${request.headers['upload-offset']}` : method);
      const fault = method in faults ? faults[method as keyof typeof faults].shift() : undefined;
      if (fault === 'drop') return request.socket.destroy();
      if (fault?.startsWith('status-')) return response.writeHead(Number(fault.slice(7)), headers).end();
      if (method === 'POST') {
        metadata.push(decodeMetadata(String(request.headers['upload-metadata'] ?? '')));
        const next = `u${++created}`;
        uploads.set(next, { length: Number(request.headers['upload-length']), bytes: Buffer.alloc(0) });
        return response.writeHead(201, { ...headers, Location: `${UPLOAD_ENDPOINT}/${next}` }).end();
      }
      if (!upload) return response.writeHead(404, headers).end();
      const offset = { 'Upload-Offset': String(upload.bytes.length), 'Upload-Length': String(upload.length) };
      if (method === 'HEAD') return response.writeHead(200, { ...headers, ...offset }).end();
      const body = Buffer.concat(chunks);
      if (Number(request.headers['upload-offset']) !== upload.bytes.length) {
        return response.writeHead(409, headers).end();
      }
      // An instance that dies half-way: the first half of the bytes is kept, and the client hears a 503.
      const kept = fault === 'half-then-503' ? body.subarray(0, body.length / 2) : body;
      upload.bytes = Buffer.concat([upload.bytes, kept]);
      if (fault === 'half-then-503') return response.writeHead(503, headers).end();
      return response.writeHead(204, { ...headers, 'Upload-Offset': String(upload.bytes.length) }).end();
    });
  });
  return { server, uploads, faults, seen, metadata, created: () => created };
}

/** tus's Upload-Metadata: `key base64value` pairs separated by commas. */
function decodeMetadata(header: string): Record<string, string> {
  return Object.fromEntries(
    header
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key = '', value = ''] = pair.trim().split(' ');
        return [key, Buffer.from(value, 'base64').toString('utf8')];
      }),
  );
}

/** Resolves with the task once it has succeeded or failed. */
function settled(queue: Queue): Promise<UploadTask> {
  return new Promise((resolve) => {
    const stop = queue.subscribe(() => {
      const [task] = queue.getSnapshot();
      if (task && (task.state === 'success' || task.state === 'error')) {
        stop();
        resolve(task);
      }
    });
  });
}

/**
 * An upload whose resume finds the server briefly failing (a 5xx or a lost connection on the HEAD) keeps its upload:
 * the HEAD is asked again after the back-off and the file goes on from the bytes the server kept. Only an upload
 * the server says is gone is started again from zero. The retries wait the real back-off (1 s, then 1.5 s).
 */
describe('resuming an upload through a failing HEAD', () => {
  const tus = tinyTusServer();
  const file = new File([new Uint8Array(64 * 1024).map((_, i) => i % 251)], 'ride.jpg', { type: 'image/jpeg' });
  const sent = async () => Buffer.from(await file.arrayBuffer());

  beforeAll(async () => {
    await new Promise<void>((resolve) => tus.server.listen(0, '127.0.0.1', resolve));
    // The page is at the tus server's address, so the queue's relative endpoint reaches it.
    jsdom.reconfigure({ url: `http://127.0.0.1:${(tus.server.address() as AddressInfo).port}/admin` });
  });
  afterAll(() => new Promise<void>((resolve) => tus.server.close(() => resolve())));
  beforeEach(() => {
    tus.seen.length = 0;
    localStorage.clear();
  });

  it('asks again after a 503 on the HEAD and resumes at the kept offset, without creating a second upload', async () => {
    tus.faults.PATCH.push('half-then-503');
    tus.faults.HEAD.push('status-503');
    const queue = new UploadQueue();
    queue.add([file], { folder: 'main' });
    const task = await settled(queue);

    expect(task.state).toBe('success');
    const half = file.size / 2;
    expect(tus.seen).toEqual(['POST', 'PATCH @0', 'HEAD', 'HEAD', `PATCH @${half}`]);
    expect(tus.uploads.get(`u${tus.created()}`)?.bytes).toEqual(await sent());
  });

  it('asks again after a lost connection on the HEAD', async () => {
    tus.faults.PATCH.push('half-then-503');
    tus.faults.HEAD.push('drop');
    const queue = new UploadQueue();
    queue.add([file], { folder: 'main' });
    const task = await settled(queue);

    expect(task.state).toBe('success');
    expect(tus.seen).toEqual(['POST', 'PATCH @0', 'HEAD', 'HEAD', `PATCH @${file.size / 2}`]);
  });

  it('starts over when the server says the upload is gone', async () => {
    tus.faults.PATCH.push('half-then-503');
    tus.faults.HEAD.push('status-404');
    const queue = new UploadQueue();
    queue.add([file], { folder: 'main' });
    const task = await settled(queue);

    expect(task.state).toBe('success');
    expect(tus.seen).toEqual(['POST', 'PATCH @0', 'HEAD', 'POST', 'PATCH @0']);
    expect(tus.uploads.get(`u${tus.created()}`)?.bytes).toEqual(await sent());
  });

  it('shows a full disk on the HEAD at once and keeps the upload, which Try again resumes', async () => {
    tus.faults.PATCH.push('half-then-503');
    tus.faults.HEAD.push('status-507');
    const queue = new UploadQueue();
    queue.add([file], { folder: 'main' });
    const failed = await settled(queue);

    expect(failed).toMatchObject({ state: 'error', error: { code: 'disk-full' } });
    expect(tus.seen).toEqual(['POST', 'PATCH @0', 'HEAD']);

    // Space was freed: the upload URL kept for the file (localStorage) is asked for, and the file goes on from there.
    const resumed = settled(queue);
    queue.retry(failed.id);
    expect((await resumed).state).toBe('success');
    expect(tus.seen).toEqual(['POST', 'PATCH @0', 'HEAD', 'HEAD', `PATCH @${file.size / 2}`]);
    expect(tus.uploads.get(`u${tus.created()}`)?.bytes).toEqual(await sent());
  });
});

/** An edited export sent back onto its item: the server learns which item at creation, from the metadata. */
describe('an upload that replaces an item', () => {
  const tus = tinyTusServer();
  const file = new File([new Uint8Array(64 * 1024).map((_, i) => i % 241)], 'IMG_1234-Edit.jpg', {
    type: 'image/jpeg',
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => tus.server.listen(0, '127.0.0.1', resolve));
    jsdom.reconfigure({ url: `http://127.0.0.1:${(tus.server.address() as AddressInfo).port}/admin` });
  });
  afterAll(() => new Promise<void>((resolve) => tus.server.close(() => resolve())));
  beforeEach(() => {
    tus.seen.length = 0;
    tus.metadata.length = 0;
    localStorage.clear();
  });

  it('names the item in `replaces` beside the folder; a new item has no `replaces`', async () => {
    const queue = new UploadQueue();
    queue.add([{ file, replaces: 'AAAAAAAAAAAAAAAAAAAAAA' }], { folder: 'noa' });
    expect((await settled(queue)).replaces).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    const plain = new UploadQueue();
    plain.add([file], { folder: 'noa' });
    expect((await settled(plain)).state).toBe('success');

    expect(tus.metadata).toEqual([
      { filename: 'IMG_1234-Edit.jpg', filetype: 'image/jpeg', folder: 'noa', replaces: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { filename: 'IMG_1234-Edit.jpg', filetype: 'image/jpeg', folder: 'noa' },
    ]);
  });

  it('never resumes an unfinished upload of the same file that was made as a new item', async () => {
    tus.faults.PATCH.push('status-507');
    const first = new UploadQueue();
    first.add([file], { folder: 'noa' });
    expect((await settled(first)).state).toBe('error');

    const replacing = new UploadQueue();
    replacing.add([{ file, replaces: 'AAAAAAAAAAAAAAAAAAAAAA' }], { folder: 'noa' });
    expect((await settled(replacing)).state).toBe('success');
    // A HEAD would have resumed the first upload, which the server made as a new item.
    expect(tus.seen).toEqual(['POST', 'PATCH @0', 'POST', 'PATCH @0']);
    expect(tus.metadata[1]).toMatchObject({ replaces: 'AAAAAAAAAAAAAAAAAAAAAA' });
  });
});
