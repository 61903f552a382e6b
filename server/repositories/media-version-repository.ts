import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { MediaVersionTable } from '../db/schema';
import type { Derivative } from '../media/types';
import { allOrNothing } from './all-or-nothing';
import { type NewJob, newJobRow } from './job-repository';
import type { MediaRecord } from './media-record';

/** A previous original of an item, kept to be restored. */
export interface MediaVersionRecord {
  id: string;
  mediaId: string;
  storageKey: string;
  size: number;
  md5Hash: string;
  crc32: number | null;
  contentType: string;
  extension: string;
  /** The name the file had when it was uploaded. */
  originalName: string;
  /** When it had arrived as an edited version; null for the item's first original. */
  editedAt: string | null;
  replacedAt: string;
}

/** The original that takes an item's place: its bytes (already stored) and what deriving them gave. */
export interface IncomingOriginal {
  key: string;
  size: number;
  contentType: string;
  md5Hash: string;
  crc32: number;
  /** The name the file was uploaded under (the item keeps its own name). */
  uploadedName: string;
  editedAt: string | null;
  width: number;
  height: number;
  duration: number | null;
  placeholder: string | null;
  /** Its clean derivatives; proofs are made again for it. */
  derivatives: Derivative[];
}

export interface OriginalSwap {
  /** The item as read before its new original was derived; the swap happens only if its original is still this one. */
  previous: MediaRecord;
  /** Where the previous original's bytes stay from now on (a key under `_originals/`, never a name path). */
  keptKey: string;
  /** The id of the version the previous original becomes. */
  versionId: string;
  incoming: IncomingOriginal;
  /** The version that becomes the original again (a restore): its row goes in the same transaction. */
  restoring?: string;
  at: Date;
}

function toVersion(row: Selectable<MediaVersionTable>): MediaVersionRecord {
  return {
    id: row.id,
    mediaId: row.media_id,
    storageKey: row.storage_key,
    size: Number(row.size),
    md5Hash: row.md5_hash,
    crc32: row.crc32 === null ? null : Number(row.crc32),
    contentType: row.content_type,
    extension: row.extension,
    originalName: row.original_name,
    editedAt: row.edited_at,
    replacedAt: row.replaced_at,
  };
}

/** The name an item's original was uploaded under, as the ingest recorded it (the item's own name otherwise). */
export function uploadedNameOf(record: MediaRecord): string {
  return record.customMetadata.originalName ?? record.name;
}

/** Kept previous originals, the swap that replaces an item's original, and what the sweeps need to know. */
export function createMediaVersionRepository(db: Db) {
  return {
    /** An item's kept versions, the most recently replaced first. */
    async listOf(mediaId: string): Promise<MediaVersionRecord[]> {
      const rows = await db
        .selectFrom('media_version')
        .selectAll()
        .where('media_id', '=', mediaId)
        .orderBy('replaced_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toVersion);
    },

    async find(mediaId: string, versionId: string): Promise<MediaVersionRecord | undefined> {
      const row = await db
        .selectFrom('media_version')
        .selectAll()
        .where('id', '=', versionId)
        .where('media_id', '=', mediaId)
        .executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    /** Versions replaced before `before`, oldest first. */
    async listReplacedBefore(before: Date, limit: number): Promise<MediaVersionRecord[]> {
      const rows = await db
        .selectFrom('media_version')
        .selectAll()
        .where('replaced_at', '<', before.toISOString())
        .orderBy('replaced_at')
        .limit(limit)
        .execute();
      return rows.map(toVersion);
    },

    /** Deletes a version's row; false when it was gone already (restored meanwhile, or swept by another instance). */
    async deleteRow(id: string): Promise<boolean> {
      const result = await db.deleteFrom('media_version').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * The swap, in one transaction: the previous original becomes a version (and a restored version's row goes), and
     * the row takes the incoming original, its checksums, size in pixels and derivatives. A compare-and-swap on what
     * the swap replaces (the original's key, the derivatives, the metadata's generation): false, and nothing changed,
     * when the row is no longer as read (another replacement came first, proofs were recorded, the metadata changed),
     * the item is gone, or the version being restored was swept meanwhile.
     */
    async swapOriginal(swap: OriginalSwap): Promise<boolean> {
      const { previous, incoming } = swap;
      const at = swap.at.toISOString();
      return allOrNothing(db, async (trx) => {
        if (swap.restoring !== undefined) {
          const gone = await trx
            .deleteFrom('media_version')
            .where('id', '=', swap.restoring)
            .where('media_id', '=', previous.id)
            .executeTakeFirst();
          if (Number(gone.numDeletedRows) !== 1) return false;
        }
        await trx
          .insertInto('media_version')
          .values({
            id: swap.versionId,
            media_id: previous.id,
            storage_key: swap.keptKey,
            size: previous.size,
            md5_hash: previous.md5Hash,
            crc32: previous.crc32,
            content_type: previous.contentType,
            extension: previous.extension,
            original_name: uploadedNameOf(previous).slice(0, 500),
            edited_at: previous.editedAt,
            replaced_at: at,
          })
          .execute();
        const updated = await trx
          .updateTable('media')
          .set({
            original_key: incoming.key,
            size: incoming.size,
            content_type: incoming.contentType,
            md5_hash: incoming.md5Hash,
            crc32: incoming.crc32,
            width: incoming.width,
            height: incoming.height,
            duration: incoming.duration,
            placeholder: incoming.placeholder,
            derivatives: JSON.stringify(incoming.derivatives),
            custom_metadata: JSON.stringify({
              ...previous.customMetadata,
              originalName: incoming.uploadedName.slice(0, 500),
            }),
            edited_at: incoming.editedAt,
            // As the storage service does when an object is overwritten: a new generation, from the time.
            generation: String(swap.at.getTime() * 1000),
            metageneration: 1,
            updated: at,
          })
          .where('id', '=', previous.id)
          .where((eb) => eb(eb.fn.coalesce('original_key', 'full_path'), '=', previous.originalKey))
          // Rows hold the derivatives as JSON.stringify wrote them, so the text read back is the text stored.
          .where('derivatives', '=', JSON.stringify(previous.derivatives))
          .where('metageneration', '=', previous.metageneration)
          .executeTakeFirst();
        return Number(updated.numUpdatedRows) === 1;
      });
    },

    /**
     * Which of `keys` an item's original or a kept version is stored under. One statement, so one snapshot: a key
     * that a swap moves from a version to an item (or back) meanwhile is seen on one side or the other.
     */
    async keysInUse(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('media')
        .select('original_key as key')
        .where('original_key', 'in', keys)
        .unionAll(db.selectFrom('media_version').select('storage_key as key').where('storage_key', 'in', keys))
        .execute();
      return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
    },

    /** The payloads of the queued and running jobs of `type` (the replacements still to make). */
    async pendingPayloads(type: string): Promise<unknown[]> {
      const rows = await db
        .selectFrom('job')
        .select('payload')
        .where('type', '=', type)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return rows.map((row) => JSON.parse(row.payload) as unknown);
    },

    /**
     * Queues `job` under `id` (an id derived from what it works on, so the same work is never queued twice: a
     * second call finds the first job and answers false).
     */
    async enqueueWithId(id: string, job: NewJob): Promise<boolean> {
      const existing = await db.selectFrom('job').select('id').where('id', '=', id).executeTakeFirst();
      if (existing) return false;
      await db
        .insertInto('job')
        .values({ ...newJobRow(job), id })
        .execute();
      return true;
    },
  };
}

export type MediaVersionRepository = ReturnType<typeof createMediaVersionRepository>;
