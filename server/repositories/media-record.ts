import type { Insertable, Selectable } from 'kysely';
import type { MediaTable } from '../db/schema';
import type { Derivative } from '../media/types';

export type MediaStatus = MediaTable['status'];
export type MediaKindFilter = 'all' | 'images' | 'videos';

/** A media row as the server works with it: camelCase, booleans, parsed JSON. Presenters decide what leaves. */
export interface MediaRecord {
  id: string;
  folder: string;
  name: string;
  fullPath: string;
  extension: string;
  contentType: string;
  size: number;
  md5Hash: string;
  generation: string;
  metageneration: number;
  timeCreated: string;
  updated: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  customMetadata: Record<string, string>;
  width: number | null;
  height: number | null;
  duration: number | null;
  isVideo: boolean;
  placeholder: string | null;
  derivatives: Derivative[];
  status: MediaStatus;
  errorCode: string | null;
  position: number;
  isDemo: boolean;
  deletedAt: string | null;
  /** CRC-32 of the original, known once it has been processed (null before, and for rows older than the column). */
  crc32: number | null;
  /**
   * The storage key of the original's bytes: `fullPath`, unless an edited version replaced it (then a key under
   * `_originals/<id>/`, see server/services/media/replace-original.ts). Read and delete the bytes by this key.
   */
  originalKey: string;
  /** When the present original arrived as an edited version; null while it is the one the item was created with. */
  editedAt: string | null;
}

/** What a new (processing) row needs; the rest gets defaults. */
export type NewMedia = Pick<
  MediaRecord,
  'id' | 'folder' | 'name' | 'fullPath' | 'extension' | 'contentType' | 'size' | 'md5Hash' | 'isVideo' | 'isDemo'
> &
  Partial<Pick<MediaRecord, 'cacheControl' | 'contentDisposition' | 'customMetadata' | 'position'>>;

/** What the pipeline learned, written when an item becomes ready. */
export interface ReadyFields {
  width: number;
  height: number;
  duration: number | null;
  placeholder: string | null;
  derivatives: Derivative[];
  /** Checksums of the original from the job's read of it; uploads are stored before anything hashes them. */
  md5Hash?: string;
  crc32?: number;
}

/** Keyset cursor of a gallery page: the last item's position and id. */
export interface GalleryCursor {
  position: number;
  id: string;
}

/** The columns of migration 021, which a new row leaves out (see MediaTable.original_key). */
type ReplacementColumns = 'original_key' | 'edited_at';
/** A media row as read, or as a new row is written. */
type MediaRow = Omit<Selectable<MediaTable>, ReplacementColumns> & Partial<Pick<MediaTable, ReplacementColumns>>;

/** Maps a row to the record the server works with (shared with the admin repository). */
export function toRecord(row: MediaRow): MediaRecord {
  return {
    id: row.id,
    folder: row.folder,
    name: row.name,
    fullPath: row.full_path,
    extension: row.extension,
    contentType: row.content_type,
    size: Number(row.size),
    md5Hash: row.md5_hash,
    generation: row.generation,
    metageneration: row.metageneration,
    timeCreated: row.time_created,
    updated: row.updated,
    cacheControl: row.cache_control,
    contentDisposition: row.content_disposition,
    contentEncoding: row.content_encoding,
    contentLanguage: row.content_language,
    customMetadata: JSON.parse(row.custom_metadata) as Record<string, string>,
    width: row.width,
    height: row.height,
    duration: row.duration === null ? null : Number(row.duration),
    isVideo: Number(row.is_video) === 1,
    placeholder: row.placeholder,
    derivatives: JSON.parse(row.derivatives) as Derivative[],
    status: row.status,
    errorCode: row.error_code,
    position: Number(row.position),
    isDemo: Number(row.is_demo) === 1,
    deletedAt: row.deleted_at,
    crc32: row.crc32 === null ? null : Number(row.crc32),
    originalKey: row.original_key ?? row.full_path,
    editedAt: row.edited_at ?? null,
  };
}

export function newRow(media: NewMedia, now: Date): Insertable<MediaTable> & MediaRow {
  const at = now.toISOString();
  return {
    id: media.id,
    folder: media.folder,
    name: media.name,
    full_path: media.fullPath,
    extension: media.extension,
    content_type: media.contentType,
    size: media.size,
    md5_hash: media.md5Hash,
    // Like the original storage service: the generation is the creation time in microseconds.
    generation: String(now.getTime() * 1000),
    metageneration: 1,
    time_created: at,
    updated: at,
    cache_control: media.cacheControl ?? null,
    content_disposition: media.contentDisposition ?? null,
    content_encoding: null,
    content_language: null,
    custom_metadata: JSON.stringify(media.customMetadata ?? {}),
    width: null,
    height: null,
    duration: null,
    is_video: media.isVideo ? 1 : 0,
    placeholder: null,
    derivatives: '[]',
    status: 'processing',
    error_code: null,
    // Newest first by default: a later upload gets a smaller position. The admin's reordering writes values between.
    position: media.position ?? -now.getTime(),
    is_demo: media.isDemo ? 1 : 0,
    deleted_at: null,
    crc32: null,
  };
}
