import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { makeTempDir } from '../test/harness';
import { DRIVERS } from '../test/support/storage/drivers';
import { createStorage } from './index';
import { createLocalStorage } from './local-storage';
import {
  InvalidStorageArgumentError,
  InvalidStorageKeyError,
  type Storage,
  StorageNotFoundError,
  StorageRangeError,
} from './storage';

const md5Tag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
/** Compares by digest: Vitest's deep equality walks a Buffer byte by byte and takes seconds on large ones. */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that yields some bytes and then fails, as an upload cut off mid-way does. */
function failingBody(): Readable {
  return Readable.from(
    (async function* () {
      yield randomBytes(64 * 1024);
      throw new Error('connection lost');
    })(),
  );
}

describe.each(DRIVERS)('$name storage driver', ({ name, setup }) => {
  let storage: Storage;
  let cleanup: () => Promise<void> | void;
  beforeAll(async () => {
    ({ storage, cleanup } = await setup());
  });
  afterAll(async () => cleanup());

  it('stores a buffer and reads it back with a strong MD5 ETag and its content type', async () => {
    const bytes = Buffer.from('שלום, world');
    const stored = await storage.put('put-buffer/hello.txt', bytes, { contentType: 'text/plain' });
    expect(stored).toMatchObject({ key: 'put-buffer/hello.txt', size: bytes.length, etag: md5Tag(bytes) });
    expect(stored.contentType).toBe('text/plain');

    const head = await storage.head('put-buffer/hello.txt');
    expect(head).toMatchObject({ size: bytes.length, etag: md5Tag(bytes), contentType: 'text/plain' });
    expect(head?.lastModified).toBeInstanceOf(Date);

    const { stream, info } = await storage.get('put-buffer/hello.txt');
    expect(await readAll(stream)).toEqual(bytes);
    expect(info.etag).toBe(md5Tag(bytes));
  });

  it('stores a stream byte for byte', async () => {
    const parts = [randomBytes(100_000), randomBytes(7), randomBytes(250_000)];
    const stored = await storage.put('put-stream/blob.bin', Readable.from(parts));
    const whole = Buffer.concat(parts);
    expect(stored.size).toBe(whole.length);
    expect(stored.etag).toBe(md5Tag(whole));
    expect(sha256(await readAll((await storage.get('put-stream/blob.bin')).stream))).toBe(sha256(whole));
  });

  it('uploads a large stream in parts and serves exactly those bytes', async () => {
    const whole = randomBytes(11 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: Math.ceil(whole.length / 65536) }, (_, i) =>
      whole.subarray(i * 65536, (i + 1) * 65536),
    );
    const stored = await storage.put('large/video.mp4', Readable.from(chunks), { contentType: 'video/mp4' });
    expect(stored.size).toBe(whole.length);
    const read = await readAll((await storage.get('large/video.mp4')).stream);
    expect(sha256(read)).toBe(sha256(whole));
  });

  it('reads inclusive byte ranges and reports the whole object in info', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    await storage.put('range/digits.txt', bytes);
    const middle = await storage.get('range/digits.txt', { start: 5, end: 9 });
    expect((await readAll(middle.stream)).toString()).toBe('56789');
    expect(middle.info.size).toBe(20);

    const pastEnd = await storage.get('range/digits.txt', { start: 15, end: 1000 });
    expect((await readAll(pastEnd.stream)).toString()).toBe('fghij');

    await expect(storage.get('range/digits.txt', { start: 20, end: 25 })).rejects.toBeInstanceOf(StorageRangeError);
  });

  it('replaces an object whole, with a new ETag', async () => {
    const first = await storage.put('replace/a.txt', Buffer.from('first version'));
    const second = await storage.put('replace/a.txt', Buffer.from('second'));
    expect(second.etag).not.toBe(first.etag);
    expect((await readAll((await storage.get('replace/a.txt')).stream)).toString()).toBe('second');
  });

  it('stores an empty object', async () => {
    const stored = await storage.put('empty/zero.bin', Buffer.alloc(0));
    expect(stored.size).toBe(0);
    expect(await readAll((await storage.get('empty/zero.bin')).stream)).toEqual(Buffer.alloc(0));
  });

  it('consumes the local file given to putFile', async () => {
    const temp = makeTempDir('gallery-putfile-');
    try {
      const local = path.join(temp.dir, 'upload.bin');
      const bytes = randomBytes(300_000);
      fs.writeFileSync(local, bytes);
      await storage.putFile('put-file/ride.jpg', local, { contentType: 'image/jpeg' });
      expect(fs.existsSync(local)).toBe(false);
      // On disk the MD5 is computed on first use; the second look reads it from the sidecar written then.
      for (let look = 0; look < 2; look++) {
        const head = await storage.head('put-file/ride.jpg');
        expect(head).toMatchObject({ size: bytes.length, etag: md5Tag(bytes), contentType: 'image/jpeg' });
      }
      expect(sha256(await readAll((await storage.get('put-file/ride.jpg')).stream))).toBe(sha256(bytes));
    } finally {
      temp.remove();
    }
  });

  it('leaves nothing visible when a streamed put fails mid-way', async () => {
    await expect(storage.put('failed/partial.bin', failingBody())).rejects.toThrow('connection lost');
    expect(await storage.head('failed/partial.bin')).toBeNull();
    expect((await storage.list({ prefix: 'failed/' })).items).toEqual([]);
  });

  it('answers missing keys with null from head and StorageNotFoundError from get', async () => {
    expect(await storage.head('missing/nothing.jpg')).toBeNull();
    await expect(storage.get('missing/nothing.jpg')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes, and deleting an absent key is not an error', async () => {
    await storage.put('delete/one.txt', Buffer.from('x'));
    await storage.delete('delete/one.txt');
    expect(await storage.head('delete/one.txt')).toBeNull();
    await expect(storage.delete('delete/one.txt')).resolves.toBeUndefined();
    // The folder is gone with its last object, as on S3.
    expect((await storage.list({ prefix: '', delimiter: '/' })).prefixes).not.toContain('delete/');
  });

  describe('list', () => {
    // s3rver's CommonPrefixes are wrong for keys two or more levels below the prefix, so the delimiter cases keep
    // every key at most one folder below the listed prefix (the real S3 and the disk driver have no such limit).
    const keys = [
      'L/a.jpg',
      'L/b.jpg',
      'L/.placeholder',
      'L/thumbs/a.jpg',
      'L/thumbs/b.jpg',
      'L/תמונה.jpg',
      'L2/x.jpg',
    ];
    beforeAll(async () => {
      for (const key of keys) await storage.put(key, Buffer.from(key));
    });

    it('rolls keys up into prefixes with a delimiter', async () => {
      const result = await storage.list({ prefix: 'L/', delimiter: '/' });
      expect(result.items.map((item) => item.key)).toEqual(['L/.placeholder', 'L/a.jpg', 'L/b.jpg', 'L/תמונה.jpg']);
      expect(result.prefixes).toEqual(['L/thumbs/']);
      expect(result.nextPageToken).toBeUndefined();
      const a = result.items.find((item) => item.key === 'L/a.jpg');
      expect(a).toMatchObject({ size: 7, etag: md5Tag(Buffer.from('L/a.jpg')) });
    });

    it('lists every key below a prefix without a delimiter, in byte order', async () => {
      const result = await storage.list({ prefix: 'L/' });
      expect(result.items.map((item) => item.key)).toEqual([
        'L/.placeholder',
        'L/a.jpg',
        'L/b.jpg',
        'L/thumbs/a.jpg',
        'L/thumbs/b.jpg',
        'L/תמונה.jpg',
      ]);
      expect(result.prefixes).toEqual([]);
    });

    it('matches a partial last segment of the prefix', async () => {
      const result = await storage.list({ prefix: 'L/thumbs/b' });
      expect(result.items.map((item) => item.key)).toEqual(['L/thumbs/b.jpg']);
    });

    it('pages with an opaque token, each key exactly once', async () => {
      const seen: string[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const page = await storage.list({ prefix: 'L/', maxResults: 2, ...(pageToken ? { pageToken } : {}) });
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item) => item.key));
        pageToken = page.nextPageToken;
        pages += 1;
      } while (pageToken && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(['L/.placeholder', 'L/a.jpg', 'L/b.jpg', 'L/thumbs/a.jpg', 'L/thumbs/b.jpg', 'L/תמונה.jpg']);
    });

    it('refuses a page size outside 1 to 1000', async () => {
      await expect(storage.list({ maxResults: 0 })).rejects.toBeInstanceOf(InvalidStorageArgumentError);
      await expect(storage.list({ maxResults: 1001 })).rejects.toBeInstanceOf(InvalidStorageArgumentError);
      await expect(storage.list({ maxResults: 2.5 })).rejects.toBeInstanceOf(InvalidStorageArgumentError);
    });
  });

  it.each([
    '',
    '/etc/passwd',
    '../outside.txt',
    'a/../../outside.txt',
    'a/./b.txt',
    'a//b.txt',
    'a/',
    'a\\b.txt',
    'a\u0000b.txt',
    'a\u0007b.txt',
    'a/\u0085.txt',
    'a/.~tmp-123',
    `${'x'.repeat(1025)}`,
  ])('refuses the key %j on every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.head(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('refuses a list prefix that climbs out', async () => {
    await expect(storage.list({ prefix: '../' })).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  if (name === 's3') {
    it('signs a GET URL that downloads under a Hebrew name', async () => {
      await storage.put('signed/ride.jpg', Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' });
      const url = await storage.signedUrl('signed/ride.jpg', {
        expiresInSeconds: 60,
        downloadName: 'רכיבה.jpg',
        contentType: 'application/octet-stream',
      });
      expect(url).toMatch(/X-Amz-Signature=/);
      const res = await fetch(url ?? '');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('jpeg bytes');
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename=file.jpg; filename*=UTF-8''${encodeURIComponent('רכיבה')}.jpg`,
      );
    });
  } else {
    it('has no signed URLs: the application serves disk files itself', async () => {
      expect(await storage.signedUrl('any/key.jpg', { expiresInSeconds: 60 })).toBeNull();
    });
  }
});

describe('disk driver internals', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let storage: Storage;
  beforeAll(() => {
    temp = makeTempDir('gallery-disk-');
    storage = createLocalStorage(temp.dir);
  });
  afterAll(() => temp.remove());

  it('never lists temporary files or sidecars, and leaves none behind after writes', async () => {
    await storage.put('folder/a.jpg', Buffer.from('a'));
    await expect(storage.put('folder/b.jpg', failingBody())).rejects.toThrow();
    fs.writeFileSync(path.join(temp.dir, 'folder', '.~tmp-left-by-a-crash'), 'partial');
    fs.mkdirSync(path.join(temp.dir, 'only-temp'));
    fs.writeFileSync(path.join(temp.dir, 'only-temp', '.~tmp-x'), 'partial');

    const listed = await storage.list({ prefix: '' });
    expect(listed.items.map((item) => item.key)).toEqual(['folder/a.jpg']);
    expect((await storage.list({ prefix: '', delimiter: '/' })).prefixes).toEqual(['folder/']);
    const onDisk = fs.readdirSync(path.join(temp.dir, 'folder')).filter((f) => f.startsWith('.~tmp-'));
    expect(onDisk).toEqual(['.~tmp-left-by-a-crash']);
  });

  it('recomputes the ETag when a file was changed behind its back', async () => {
    await storage.put('hand/edited.txt', Buffer.from('original'));
    fs.writeFileSync(path.join(temp.dir, 'hand', 'edited.txt'), 'changed by hand');
    expect((await storage.head('hand/edited.txt'))?.etag).toBe(md5Tag(Buffer.from('changed by hand')));
  });

  it('indexes a file copied in by hand', async () => {
    fs.mkdirSync(path.join(temp.dir, MAIN_GALLERY_FOLDER), { recursive: true });
    fs.writeFileSync(path.join(temp.dir, MAIN_GALLERY_FOLDER, 'old.jpg'), 'imported');
    const listed = await storage.list({ prefix: `${MAIN_GALLERY_FOLDER}/` });
    expect(listed.items).toMatchObject([
      { key: `${MAIN_GALLERY_FOLDER}/old.jpg`, etag: md5Tag(Buffer.from('imported')) },
    ]);
  });

  it('does not follow a symbolic link out of the root', async () => {
    const outside = makeTempDir('gallery-outside-');
    try {
      fs.writeFileSync(path.join(outside.dir, 'secret.txt'), 'secret');
      fs.symlinkSync(outside.dir, path.join(temp.dir, 'escape'));
      expect((await storage.list({ prefix: 'escape/' })).items).toEqual([]);
      await expect(storage.get('escape/secret.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
      expect(await storage.head('escape/secret.txt')).toBeNull();
      expect((await storage.list({ prefix: '', delimiter: '/' })).prefixes).not.toContain('escape/');
    } finally {
      outside.remove();
    }
  });

  it('refuses a key that is both an object and a folder', async () => {
    await storage.put('clash/x', Buffer.from('file'));
    await expect(storage.put('clash/x/y', Buffer.from('below a file'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe('createStorage', () => {
  it('chooses the driver from the configuration', () => {
    const temp = makeTempDir();
    try {
      expect(createStorage({ kind: 'disk', root: temp.dir }).kind).toBe('disk');
      const s3 = createStorage({
        kind: 's3',
        bucket: 'media',
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        accessKeyId: 'a',
        secretAccessKey: 'b',
        forcePathStyle: true,
      });
      expect(s3.kind).toBe('s3');
    } finally {
      temp.remove();
    }
  });
});
