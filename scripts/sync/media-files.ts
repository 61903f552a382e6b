import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_EXTENSIONS, type MediaExtension } from '../../shared/file-names';

/** The content type of a photo or video the site accepts, by its extension; undefined for any other file. */
export function mediaTypeOf(file: string): string | undefined {
  const extension = path.extname(file).slice(1).toLowerCase();
  return Object.hasOwn(MEDIA_EXTENSIONS, extension) ? MEDIA_EXTENSIONS[extension as MediaExtension] : undefined;
}

/** Hidden files and folders (the state folder, .DS_Store, editors' temporary files) are never sent. */
export function isHidden(relative: string): boolean {
  return relative.split(path.sep).some((part) => part.startsWith('.'));
}

/** Every photo and video under `folder`, as paths relative to it, sorted (sub-folders included). */
export function listMediaFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(folder, path.join(entry.parentPath, entry.name));
    if (!isHidden(relative) && mediaTypeOf(relative)) found.push(relative);
  }
  return found.sort();
}

/** The MD5 of a file's bytes in base64: the form the server keeps (media.md5_hash) and answers about. */
export async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}
