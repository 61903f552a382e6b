import { createHash, randomUUID } from 'node:crypto';
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** What the disk driver remembers about one stored file: its MD5 and the file identity it was computed for. */
export interface EtagRecord {
  md5: string;
  identity: string;
  contentType: string | undefined;
}

/** A sidecar as stored: a file moved in whole (a finished upload) gets its MD5 on first use, not while it waits. */
type StoredSidecar = Omit<EtagRecord, 'md5'> & { md5: string | null };

const HASH_BUFFER_BYTES = 1024 * 1024;

/** Inode, size and mtime (ns): what must still match for a sidecar's MD5 to describe the file. */
export function identityOf(stat: fs.BigIntStats): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
}

/**
 * The sidecar of `file` sits beside it. Its name is a hash of the file name (so a 255-byte name still fits the file
 * system's limit) behind the reserved `.~` prefix, so no key can reach it and listings skip it.
 */
export function sidecarPath(file: string): string {
  const digest = createHash('sha1').update(path.basename(file)).digest('hex');
  return path.join(path.dirname(file), `.~etag-${digest}`);
}

/** Writes the sidecar atomically (temp + fsync + rename); the caller fsyncs the folder with its own rename. */
export async function writeSidecar(file: string, record: StoredSidecar): Promise<void> {
  const target = sidecarPath(file);
  const temp = path.join(path.dirname(file), `.~tmp-${randomUUID()}`);
  const handle = await fsp.open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(JSON.stringify(record));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fsp.rename(temp, target);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

async function readSidecar(file: string): Promise<StoredSidecar | null> {
  try {
    const parsed = JSON.parse(await fsp.readFile(sidecarPath(file), 'utf8')) as Partial<StoredSidecar>;
    if ((typeof parsed.md5 !== 'string' && parsed.md5 !== null) || typeof parsed.identity !== 'string') return null;
    return {
      md5: parsed.md5,
      identity: parsed.identity,
      contentType: typeof parsed.contentType === 'string' ? parsed.contentType : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * The ETag record for an open file. A sidecar that does not match the file's identity is ignored and the MD5 is
 * computed from the bytes. Only a missing sidecar, or a matching one still without its MD5, is written back (files
 * copied in by hand and finished uploads are hashed once): a mismatching one may belong to a write that is about to
 * rename its file into place, and must not be replaced.
 */
export async function etagOf(
  file: string,
  stat: fs.BigIntStats,
  hash: () => Promise<string>,
  cache: EtagCache,
): Promise<EtagRecord> {
  const identity = identityOf(stat);
  const cached = cache.get(file);
  if (cached?.identity === identity) return cached;
  const existing = await readSidecar(file);
  const matches = existing?.identity === identity;
  if (matches && existing.md5 !== null) {
    const record = { ...existing, md5: existing.md5 };
    cache.set(file, record);
    return record;
  }
  const record: EtagRecord = { md5: await hash(), identity, contentType: matches ? existing.contentType : undefined };
  if (!existing || matches) {
    await writeSidecar(file, record).catch(() => {});
    if (matches) cache.set(file, record);
  }
  return record;
}

/**
 * Sidecars already read, by file path. Entries are checked against the file's identity like the sidecar itself,
 * so a stale entry is never used; it only saves reading the sidecar on every request for a popular file.
 */
export class EtagCache {
  readonly #records = new Map<string, EtagRecord>();
  constructor(private readonly capacity = 10_000) {}

  get(file: string): EtagRecord | undefined {
    return this.#records.get(file);
  }

  set(file: string, record: EtagRecord): void {
    this.#records.delete(file);
    this.#records.set(file, record);
    if (this.#records.size > this.capacity) {
      const oldest = this.#records.keys().next().value;
      if (oldest !== undefined) this.#records.delete(oldest);
    }
  }
}

/** MD5 of a whole open file by positional reads, so it hashes exactly the file that handle has open. */
export async function hashHandle(handle: fsp.FileHandle): Promise<string> {
  const hash = createHash('md5');
  const buffer = Buffer.allocUnsafe(HASH_BUFFER_BYTES);
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return hash.digest('hex');
}
