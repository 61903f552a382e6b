import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/harness';
import { createZipStream, ZipEntrySizeError, type ZipEntrySource } from './zip-archive';

const MODIFIED = new Date('2025-03-14T09:26:54Z');

function entry(name: string, bytes: Buffer, chunkSize = 64 * 1024): ZipEntrySource {
  return {
    name,
    size: bytes.length,
    modified: MODIFIED,
    open: async () =>
      Readable.from(
        Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) =>
          bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
        ),
      ),
  };
}

/** Reads an archive with Python's zipfile (an independent implementation): names, sizes, SHA-256 of each entry. */
function readWithPython(file: string): Array<{ name: string; size: number; sha256: string; method: number }> {
  const script = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    print(json.dumps([{"name": i.filename, "size": i.file_size, "method": i.compress_type,
        "sha256": hashlib.sha256(z.read(i)).hexdigest()} for i in z.infolist()], ensure_ascii=False))`;
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('createZipStream', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeAll(() => {
    temp = makeTempDir('gallery-zip-');
  });
  afterAll(() => temp.remove());

  async function writeZip(entries: ZipEntrySource[], options = {}): Promise<{ file: string; length: number }> {
    const file = path.join(temp.dir, `${Math.random().toString(36).slice(2)}.zip`);
    const { stream, length } = createZipStream(entries, options);
    await pipeline(stream, fs.createWriteStream(file));
    return { file, length };
  }

  const contents = {
    'a.txt': Buffer.from('hello'),
    'תמונות/סוס בקפיצה.jpg': randomBytes(300_000),
    'الخيول/فيديو.mp4': randomBytes(70_001),
    'empty.bin': Buffer.alloc(0),
  };
  const entries = () => Object.entries(contents).map(([name, bytes]) => entry(name, bytes, 40_000));

  it.each([
    ['classic', false],
    ['ZIP64', true],
  ])('writes a %s archive that unzip and Python read back byte for byte, of the predicted length', async (_, force) => {
    const { file, length } = await writeZip(entries(), { forceZip64: force });
    expect(fs.statSync(file).size).toBe(length);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
    expect(listing).toContain('תמונות/סוס בקפיצה.jpg');
    expect(readWithPython(file)).toEqual(
      Object.entries(contents).map(([name, bytes]) => ({ name, size: bytes.length, sha256: sha256(bytes), method: 0 })),
    );
    // The ZIP64 end record (56 bytes) and its locator (20) sit just before the classic end record (22).
    const tail = fs.readFileSync(file).subarray(-98);
    expect(tail.readUInt32LE(0) === 0x06064b50).toBe(force);
  });

  it('writes the recorded CRC-32 of an entry instead of computing it', async () => {
    const withRecorded = (crcOf: (bytes: Buffer) => number) =>
      Object.entries(contents).map(([name, bytes]) => ({ ...entry(name, bytes), crc32: crcOf(bytes) }));
    const right = await writeZip(withRecorded((bytes) => crc32(bytes)));
    expect(execFileSync('unzip', ['-t', right.file], { encoding: 'utf8' })).toContain('No errors detected');
    // A wrong record is taken as given (nothing recomputes it), so unzip's own check must catch it.
    const wrong = await writeZip(withRecorded((bytes) => (crc32(bytes) + 1) >>> 0));
    const checked = spawnSync('unzip', ['-t', wrong.file], { encoding: 'utf8' });
    expect(checked.status).not.toBe(0);
    expect(checked.stdout).toMatch(/bad CRC/);
  });

  it('writes more than 65,535 entries through the ZIP64 end records', async () => {
    const count = 65_540;
    const many = Array.from({ length: count }, (_, i) => entry(`f/${i}.txt`, Buffer.from(String(i % 10))));
    const { file, length } = await writeZip(many);
    expect(fs.statSync(file).size).toBe(length);
    expect(execFileSync('unzip', ['-tqq', file], { encoding: 'utf8' })).toBe('');
    const script = `
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1]); names = z.namelist()
print(len(names), z.read(names[-1]).decode())`;
    expect(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }).trim()).toBe(
      `${count} ${(count - 1) % 10}`,
    );
  }, 20_000);

  it('opens one entry at a time, in order', async () => {
    const events: string[] = [];
    let open = 0;
    const tracked = entries().map((source) => ({
      ...source,
      open: async () => {
        open += 1;
        events.push(`open ${source.name} (${open} open)`);
        const stream = await source.open();
        stream.once('close', () => {
          open -= 1;
        });
        return stream;
      },
    }));
    await writeZip(tracked);
    expect(events).toEqual(Object.keys(contents).map((name) => `open ${name} (1 open)`));
  });

  it.each([
    ['more', 11],
    ['fewer', 9],
  ])('fails the archive when an entry delivers %s bytes than declared', async (_, actual) => {
    const lying: ZipEntrySource = {
      name: 'liar.bin',
      size: 10,
      modified: MODIFIED,
      open: async () => Readable.from([Buffer.alloc(actual)]),
    };
    const { stream } = createZipStream([entry('ok.txt', Buffer.from('fine')), lying]);
    const error = await pipeline(stream, new PassThrough().resume()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZipEntrySizeError);
    expect(error).toMatchObject({ entryName: 'liar.bin', declared: 10, actual });
  });

  it('destroys the open entry source at once when the archive stream is destroyed', async () => {
    // A source that never ends on its own (asynchronous, like a file or socket): only a destroy releases it.
    const endless = new Readable({
      read() {
        setImmediate(() => this.push(Buffer.alloc(64 * 1024)));
      },
    });
    const { stream } = createZipStream([
      { name: 'video.mp4', size: 10 ** 12, modified: MODIFIED, open: async () => endless },
    ]);
    await new Promise<void>((resolve) =>
      stream.once('data', () => {
        stream.pause();
        resolve();
      }),
    );
    const released = new Promise<void>((resolve) => endless.once('close', () => resolve()));
    stream.destroy();
    await released;
    expect(endless.destroyed).toBe(true);
  });

  it.each(['', '/etc/passwd', '../up.txt', 'a/../../b', 'a\\b', 'a//b', 'dir/', 'nul\u0000.txt'])(
    'refuses the unsafe entry name %j before opening anything',
    (name) => {
      expect(() => createZipStream([entry(name, Buffer.from('x'))])).toThrow(TypeError);
    },
  );

  it('refuses duplicate names', () => {
    expect(() => createZipStream([entry('a.jpg', Buffer.from('1')), entry('a.jpg', Buffer.from('2'))])).toThrow(
      /Duplicate/,
    );
  });
});
