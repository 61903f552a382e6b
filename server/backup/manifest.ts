import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { UPLOADS_PREFIX } from '../uploads/s3-upload-store';

/** The file a snapshot folder is recognised by. It is written last, so a folder without it is not a snapshot. */
export const MANIFEST_FILE = 'manifest.json';
/** The SQLite copy, or PostgreSQL's dump in pg_dump's custom format. */
export const SQLITE_FILE = 'app.db';
export const PG_DUMP_FILE = 'database.pgdump';

export function databaseFileOf(kind: 'sqlite' | 'postgres'): string {
  return kind === 'sqlite' ? SQLITE_FILE : PG_DUMP_FILE;
}

/** Media bytes of a disk-stored site, under their storage keys. */
export const MEDIA_FOLDER = 'media';
/** Files of DATA_DIR that are neither the database nor media but are needed to read them (the signing key). */
export const DATA_FILES = ['auth-secret'] as const;

/**
 * The tus store's unfinished uploads in the bucket. They are not part of a snapshot (a partial upload is not the
 * site's data, and it is gone once the upload finishes); a restore also passes over them in a snapshot made before
 * they were left out.
 */
export function isUnfinishedUpload(key: string): boolean {
  return key.startsWith(UPLOADS_PREFIX);
}

const fileEntry = z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string() });
const objectEntry = z.object({ key: z.string(), size: z.number().int().nonnegative(), etag: z.string() });

export const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  storage: z.enum(['disk', 's3']),
  /** Every file in the snapshot folder but the manifest, with its hash: a restore checks each before using it. */
  files: z.array(fileEntry),
  /** S3 only: the objects as they were listed (the bytes stay in the bucket; its versioning keeps old ones). */
  objects: z.array(objectEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileEntry>;

/** Streams `source` into `file` (making its folder), returning the bytes written and their SHA-256. */
export async function writeHashed(source: Readable, file: string): Promise<{ size: number; sha256: string }> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  source.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  await pipeline(source, fs.createWriteStream(file, { flags: 'wx' }));
  return { size, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new Error(`${dir} is not a complete snapshot: ${MANIFEST_FILE} is missing.`);
  return manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Every file's size and hash match the manifest; throws naming the first that does not. */
export async function verifySnapshot(dir: string, manifest: Manifest): Promise<void> {
  for (const entry of manifest.files) {
    const file = path.join(dir, entry.path);
    if (!fs.existsSync(file)) throw new Error(`The snapshot is damaged: ${entry.path} is missing.`);
    const actual = await hashFile(file);
    if (actual.sha256 !== entry.sha256 || actual.size !== entry.size) {
      throw new Error(`The snapshot is damaged: ${entry.path} does not match its recorded hash.`);
    }
  }
}
