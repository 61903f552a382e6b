import fsp from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import { isDiskFull } from '../errors';
import { refusal } from './tus-refusal';

/**
 * How much of a PATCH body may wait in memory for the disk. The file store's default (16 KiB, Node's) pauses the
 * socket after every few packets and made a 2 GiB upload over loopback three times slower; 16 MiB keeps the socket
 * flowing and bounds the memory one upload can take.
 */
const WRITE_BUFFER_BYTES = 16 * 1024 * 1024;

/**
 * Bytes written between two background flushes to disk. The upload's file is flushed while it grows, so when the
 * last byte arrives only the tail is still in the page cache and the final fsync (before the file becomes an
 * object) is short instead of a pause of a second or more per 2 GiB.
 */
const FLUSH_EVERY_BYTES = 64 * 1024 * 1024;

/**
 * @tus/file-store with the write path tuned for large files: a deep write buffer, and the file flushed to disk in
 * the background as it grows. Everything else (offsets, metadata, expiry, termination) is the library's.
 */
export class StreamingFileStore extends FileStore {
  /**
   * A create that fails (the disk filled up while the upload's record was written) leaves neither the empty file
   * nor a truncated record behind: a record that does not parse would break every later look at the directory.
   */
  override async create(upload: Upload): Promise<Upload> {
    try {
      return await super.create(upload);
    } catch (error) {
      await fsp.rm(path.resolve(this.directory, upload.id), { force: true });
      await fsp.rm(path.resolve(this.directory, `${upload.id}.json`), { force: true });
      throw error;
    }
  }

  override async write(readable: http.IncomingMessage | Readable, fileId: string, offset: number): Promise<number> {
    const handle = await fsp.open(path.resolve(this.directory, fileId), 'r+');
    let received = 0;
    let unflushed = 0;
    let flushing: Promise<void> | null = null;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        unflushed += chunk.length;
        if (unflushed >= FLUSH_EVERY_BYTES && flushing === null) {
          unflushed = 0;
          // datasync covers what has been written so far; writes go on meanwhile. Failures surface at the final sync.
          flushing = handle
            .datasync()
            .catch(() => {})
            .finally(() => {
              flushing = null;
            });
        }
        callback(null, chunk);
      },
      // The handle closes with the write stream (its close waits for a datasync still running, too).
      flush(callback) {
        Promise.resolve(flushing).then(() => callback(), callback);
      },
    });
    try {
      await pipeline(readable, counter, handle.createWriteStream({ start: offset, highWaterMark: WRITE_BUFFER_BYTES }));
    } catch (error) {
      // What reached the file still counts: a HEAD reads the offset from the file's size and the client resumes there.
      // A full disk goes up as it is, for the tus server's onResponseError to answer 507 disk-full.
      if (isDiskFull(error)) throw error;
      throw refusal('internal-error', 500, 'Upload failed.');
    }
    return offset + received;
  }
}
