import type { Db } from '../db/database';
import { type Derivative, isProof } from '../media/types';
import { type NewJob, newJobRow } from './job-repository';
import { type MediaRecord, type NewMedia, newRow, type ReadyFields, toRecord } from './media-record';

/** A media row's life in the pipeline: inserted hidden with its job, copied, made ready or failed, or undone. */
export function createMediaPipelineRepository(db: Db) {
  return {
    /**
     * Inserts a hidden (processing) row and the job that will finish it, in one transaction: either both exist or
     * neither. Throws the database's unique-violation error when `fullPath` is taken.
     */
    async insertWithJob(media: NewMedia, job: NewJob): Promise<{ media: MediaRecord; jobId: string }> {
      const now = new Date();
      const row = newRow(media, now);
      const jobRow = newJobRow(job, now);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('media').values(row).execute();
        await trx.insertInto('job').values(jobRow).execute();
      });
      return { media: toRecord(row), jobId: jobRow.id };
    },

    /**
     * A ready copy of `source` under another id, folder and name (its files already copied to match). Throws the
     * database's unique-violation error when the id or the path is taken.
     */
    async insertReadyCopy(
      source: MediaRecord,
      copy: Pick<MediaRecord, 'id' | 'folder' | 'name' | 'fullPath' | 'derivatives' | 'customMetadata'>,
    ): Promise<void> {
      const now = new Date();
      const row = newRow({ ...source, ...copy, isDemo: false, position: undefined }, now);
      await db
        .insertInto('media')
        .values({
          ...row,
          md5_hash: source.md5Hash,
          width: source.width,
          height: source.height,
          duration: source.duration,
          placeholder: source.placeholder,
          derivatives: JSON.stringify(copy.derivatives),
          status: 'ready',
          crc32: source.crc32,
        })
        .execute();
    },

    /** With `next`, the job that finishes the item's set is queued in the same transaction: never one without the other. */
    async markReady(id: string, fields: ReadyFields, next?: NewJob): Promise<void> {
      const write = (trx: Db) =>
        trx
          .updateTable('media')
          .set({
            width: fields.width,
            height: fields.height,
            duration: fields.duration,
            placeholder: fields.placeholder,
            derivatives: JSON.stringify(fields.derivatives),
            ...(fields.md5Hash === undefined ? {} : { md5_hash: fields.md5Hash }),
            ...(fields.crc32 === undefined ? {} : { crc32: fields.crc32 }),
            status: 'ready',
            error_code: null,
            updated: new Date().toISOString(),
          })
          .where('id', '=', id)
          .execute();
      if (!next) {
        await write(db);
        return;
      }
      await db.transaction().execute(async (trx) => {
        await write(trx);
        await trx.insertInto('job').values(newJobRow(next)).execute();
      });
    },

    /**
     * Adds `derivatives` to an item's row, keeping every one it lists (proofs included); one the row lists already by
     * role, width and format is left out. A compare-and-swap on the derivatives column, like replaceProofs. Answers
     * the derivatives added; undefined when the row is gone; null when the row no longer lists `madeWith` (an edited
     * version replaced the original meanwhile, so the new files belong to a picture the item no longer shows).
     */
    async addDerivatives(
      id: string,
      derivatives: Derivative[],
      madeWith: string[],
    ): Promise<Derivative[] | null | undefined> {
      for (let attempt = 0; attempt < 10; attempt++) {
        const row = await db.selectFrom('media').select('derivatives').where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        const current = JSON.parse(row.derivatives) as Derivative[];
        const listed = new Set(current.map((item) => item.file));
        if (!madeWith.every((file) => listed.has(file))) return null;
        const sameKind = (a: Derivative, b: Derivative) =>
          a.role === b.role && a.width === b.width && a.format === b.format;
        const added = derivatives.filter((item) => !current.some((have) => sameKind(have, item)));
        if (added.length === 0) return [];
        const result = await db
          .updateTable('media')
          .set({ derivatives: JSON.stringify([...current, ...added]) })
          .where('id', '=', id)
          .where('derivatives', '=', row.derivatives)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return added;
      }
      throw new Error(`The derivatives of ${id} kept changing; the new ones were not recorded.`);
    },

    /**
     * Swaps an item's proofs for `proofs`, keeping every other derivative, and returns the proofs it replaced (their
     * files are the caller's to delete), or undefined when the row is gone. A compare-and-swap on the derivatives
     * column, so a change made to the row meanwhile is never overwritten: the swap is simply made again on it.
     * `madeFrom`, the derivative the proofs were drawn from: when the row no longer lists it (an edited version
     * replaced the original meanwhile), the proofs show a picture the item no longer has, and null is answered.
     */
    async replaceProofs(id: string, proofs: Derivative[], madeFrom?: string): Promise<Derivative[] | undefined | null> {
      for (let attempt = 0; attempt < 10; attempt++) {
        const row = await db.selectFrom('media').select('derivatives').where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        const current = JSON.parse(row.derivatives) as Derivative[];
        if (madeFrom !== undefined && !current.some((item) => item.file === madeFrom)) return null;
        const next = [...current.filter((item) => !isProof(item)), ...proofs];
        const result = await db
          .updateTable('media')
          .set({ derivatives: JSON.stringify(next) })
          .where('id', '=', id)
          .where('derivatives', '=', row.derivatives)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return current.filter(isProof);
      }
      throw new Error(`The derivatives of ${id} kept changing; the proofs were not recorded.`);
    },

    async markFailed(id: string, errorCode: string): Promise<void> {
      await db
        .updateTable('media')
        .set({ status: 'failed', error_code: errorCode, updated: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /** Undoes insertWithJob (the bytes could not be stored): both go, in one transaction. */
    async deleteWithJob(id: string, jobId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('job').where('id', '=', jobId).execute();
        await trx.deleteFrom('media').where('id', '=', id).execute();
      });
    },

    /** Removes the row outright (an ingest that never got its bytes). */
    async deleteRow(id: string): Promise<void> {
      await db.deleteFrom('media').where('id', '=', id).execute();
    },
  };
}
