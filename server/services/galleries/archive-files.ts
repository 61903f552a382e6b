import { type ArchiveSize, WEB_SIZE_PIXELS } from '../../../shared/archive-paths';
import { extensionOf, withExtension } from '../../../shared/file-names';
import { type Derivative, derivativeKey } from '../../media/types';
import type { MediaRecord } from '../../repositories/media-record';

/** One file of a Download All: its name in the ZIP, where it is stored, and what is known of it in advance. */
export interface ArchiveFile {
  name: string;
  key: string;
  size: number;
  crc32?: number;
  modified: Date;
}

/**
 * The file a web-size download holds for an item, when the pipeline made one. A picture: its widest rendition up to
 * WEB_SIZE_PIXELS in the format every program opens (JPEG, or PNG for a picture with transparency): the 2400 px file
 * the viewer shows, never a new resize; a picture smaller than that has its own width among the renditions. A video
 * has no such still: its browser-playable MP4 copy (the same picture, in a file every phone plays) when the original
 * needed one, else nothing, and the original goes in.
 */
export function webSizeRendition(record: Pick<MediaRecord, 'isVideo' | 'derivatives'>): Derivative | undefined {
  if (record.isVideo) return record.derivatives.find((derivative) => derivative.role === 'video');
  const candidates = record.derivatives.filter(
    (derivative) =>
      derivative.role === 'image' &&
      (derivative.format === 'jpeg' || derivative.format === 'png') &&
      derivative.width <= WEB_SIZE_PIXELS,
  );
  return candidates.reduce<Derivative | undefined>(
    (widest, derivative) => (widest && widest.width >= derivative.width ? widest : derivative),
    undefined,
  );
}

/** `IMG_1.jpg` taken twice becomes `IMG_1.jpg` and `IMG_1 (2).jpg` (two originals may share a name once re-encoded). */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate);
  return candidate;
}

/**
 * The files of a Download All of `records` at `size`: the originals under their own names, or each item's web-size
 * rendition named after its original with the rendition's extension (`IMG_1234.CR2` → `IMG_1234.jpg`); an item
 * without one goes in as its original.
 */
export function archiveFiles(records: MediaRecord[], size: ArchiveSize): ArchiveFile[] {
  const taken = new Set<string>();
  return records.map((record) => {
    // An edited version is dated when it replaced the original.
    const modified = new Date(record.editedAt ?? record.timeCreated);
    const rendition = size === 'web' ? webSizeRendition(record) : undefined;
    if (!rendition) {
      const name = uniqueName(record.name, taken);
      return { name, key: record.originalKey, size: record.size, crc32: record.crc32 ?? undefined, modified };
    }
    const name = uniqueName(withExtension(record.name, extensionOf(rendition.file)), taken);
    return { name, key: derivativeKey(record.id, rendition.file), size: rendition.size, modified };
  });
}
