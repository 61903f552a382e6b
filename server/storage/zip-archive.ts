import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { centralHeader, dataDescriptor, endRecords, localHeader, type PlannedEntry, planZip } from './zip-layout';

export interface ZipEntrySource {
  /** The path inside the archive, '/'-separated; any Unicode (stored as UTF-8, flag bit 11). */
  name: string;
  /** The exact byte count `open()` will deliver; the archive fails if it differs. */
  size: number;
  modified: Date;
  /**
   * The CRC-32 of the bytes `open()` delivers, when it is already known (the ingest job records it): computing it
   * over every byte is the slowest part of streaming an archive. Unknown entries are computed while streaming.
   */
  crc32?: number;
  /** Opened only when the entry's turn comes, so one source is open at a time. */
  open: () => Promise<Readable>;
}

export interface ZipStreamOptions {
  /** Write ZIP64 records even when nothing needs them (for tests of the ZIP64 path). */
  forceZip64?: boolean;
}

/** An entry delivered more or fewer bytes than declared; the archive is failed rather than emitted corrupt. */
export class ZipEntrySizeError extends Error {
  constructor(
    readonly entryName: string,
    readonly declared: number,
    readonly actual: number,
  ) {
    super(`ZIP entry "${entryName}" has ${actual} bytes, not the declared ${declared}.`);
    this.name = 'ZipEntrySizeError';
  }
}

const MAX_NAME_BYTES = 0xffff;
const SMALL_CHUNK_BYTES = 64 * 1024;

function checkEntries(entries: ZipEntrySource[]): Buffer[] {
  const seen = new Set<string>();
  return entries.map(({ name, size }) => {
    const segments = name.split('/');
    const nameBytes = Buffer.from(name, 'utf8');
    if (
      name === '' ||
      name.includes('\\') ||
      /\p{Cc}/u.test(name) ||
      segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
      nameBytes.length > MAX_NAME_BYTES
    ) {
      throw new TypeError(`Not a safe ZIP entry name: ${JSON.stringify(name)}`);
    }
    if (seen.has(name)) throw new TypeError(`Duplicate ZIP entry name: ${JSON.stringify(name)}`);
    seen.add(name);
    if (!Number.isSafeInteger(size) || size < 0) throw new TypeError(`Not a valid size for ${JSON.stringify(name)}`);
    return nameBytes;
  });
}

/**
 * Streams a STORED (uncompressed) ZIP of `entries` and says its exact length in advance, so a download can send
 * Content-Length. Each entry's CRC-32 (the recorded one, or else computed while streaming by native zlib.crc32) is
 * written in its data descriptor; ZIP64 records appear wherever sizes, offsets or the entry count overflow the classic fields.
 *
 * Photos and videos are already compressed, so storing costs nothing in size and keeps the speed near a plain
 * copy. Destroying the returned stream destroys the entry source being read at once. Entry names must be relative
 * and unique (a TypeError is thrown otherwise, before anything is opened).
 */
export function createZipStream(
  entries: ZipEntrySource[],
  options: ZipStreamOptions = {},
): { stream: Readable; length: number } {
  const names = checkEntries(entries);
  const plan = planZip(
    entries.map((entry, i) => ({ nameBytes: names[i] ?? Buffer.alloc(0), size: entry.size, modified: entry.modified })),
    options.forceZip64,
  );
  const stream = new ZipReadable(entries, plan.entries, () => endRecords(plan));
  return { stream, length: plan.length };
}

class ZipAborted extends Error {}

class ZipReadable extends Readable {
  #started = false;
  #source: Readable | null = null;
  #resume: (() => void) | null = null;
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  constructor(
    private readonly sources: ZipEntrySource[],
    private readonly planned: PlannedEntry[],
    private readonly end: () => Buffer,
  ) {
    super({ highWaterMark: 1024 * 1024 });
  }

  override _read(): void {
    if (this.#started) {
      this.#wake();
      return;
    }
    this.#started = true;
    this.#run().then(
      () => {
        if (!this.destroyed) this.push(null);
      },
      (error: unknown) => {
        if (!(error instanceof ZipAborted)) this.destroy(error as Error);
      },
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#source?.destroy();
    this.#source = null;
    this.#wake();
    callback(error);
  }

  #wake(): void {
    const resume = this.#resume;
    this.#resume = null;
    resume?.();
  }

  /**
   * Hands a chunk to the consumer; false when it is full. Small pieces (headers, descriptors, tiny files) are
   * gathered into blocks of about 64 KiB first: pushed one by one they cost a write each downstream, which
   * dominates archives of many small files.
   */
  #write(chunk: Buffer): boolean {
    if (chunk.length < SMALL_CHUNK_BYTES) {
      this.#pending.push(chunk);
      this.#pendingBytes += chunk.length;
      return this.#pendingBytes < SMALL_CHUNK_BYTES || this.#flush();
    }
    const flushed = this.#flush();
    return this.push(chunk) && flushed;
  }

  #flush(): boolean {
    if (this.#pending.length === 0) return true;
    const block = this.#pending.length === 1 ? (this.#pending[0] as Buffer) : Buffer.concat(this.#pending);
    this.#pending = [];
    this.#pendingBytes = 0;
    return this.push(block);
  }

  /** Resolves when the consumer asks for more; rejects with ZipAborted once the stream is destroyed. */
  async #demand(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#resume = resolve;
    });
    if (this.destroyed) throw new ZipAborted();
  }

  async #emit(chunk: Buffer): Promise<void> {
    if (this.destroyed) throw new ZipAborted();
    if (!this.#write(chunk)) await this.#demand();
  }

  async #run(): Promise<void> {
    const crcs: number[] = [];
    for (const [index, entry] of this.planned.entries()) {
      const source = this.sources[index];
      if (!source) throw new Error('ZIP plan and entries differ');
      await this.#emit(localHeader(entry));
      crcs.push(await this.#copyEntry(source, entry));
    }
    for (const [index, entry] of this.planned.entries()) await this.#emit(centralHeader(entry, crcs[index] ?? 0));
    await this.#emit(this.end());
    if (!this.#flush()) await this.#demand();
  }

  async #copyEntry(source: ZipEntrySource, entry: PlannedEntry): Promise<number> {
    const input = await source.open();
    if (this.destroyed) {
      input.destroy();
      throw new ZipAborted();
    }
    this.#source = input;
    const known = source.crc32;
    let crc = 0;
    let count = 0;
    try {
      // Event-driven rather than `for await`: no promise per chunk, and backpressure simply pauses the source.
      await new Promise<void>((resolve, reject) => {
        input.on('data', (chunk: Buffer | string) => {
          if (this.destroyed) return;
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          count += bytes.length;
          if (count > entry.size) return reject(new ZipEntrySizeError(source.name, entry.size, count));
          if (known === undefined) crc = crc32(bytes, crc);
          if (!this.#write(bytes)) {
            input.pause();
            this.#resume = () => input.resume();
          }
        });
        input.once('end', () => resolve());
        input.once('error', reject);
        input.once('close', () => (input.readableEnded ? resolve() : reject(new ZipAborted())));
      });
    } finally {
      this.#source = null;
      // Wait for the source to be fully closed (its file descriptor or socket released) before the next opens.
      await finished(input.destroy()).catch(() => {});
    }
    if (this.destroyed) throw new ZipAborted();
    if (count !== entry.size) throw new ZipEntrySizeError(source.name, entry.size, count);
    const entryCrc = known ?? crc;
    await this.#emit(dataDescriptor(entry, entryCrc));
    return entryCrc;
  }
}
