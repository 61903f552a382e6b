import type { Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { RESERVED_SEGMENT_PREFIX } from './keys';
import { InvalidStorageArgumentError } from './storage';

/** One name in a listing page: an object key, or a rolled-up prefix ending with the delimiter. */
export interface ListEntry {
  name: string;
  kind: 'object' | 'prefix';
}

/** Temporary files and ETag sidecars of the disk driver. */
export function isReservedName(name: string): boolean {
  return name.startsWith(RESERVED_SEGMENT_PREFIX);
}

/** S3 orders keys by their UTF-8 bytes; JavaScript's default string order differs for characters above U+FFFF. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** The page token is the last name of the previous page; encoded so callers treat it as opaque. */
export function encodePageToken(lastName: string): string {
  return Buffer.from(JSON.stringify({ after: lastName })).toString('base64url');
}

export function decodePageToken(token: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed.after === 'string' && parsed.after !== '') return parsed.after;
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidStorageArgumentError('The page token is not valid.');
}

async function readFolder(dir: string): Promise<Dirent[]> {
  try {
    return await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** True when the folder holds at least one object somewhere below it (leftover temp files do not count). */
async function holdsAnyObject(dir: string): Promise<boolean> {
  const entries = await readFolder(dir);
  if (entries.some((entry) => entry.isFile() && !isReservedName(entry.name))) return true;
  for (const entry of entries) {
    if (entry.isDirectory() && !isReservedName(entry.name) && (await holdsAnyObject(path.join(dir, entry.name)))) {
      return true;
    }
  }
  return false;
}

/** Every object key below `dir` (whose key is `dirKey`), depth first. Symbolic links are not followed. */
async function walk(dir: string, dirKey: string, namePrefix: string, into: string[]): Promise<void> {
  for (const entry of await readFolder(dir)) {
    if (isReservedName(entry.name) || !entry.name.startsWith(namePrefix)) continue;
    if (entry.isFile()) into.push(dirKey + entry.name);
    else if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${dirKey}${entry.name}/`, '', into);
  }
}

/**
 * All names a listing of `prefix` returns, sorted. With the usual '/' delimiter only the prefix's own folder is
 * read; any other delimiter walks the tree below the prefix and rolls keys up the way S3 does.
 */
export async function listCandidates(
  root: string,
  prefix: string,
  delimiter: string | undefined,
): Promise<ListEntry[]> {
  const cut = prefix.lastIndexOf('/') + 1;
  const dirKey = prefix.slice(0, cut);
  const namePrefix = prefix.slice(cut);
  const dir = path.join(root, ...dirKey.split('/').filter(Boolean));
  const entries: ListEntry[] = [];

  if (delimiter === '/') {
    for (const entry of await readFolder(dir)) {
      if (isReservedName(entry.name) || !entry.name.startsWith(namePrefix)) continue;
      if (entry.isFile()) entries.push({ name: dirKey + entry.name, kind: 'object' });
      else if (entry.isDirectory() && (await holdsAnyObject(path.join(dir, entry.name)))) {
        entries.push({ name: `${dirKey}${entry.name}/`, kind: 'prefix' });
      }
    }
  } else {
    const keys: string[] = [];
    await walk(dir, dirKey, namePrefix, keys);
    const prefixes = new Set<string>();
    for (const key of keys) {
      const at = delimiter === undefined ? -1 : key.indexOf(delimiter, prefix.length);
      if (at < 0 || delimiter === undefined) entries.push({ name: key, kind: 'object' });
      else prefixes.add(key.slice(0, at + delimiter.length));
    }
    for (const name of prefixes) entries.push({ name, kind: 'prefix' });
  }
  return entries.sort((a, b) => compareKeys(a.name, b.name));
}

/** The entries after `after`, at most `maxResults`; `last` is set only when more entries follow. */
export function paginate(
  entries: ListEntry[],
  after: string | undefined,
  maxResults: number,
): { entries: ListEntry[]; last: string | undefined } {
  const remaining = after === undefined ? entries : entries.filter((entry) => compareKeys(entry.name, after) > 0);
  const page = remaining.slice(0, maxResults);
  return { entries: page, last: remaining.length > maxResults ? page.at(-1)?.name : undefined };
}
