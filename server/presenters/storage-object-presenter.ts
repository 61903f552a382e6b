import type { MediaRecord } from '../repositories/media-repository';
import type { ObjectMetadata } from '../routes/storage/schema';

/**
 * A media row as a stored object, with the metadata fields the original storage service reported for each object.
 * `generation` and `metageneration` are decimal strings, as that service gives them; `md5Hash` is base64.
 */
export function presentObject(record: MediaRecord, bucket: string): ObjectMetadata {
  return {
    bucket,
    name: record.name,
    fullPath: record.fullPath,
    size: record.size,
    contentType: record.contentType,
    md5Hash: record.md5Hash,
    generation: record.generation,
    metageneration: String(record.metageneration),
    timeCreated: record.timeCreated,
    updated: record.updated,
    cacheControl: record.cacheControl,
    contentDisposition: record.contentDisposition,
    contentEncoding: record.contentEncoding,
    contentLanguage: record.contentLanguage,
    customMetadata: record.customMetadata,
  };
}
